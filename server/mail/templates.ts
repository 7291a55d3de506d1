import type { Language } from '../../contract/fields';
import { html, type SafeHtml } from './html';
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

type EmailChangeTexts = {
  greeting: (name: string | undefined) => string;
  confirmSubject: string;
  confirmRequest: string;
  confirmButton: string;
  confirmExpiry: string;
  noticeSubject: string;
  noticeRequest: string;
  noticeStays: string;
  noticeNotYou: string;
  fallback: string;
};

const emailChangeTexts = {
  en: {
    greeting: resetTexts.en.greeting,
    confirmSubject: 'Confirm your new email address',
    confirmRequest:
      'We received a request to make this the email address of an Orbita account. Open this link, signed in to that account, to confirm it:',
    confirmButton: 'Confirm this address',
    confirmExpiry:
      'The link works once and expires in 24 hours. Until it is opened the account keeps its current address. If you did not ask for it, ignore this mail: nothing changes.',
    noticeSubject: 'Your email address is about to change',
    noticeRequest: 'We received a request to change the email address of your Orbita account to this one:',
    noticeStays:
      'Nothing has changed yet: we sent a link to that address, and your address stays this one until the link is opened.',
    noticeNotYou:
      'If you did not ask for this, someone knows your password: sign in, change your password and cancel the change on your account page:',
    fallback: resetTexts.en.fallback,
  },
  it: {
    greeting: resetTexts.it.greeting,
    confirmSubject: 'Conferma il tuo nuovo indirizzo email',
    confirmRequest:
      'abbiamo ricevuto una richiesta di usare questo indirizzo email per un account Orbita. Apri questo link, con l’accesso a quell’account, per confermarlo:',
    confirmButton: 'Conferma questo indirizzo',
    confirmExpiry:
      'Il link funziona una sola volta e scade tra 24 ore. Finché non viene aperto, l’account mantiene l’indirizzo attuale. Se non hai fatto tu la richiesta, ignora questa email: non cambia nulla.',
    noticeSubject: 'Il tuo indirizzo email sta per cambiare',
    noticeRequest: 'abbiamo ricevuto una richiesta di cambiare l’indirizzo email del tuo account Orbita in questo:',
    noticeStays:
      'Per ora non è cambiato nulla: abbiamo inviato un link a quell’indirizzo, e il tuo indirizzo resta questo finché il link non viene aperto.',
    noticeNotYou:
      'Se non hai fatto tu la richiesta, qualcuno conosce la tua password: accedi, cambia la password e annulla il cambio nella pagina del tuo account:',
    fallback: resetTexts.it.fallback,
  },
} satisfies Record<Language, EmailChangeTexts>;

type Recipient = { firstName: string; language: Language };

function page(language: Language, subject: string, paragraphs: SafeHtml[]) {
  return html`<!doctype html>
    <html lang="${language}">
      <head>
        <meta charset="utf-8" />
        <title>${subject}</title>
      </head>
      <body>
        ${paragraphs}
      </body>
    </html> `.toString();
}

/**
 * To the new address: the link that makes the change. It names no account and nothing the user
 * typed but the greeting's name; `link` (ours) is its only link.
 */
export function emailChangeConfirmMail(user: Recipient, newEmail: string, link: string): Mail {
  const t = emailChangeTexts[user.language];
  const greeting = t.greeting(greetingName(user.firstName));
  const text = `${greeting}\n\n${t.confirmRequest}\n\n${link}\n\n${t.confirmExpiry}\n`;
  return {
    to: newEmail,
    subject: t.confirmSubject,
    text,
    html: page(user.language, t.confirmSubject, [
      html`<p>${greeting}</p>`,
      html`<p>${t.confirmRequest}</p>`,
      html`<p><a href="${link}">${t.confirmButton}</a></p>`,
      html`<p>${t.fallback}<br />${link}</p>`,
      html`<p>${t.confirmExpiry}</p>`,
    ]),
  };
}

/**
 * To the current address: a change was asked, to which address, and what to do if it was not
 * the owner. The new address is shown as text, never as a link; `accountLink` is ours.
 */
