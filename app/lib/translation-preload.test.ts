import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { pickLanguage } from './i18n';
import { TRANSLATION_PRELOAD_SCRIPT } from './translation-preload';

/** Runs the boot script as index.html does, in a window with these settings; returns what it fetched. */
function bootScriptFetches(stored: string | null, languages: string[] | undefined, language: string) {
  const fetched: string[] = [];
  const window: Record<string, unknown> = {};
  runInNewContext(TRANSLATION_PRELOAD_SCRIPT, {
    window,
    localStorage: { getItem: (key: string) => (key === 'language' ? stored : null) },
    navigator: { languages, language },
    fetch: (url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response('{}'));
    },
  });
  return { fetched, picked: (window.__translationPreload as { language: string } | undefined)?.language };
}

describe('the translation boot script', () => {
  const cases: Array<[string | null, string[] | undefined, string]> = [
    ['it', ['en-US'], 'en-US'],
    [null, ['de-DE', 'IT-it', 'en'], 'de-DE'],
    ['xx', ['EN-gb'], 'EN-gb'],
    [null, ['ja', 'fr'], 'ja'],
    [null, undefined, 'it-CH'],
  ];
  it.each(cases)(
    'stored %s, browser %j: the language a guest sees, and only its file',
    (stored, languages, language) => {
      // What detectLanguage picks for a guest: the stored choice, then the browser's languages.
      const expected = pickLanguage([stored, ...(languages ?? [language])]);
      expect(bootScriptFetches(stored, languages, language)).toEqual({
        fetched: [`/assets/i18n/${expected}.json`],
        picked: expected,
      });
    },
  );
});
