import type { Language } from '../../contract/fields';
import type { Mail } from './mailer';

const resetTexts = {
  en: {
    subject: 'Reset your password',
    body: (firstName: string, link: string) =>
      `Hello ${firstName},\n\n` +
      'We received a request to reset the password of your account. Open this link to choose a new one:\n\n' +
      `${link}\n\n` +
      'The link works once and expires in 60 minutes. If you did not ask for it, ignore this mail: your password stays as it is.\n',
  },
  it: {
    subject: 'Reimposta la tua password',
    body: (firstName: string, link: string) =>
      `Ciao ${firstName},\n\n` +
      'abbiamo ricevuto una richiesta di reimpostazione della password del tuo account. Apri questo link per sceglierne una nuova:\n\n' +
      `${link}\n\n` +
      'Il link funziona una sola volta e scade tra 60 minuti. Se non hai fatto tu la richiesta, ignora questa email: la password resta invariata.\n',
  },
} satisfies Record<Language, { subject: string; body: (firstName: string, link: string) => string }>;

/** Written in the account's language, not the requester's: the mail goes to the owner. */
export function passwordResetMail(user: { email: string; firstName: string; language: Language }, link: string): Mail {
  const texts = resetTexts[user.language];
  return { to: user.email, subject: texts.subject, text: texts.body(user.firstName, link) };
}
