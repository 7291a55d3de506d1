import { describe, expect, it } from 'vitest';
import { pickLanguage } from './i18n';

describe('pickLanguage', () => {
  it('takes the first available candidate, by its base language', () => {
    expect(pickLanguage(['it-IT', 'en-US'])).toBe('it');
    expect(pickLanguage([null, undefined, 'EN-gb'])).toBe('en');
  });
  it('skips languages that are not available', () => {
    expect(pickLanguage(['de-DE', 'fr', 'it'])).toBe('it');
  });
  it('falls back to en', () => {
    expect(pickLanguage(['de-DE', 'ja'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});
