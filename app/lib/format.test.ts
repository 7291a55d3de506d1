import { describe, expect, it } from 'vitest';
import { dateTimeFormat, listFormat, numberFormat } from './format';

const when = new Date(Date.UTC(2026, 10, 21, 14, 5));

describe('format', () => {
  it('makes a formatter once for a language and options, and hands the same one back after', () => {
    const first = dateTimeFormat('it', { dateStyle: 'medium', timeStyle: 'short' });
    expect(dateTimeFormat('it', { dateStyle: 'medium', timeStyle: 'short' })).toBe(first);
    expect(numberFormat('en', { style: 'percent' })).toBe(numberFormat('en', { style: 'percent' }));
    expect(listFormat('en', { type: 'conjunction' })).toBe(listFormat('en', { type: 'conjunction' }));
  });

  it('makes another for another language, other options or another kind', () => {
    const italian = numberFormat('it');
    expect(numberFormat('en')).not.toBe(italian);
    expect(numberFormat('it', { style: 'percent' })).not.toBe(italian);
    expect(dateTimeFormat('it', { dateStyle: 'medium' })).not.toBe(dateTimeFormat('it', { dateStyle: 'long' }));
    expect(dateTimeFormat('it')).not.toBe(numberFormat('it'));
  });

  it("formats as Intl does in the language asked for, and in the browser's own where i18next has none", () => {
    expect(numberFormat('it').format(1234.5)).toBe(new Intl.NumberFormat('it').format(1234.5));
    expect(numberFormat('en').format(1234.5)).toBe('1,234.5');
    const options = { dateStyle: 'long', timeZone: 'UTC' } as const;
    expect(dateTimeFormat('it', options).format(when)).toBe('21 novembre 2026');
    expect(listFormat('en', { type: 'conjunction' }).format(['a', 'b', 'c'])).toBe('a, b, and c');
    // `new Intl.NumberFormat('')` throws; an empty language is the browser's own, as undefined is.
    expect(numberFormat('')).toBe(numberFormat(undefined));
    expect(numberFormat('').resolvedOptions().locale).toBe(new Intl.NumberFormat().resolvedOptions().locale);
  });
});