export function emailChangeNoticeMail(
  user: Recipient & { email: string },
  newEmail: string,
  accountLink: string,
): Mail {
  const t = emailChangeTexts[user.language];
  const greeting = t.greeting(greetingName(user.firstName));
  const text = `${greeting}\n\n${t.noticeRequest}\n\n${newEmail}\n\n${t.noticeStays}\n\n${t.noticeNotYou}\n\n${accountLink}\n`;
  return {
    to: user.email,
    subject: t.noticeSubject,
    text,
    html: page(user.language, t.noticeSubject, [
      html`<p>${greeting}</p>`,
      html`<p>${t.noticeRequest}</p>`,
      html`<p><strong>${newEmail}</strong></p>`,
      html`<p>${t.noticeStays}</p>`,
      html`<p>${t.noticeNotYou}</p>`,
      html`<p><a href="${accountLink}">${accountLink}</a></p>`,
    ]),
  };
}

const alertTexts = {
  en: {
    subject: (lines: AlertLine[], digest: boolean) => {
      const { negatives, probable, reviewed } = negativesOf(lines);
      const what = lines.some((line) => line.kind === 'spike')
        ? 'Unusually many negative comments'
        : negatives > 0
          ? negatives === 1
            ? 'A negative comment arrived'
            : `${negatives} negative comments arrived`
          : probable > 0
            ? probable === 1
              ? 'A probably negative comment arrived'
              : `${probable} probably negative comments arrived`
            : reviewed > 0
              ? reviewed === 1
                ? 'A reviewer labelled a comment negative'
                : `A reviewer labelled ${reviewed} comments negative`
              : 'An inbox rule has something for you';
      return digest ? `Your hourly alerts: ${what.charAt(0).toLowerCase()}${what.slice(1)}` : what;
    },
    greeting: (name: string | undefined) => (name ? `Hello ${name},` : 'Hello,'),
    intro: (digest: boolean, lines: AlertLine[]) =>
      digest
        ? 'In the last hour, on your projects:'
        : lines.every((line) => line.reviewed)
          ? negativesOf(lines).reviewed === 1
            ? 'A reviewer labelled this comment negative. Answer it from the inbox:'
            : 'A reviewer labelled these comments negative. Answer them from the inbox:'
          : 'Customers just commented on your projects. Answer them from the inbox:',
    line: (line: AlertLine) =>
      line.kind === 'spike'
        ? `${line.project}: ${line.count} negative or probably negative comments in the last hour, well above its usual level`
        : line.kind === 'ruleMatched'
          ? `${line.project}: the rule “${line.ruleName}” matched ${line.count} comment${line.count === 1 ? '' : 's'}`
          : line.probable
            ? `${line.project}: ${line.count} probably negative comment${line.count === 1 ? '' : 's'}, waiting for a person to confirm`
            : line.reviewed
              ? `${line.project}: ${line.count} comment${line.count === 1 ? '' : 's'} a reviewer labelled negative`
              : `${line.project}: ${line.count} negative comment${line.count === 1 ? '' : 's'}`,
    open: (line: AlertLine) =>
      line.kind === 'spike' || line.count > 1 ? 'Open them in the inbox' : 'Open it in the inbox',
    footer: (digest: boolean) =>
      digest
        ? 'You get this mail once an hour when there was something to tell. To change how alerts are mailed:'
        : 'You get this mail as alerts arrive. To change how alerts are mailed:',
  },
  it: {
    subject: (lines: AlertLine[], digest: boolean) => {
      const { negatives, probable, reviewed } = negativesOf(lines);
      const what = lines.some((line) => line.kind === 'spike')
        ? 'Insolitamente tanti commenti negativi'
        : negatives > 0
          ? negatives === 1
            ? 'È arrivato un commento negativo'
            : `Sono arrivati ${negatives} commenti negativi`
          : probable > 0
            ? probable === 1
              ? 'È arrivato un commento probabilmente negativo'
              : `Sono arrivati ${probable} commenti probabilmente negativi`
            : reviewed > 0
              ? reviewed === 1
                ? 'Un revisore ha etichettato un commento come negativo'
                : `Un revisore ha etichettato ${reviewed} commenti come negativi`
              : 'Una regola della posta in arrivo ha qualcosa per te';
      return digest ? `Riepilogo orario: ${what.charAt(0).toLowerCase()}${what.slice(1)}` : what;
    },
    greeting: (name: string | undefined) => (name ? `Ciao ${name},` : 'Ciao,'),
    intro: (digest: boolean, lines: AlertLine[]) =>
      digest
        ? 'Nell’ultima ora, sui tuoi progetti:'
        : lines.every((line) => line.reviewed)
          ? negativesOf(lines).reviewed === 1
            ? 'Un revisore ha etichettato questo commento come negativo. Rispondi dalla posta in arrivo:'
            : 'Un revisore ha etichettato questi commenti come negativi. Rispondi dalla posta in arrivo:'
          : 'Dei clienti hanno appena commentato i tuoi progetti. Rispondi dalla posta in arrivo:',
    line: (line: AlertLine) =>
      line.kind === 'spike'
        ? `${line.project}: ${line.count} commenti negativi o probabilmente negativi nell’ultima ora, molto più del solito`
        : line.kind === 'ruleMatched'
          ? `${line.project}: la regola “${line.ruleName}” ha trovato ${line.count} comment${line.count === 1 ? 'o' : 'i'}`
          : line.probable
            ? `${line.project}: ${line.count} ${line.count === 1 ? 'commento probabilmente negativo, in attesa che una persona lo confermi' : 'commenti probabilmente negativi, in attesa che una persona li confermi'}`
            : line.reviewed
              ? `${line.project}: ${line.count} ${line.count === 1 ? 'commento che un revisore ha etichettato come negativo' : 'commenti che un revisore ha etichettato come negativi'}`
              : `${line.project}: ${line.count} comment${line.count === 1 ? 'o negativo' : 'i negativi'}`,
    open: (line: AlertLine) =>
      line.kind === 'spike' || line.count > 1 ? 'Aprili nella posta in arrivo' : 'Aprilo nella posta in arrivo',
    footer: (digest: boolean) =>
      digest
        ? 'Ricevi questa mail una volta all’ora, quando c’è qualcosa da dirti. Per cambiare come ricevi gli avvisi:'
        : 'Ricevi questa mail all’arrivo degli avvisi. Per cambiare come ricevi gli avvisi:',
  },
} satisfies Record<Language, Record<string, unknown>>;

