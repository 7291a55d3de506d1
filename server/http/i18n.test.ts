import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/fields';
import { attributes, durationWords, languageFrom, message, messages, ruleMessage, rules } from './i18n';

describe('languageFrom', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['it', 'it'],
    ['it-IT,it;q=0.9,en;q=0.8', 'it'],
    ['en-US,en;q=0.9,it;q=0.8', 'en'],
    ['fr-FR,it;q=0.5', 'it'],
    ['fr', 'en'],
    ['en;q=0.4,it;q=0.6', 'it'],
    ['it;q=0', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(languageFrom(header)).toBe(expected);
  });
});

describe('messages', () => {
  it('fills parameters', () => {
    expect(message('en', 'tooManyAttempts', { wait: '42 seconds' })).toBe(
      'Too many attempts. Try again in 42 seconds.',
    );
    expect(ruleMessage('it', 'firstName', 'max', '100')).toBe('Il campo nome non può superare 100 caratteri.');
  });

  it('falls back to a generic sentence for an unknown rule', () => {
    expect(ruleMessage('en', 'email', 'something_new')).toBe('The email field is invalid.');
  });
});

describe('the en and it tables', () => {
  const placeholders = (text: string) => [...text.matchAll(/:([a-z]\w*)/gi)].map((match) => match[1]).sort();

  it.each([
    ['messages', messages],
    ['rules', rules],
    ['attributes', attributes],
  ] as const)('%s: the same keys, each with the same placeholders', (_name, table) => {
    expect(Object.keys(table.it).sort()).toEqual(Object.keys(table.en).sort());
    for (const [key, english] of Object.entries(table.en)) {
      const italian = (table.it as Record<string, string>)[key];
      expect(placeholders(italian), key).toEqual(placeholders(english));
    }
  });

  it('translates every language the contract lists', () => {
    for (const table of [messages, rules, attributes]) expect(Object.keys(table).sort()).toEqual([...LANGUAGES].sort());
  });
});

describe('durationWords', () => {
  it('says a wait in the unit a person reads, rounded up', () => {
    expect(durationWords('en', 1)).toBe('1 second');
    expect(durationWords('en', 45)).toBe('45 seconds');
    expect(durationWords('en', 60)).toBe('1 minute');
    expect(durationWords('en', 897)).toBe('15 minutes');
    expect(durationWords('en', 3600)).toBe('1 hour');
    expect(durationWords('en', 3601)).toBe('2 hours');
    expect(durationWords('it', 1)).toBe('1 secondo');
    expect(durationWords('it', 897)).toBe('15 minuti');
    expect(durationWords('it', 7200)).toBe('2 ore');
  });
});
