/**
 * Everything a deployment needs (docs/deploy.md): the settings the tests of "never in a
 * deployment" start from, so each does not spell out its own copy.
 */
export const DEPLOYMENT_ENV = {
  DEPLOYMENT: '1',
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u:p@db:5432/app',
  APP_URL: 'https://social.example.com/',
  JWT_SECRET: 'x'.repeat(40),
  FACEBOOK_APP_SECRET: 'f'.repeat(32),
  TOKEN_ENCRYPTION_KEY: 'k'.repeat(43),
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  MAIL_FROM: 'Orbita <no-reply@social.example.com>',
};