/**
 * One line of an alerts mail: a project's negative comments (those labelled, or those only
 * proposed so, `probable`, apart), its spike, or what one of its rules matched.
 */
export type AlertLine = {
  kind: 'negativeComment' | 'spike' | 'ruleMatched';
  project: string;
  count: number;
  ruleName: string | null;
  probable: boolean;
  /** Told once a reviewer labelled them negative, not as they arrived. */
  reviewed: boolean;
  link: string;
};

/** How many negative comments the lines count: labelled as they arrived, probably so, and labelled by a reviewer. */
function negativesOf(lines: AlertLine[]) {
  let negatives = 0;
  let probable = 0;
  let reviewed = 0;
  for (const line of lines) {
    if (line.kind !== 'negativeComment') continue;
    if (line.probable) probable += line.count;
    else if (line.reviewed) reviewed += line.count;
    else negatives += line.count;
  }
  return { negatives, probable, reviewed };
}

/**
 * Alerts on the user's projects (docs/product.md#alerts), at once or as the hourly digest: a line
 * for each project and kind, how many, each with a link (ours) to the inbox, and a link to the
 * settings that say how alerts are mailed. A commenter's words and name never go into it (the
 * inbox shows them); the project and rule names are the user's own.
 */
export function alertsMail(
  user: Recipient & { email: string },
  lines: AlertLine[],
  { digest, settingsLink }: { digest: boolean; settingsLink: string },
): Mail {
  const t = alertTexts[user.language];
  const subject = t.subject(lines, digest);
  const greeting = t.greeting(greetingName(user.firstName));
  const text = lines.map((line) => `${t.line(line)}\n${line.link}`).join('\n\n');
  return {
    to: user.email,
    subject,
    text: `${greeting}\n\n${t.intro(digest, lines)}\n\n${text}\n\n${t.footer(digest)}\n${settingsLink}\n`,
    html: page(user.language, subject, [
      html`<p>${greeting}</p>`,
      html`<p>${t.intro(digest, lines)}</p>`,
      ...lines.map((line) => html`<p>${t.line(line)}<br /><a href="${line.link}">${t.open(line)}</a></p>`),
      html`<p>${t.footer(digest)}<br /><a href="${settingsLink}">${settingsLink}</a></p>`,
    ]),
  };
}
