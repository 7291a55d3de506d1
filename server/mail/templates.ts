import type { Language } from '../../contract/fields';
import { html } from './html';
import type { Mail } from './mailer';

/**
 * A mail from us must not carry a user's words where ours are expected: a first name of
 * `there. URGENT: verify at https://evil.example/login` at the top of the mail would read as our
 * instruction, with its link first. So a name appears only when it looks like a name (letters,
 * at most two words, a hyphen or an apostrophe, 30 characters); anything else is left out and
 * the greeting names nobody. In the HTML part every value is escaped (./html.ts).
 */

const NAME_SHAPED = /^\p{L}[\p{L}\p{M}'’-]*(?: \p{L}[\p{L}\p{M}'’-]*)?$/u;
const MAX_NAME_LENGTH = 30;

/** The first name when it is plainly a name, else nothing (no URL, no punctuation, no newline). */
export function greetingName(firstName: string): string | undefined {
  const name = firstName.normalize('NFC').trim();
  return name.length <= MAX_NAME_LENGTH && NAME_SHAPED.test(name) ? name : undefined;
}

type ResetTexts = {
  subject: string;
  greeting: (name: string | undefined) => string;
  request: string;
  button: string;
  fallback: string;
  expiry: string;
};

const resetTexts = {
  en: {
    subject: 'Reset your password',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    request: 'We received a request to reset the password of your Orbita account. Open this link to choose a new one:',
    button: 'Choose a new password',
    fallback: 'If the link does not open, copy this address into your browser:',
    expiry:
      'The link works once and expires in 60 minutes. If you did not ask for it, ignore this mail: your password stays as it is.',
  },
  it: {
    subject: 'Reimposta la tua password',
    greeting: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
    request:
      'abbiamo ricevuto una richiesta di reimpostazione della password del tuo account Orbita. Apri questo link per sceglierne una nuova:',
    button: 'Scegli una nuova password',
    fallback: 'Se il link non si apre, copia questo indirizzo nel browser:',
    expiry:
      'Il link funziona una sola volta e scade tra 60 minuti. Se non hai fatto tu la richiesta, ignora questa email: la password resta invariata.',
  },
} satisfies Record<Language, ResetTexts>;

/**
 * Written in the account's language, not the requester's: the mail goes to the owner. `link`
 * is ours (the app's address and the token); it is the mail's only link.
 */
export function passwordResetMail(user: { email: string; firstName: string; language: Language }, link: string): Mail {
  const t = resetTexts[user.language];
  const greeting = t.greeting(greetingName(user.firstName));
  const text = `${greeting}\n\n${t.request}\n\n${link}\n\n${t.expiry}\n`;
  const body = html`<!doctype html>
    <html lang="${user.language}">
      <head>
        <meta charset="utf-8" />
        <title>${t.subject}</title>
      </head>
      <body>
        <p>${greeting}</p>
        <p>${t.request}</p>
        <p><a href="${link}">${t.button}</a></p>
        <p>${t.fallback}<br />${link}</p>
        <p>${t.expiry}</p>
      </body>
    </html> `;
  return { to: user.email, subject: t.subject, text, html: body.toString() };
}
