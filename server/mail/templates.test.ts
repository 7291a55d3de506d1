import { describe, expect, it } from 'vitest';
import type { Language } from '../../contract/fields';
import { LINK } from './mailer';
import {
  alertsMail,
  emailChangeConfirmMail,
  emailChangeNoticeMail,
  greetingName,
  passwordResetMail,
  type AlertLine,
} from './templates';

const LINK_TO_US = 'http://app.test/reset-password/tok3n?email=rita%40example.test';
const HOSTILE = 'there. URGENT: verify at https://evil.example/login';

const mailFor = (firstName: string, language: Language) =>
  passwordResetMail({ email: 'rita@example.test', firstName, language }, LINK_TO_US);

/** Every address a reader could follow: in the text, and in the HTML's attributes and words. */
const linksIn = (mail: { text: string; html: string }) => [
  ...(mail.text.match(LINK) ?? []),
  ...(mail.html.match(LINK) ?? []),
];

describe('passwordResetMail', () => {
  it.each([
    ['en', 'Hello Rita,', 'Reset your password'],
    ['it', 'Ciao Rita,', 'Reimposta la tua password'],
  ] as const)('greets by a plain first name, in the account language (%s)', (language, greeting, subject) => {
    const mail = mailFor('Rita', language);
    expect(mail.subject).toBe(subject);
    expect(mail.text.startsWith(`${greeting}\n\n`)).toBe(true);
    expect(mail.html).toContain(`<p>${greeting}</p>`);
    expect(mail.html).toContain(`<html lang="${language}">`);
    expect(mail.html).toContain(`<a href="${LINK_TO_US}">`);
  });

  it.each(['en', 'it'] as const)('leaves out a first name that reads as an instruction or a link (%s)', (language) => {
    const mail = mailFor(HOSTILE, language);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/evil|URGENT|verify at|there\./);
    }
    expect(mail.text.split('\n')[0]).toBe(language === 'en' ? 'Hello,' : 'Ciao,');
    // The only link, in both parts, is ours; it is the first one too.
    expect(new Set(linksIn(mail))).toEqual(new Set([LINK_TO_US]));
    expect(mail.html.match(/<a\b/g)).toHaveLength(1);
  });

  it('never lets user text become markup in the HTML part', () => {
    const mail = mailFor('<a href="https://evil.example">Rita</a>', 'en');
    expect(mail.html).not.toContain('evil');
    expect(mail.html.match(/<a\b/g)).toHaveLength(1);
  });
});

describe('the email change mails', () => {
  const CONFIRM = 'http://app.test/user/account/email/tok3n';
  const ACCOUNT = 'http://app.test/user/account';

  it.each(['en', 'it'] as const)('carry only our links, whatever the name (%s)', (language) => {
    const user = { email: 'rita@example.test', firstName: HOSTILE, language };
    const confirm = emailChangeConfirmMail(user, 'rita.new@example.test', CONFIRM);
    const notice = emailChangeNoticeMail(user, 'rita.new@example.test', ACCOUNT);
    expect(confirm.to).toBe('rita.new@example.test');
    expect(notice.to).toBe('rita@example.test');
    for (const mail of [confirm, notice]) {
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/evil|URGENT/);
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.html.match(/<a\b/g)).toHaveLength(1);
    }
    expect(new Set(linksIn(confirm))).toEqual(new Set([CONFIRM]));
    expect(new Set(linksIn(notice))).toEqual(new Set([ACCOUNT]));
    // The new address is named to the owner as text, escaped, never as a link.
    expect(notice.text).toContain('rita.new@example.test');
    expect(notice.html).not.toContain('mailto:');
  });
});

describe('greetingName', () => {
  it('keeps names: letters, one space, hyphens and apostrophes, any script', () => {
    for (const name of ['Rita', 'José María', 'Jean-Luc', "O'Brien", 'Zoë', '  Ana  ', 'Αλέξανδρος', '李'])
      expect(greetingName(name)).toBe(name.trim());
  });

  it('drops anything else: links, domains, punctuation, newlines, control characters, long text', () => {
    for (const name of [
      HOSTILE,
      'evil.example',
      'Rita\nClick https://x.example',
      'Rita: call us',
      'Verify your account now',
      'Rita\u202Eetihw',
      'a'.repeat(31),
      '',
      '   ',
    ])
      expect(greetingName(name), JSON.stringify(name)).toBeUndefined();
  });
});

describe('alertsMail', () => {
  const line = (over: Partial<AlertLine>): AlertLine => ({
    kind: 'negativeComment',
    project: 'Bar',
    count: 1,
    ruleName: null,
    probable: false,
    reviewed: false,
    link: 'http://app.test/inbox?project=p',
    ...over,
  });
  const mail = (language: Language, lines: AlertLine[], digest = false) =>
    alertsMail({ email: 'rita@example.test', firstName: 'Rita', language }, lines, {
      digest,
      settingsLink: 'http://app.test/user/alerts',
    });

  it.each([
    [
      'en',
      'A reviewer labelled a comment negative',
      'Bar: 1 comment a reviewer labelled negative',
      'A reviewer labelled this comment negative. Answer it',
    ],
    [
      'it',
      'Un revisore ha etichettato un commento come negativo',
      'Bar: 1 commento che un revisore ha etichettato come negativo',
      'Un revisore ha etichettato questo commento come negativo.',
    ],
  ] as const)(
    'says a complaint a reviewer labelled is a label, not an arrival (%s)',
    (language, subject, said, intro) => {
      const told = mail(language, [line({ reviewed: true })]);
      expect(told.subject).toBe(subject);
      expect(told.text).toContain(`\n\n${intro}`);
      expect(told.text).toContain(`${said}\n`);
      expect(told.html).toContain(said);
      // One comment, and its link leads to it.
      expect(told.html).toContain(
        language === 'en' ? '>Open it in the inbox</a>' : '>Aprilo nella posta in arrivo</a>',
      );
    },
  );

  it.each([
    ['en', 'A negative comment arrived', 'Customers just commented'],
    ['it', 'È arrivato un commento negativo', 'Dei clienti hanno appena commentato'],
  ] as const)(
    'several: labelled by a reviewer, said so; with an arrival beside them, the arrival first (%s)',
    (language, subject, intro) => {
      const reviewedOnly = mail(language, [line({ reviewed: true }), line({ project: 'Caffè', reviewed: true })]);
      expect(reviewedOnly.text).toContain(
        language === 'en'
          ? '\n\nA reviewer labelled these comments negative. Answer them'
          : '\n\nUn revisore ha etichettato questi commenti come negativi.',
      );
      const told = mail(language, [line({ reviewed: true, count: 2 }), line({ project: 'Caffè' })]);
      expect(told.html).toContain(
        language === 'en' ? '>Open them in the inbox</a>' : '>Aprili nella posta in arrivo</a>',
      );
      expect(told.subject).toBe(subject);
      expect(told.text).toContain(`\n\n${intro}`);
      expect(mail(language, [line({ reviewed: true, count: 3 })], true).subject).toMatch(
        language === 'en'
          ? /^Your hourly alerts: a reviewer labelled 3 comments negative$/
          : /^Riepilogo orario: un revisore ha etichettato 3 commenti come negativi$/,
      );
    },
  );
});
