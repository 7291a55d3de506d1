/**
 * Everything a deployment needs (docs/deploy.md): the settings the tests of "never in a
 * deployment" start from, so each does not spell out its own copy.
 */
export const DEPLOYMENT_ENV = {
  DEPLOYMENT: '1',
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u:p@db:5432/app',
  APP_URL: 'https://social.example.com/',
  // Values as `openssl rand` makes them: a deployment refuses guessable ones (server/security/secret-strength.ts).
  JWT_SECRET: 'tV3q8LmZp0Rk2WnY7bXc5Hs1Gd9Fj4Ae6Ui8Oo3Pl7Kq',
  FACEBOOK_APP_SECRET: '5f0c9a2e7b14d6839e0a4c7f21b86d53',
  TOKEN_ENCRYPTION_KEY: 'Sd8iwD57FdaSVtJ6J45+SygzrOwPLXcHIsWGkiyppV8=',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  MAIL_FROM: 'Orbita <no-reply@social.example.com>',
};
