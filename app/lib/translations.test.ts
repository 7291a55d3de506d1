import { describe, expect, it } from 'vitest';
import en from '../../public/assets/i18n/en.json';
import it_ from '../../public/assets/i18n/it.json';
import { ITALIAN_ARTICLES } from './italian-articles';

/** Every leaf of a translation file, as `a.b.c` → text. */
function leaves(tree: object, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [leaf, text] of leaves(value as object, path)) found.set(leaf, text);
  }
  return found;
}

/** The forms i18next picks between for a count (`_one`, `_other`, Italian's `_many`…). */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** A key as the code names it: a plural key without its form. */
const named = (key: string) => key.replace(PLURAL, '');

/** Placeholders that hold a number: shown before a noun, the sentence needs its plural forms. */
const NUMBERS = 'count|total|included|more|min|max|limit|length|minimum|reviewed|accepted|days|hours|minutes';

/** The things the product counts, in both languages, singular and plural. */
const COUNTED =
  'characters?|comments?|channels?|projects?|users?|videos?|days?|items?|reports?|repl(?:y|ies)|links?|minutes?|hours?|months?|accounts?|' +
  'caratter[ei]|comment[oi]|canal[ei]|progett[oi]|utent[ei]|video|giorn[oi]|element[oi]|rispost[ae]|minut[oi]|or[ae]|mes[ei]';

/** A number placeholder and then, maybe after one word ("3 new channels"), a counted noun. */
const COUNT_BEFORE_NOUN = new RegExp(String.raw`\{\{\s*(?:${NUMBERS})\s*\}\}\s+(?:\p{L}+\s+)?(?:${COUNTED})\b`, 'iu');

/**
 * What a translator must keep: `{{placeholders}}` (by name: a format such as Italian's article,
 * `{{date, il}}`, is the language's own) and the `<tags>` that <Trans> fills.
 */
const tokens = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}|<\/?(\w+)\s*\/?>/g)]
    .map((m) => (m[1] ? `{{${m[1]}}}` : m[0]))
    .sort();

describe('translations', () => {
  const english = leaves(en);
  const italian = leaves(it_);

  it('en and it have the same keys (a plural key with the forms of its language)', () => {
    const names = (keys: Iterable<string>) => [...new Set([...keys].map(named))].sort();
    expect(names(italian.keys())).toEqual(names(english.keys()));
  });

  it.each([
    ['en', english],
    ['it', italian],
  ] as const)('every plural key in %s has each form the language needs', (language, texts) => {
    const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const plural = [...new Set([...texts.keys()].filter((key) => PLURAL.test(key)).map(named))];
    const missing = plural.flatMap((key) =>
      forms.filter((form) => !texts.has(`${key}_${form}`)).map((form) => `${key}_${form}`),
    );
    expect(missing).toEqual([]);
  });

  it('a count shown before what it counts goes through the plural forms', () => {
    const unplural = [...english, ...italian]
      .filter(([key, text]) => !PLURAL.test(key) && COUNT_BEFORE_NOUN.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(unplural).toEqual([]);
  });

  it('the words in use: one word for signing in, and the products by their names', () => {
    const english_ = [...english].map(([key, text]) => [key, text] as const);
    // "Login as user" is the spec's name for an admin acting as a user, not for signing in.
    const logIn = english_.filter(([key, text]) => /\blog ?in\b/i.test(text) && !key.startsWith('impersonation.'));
    expect(logIn).toEqual([]);
    const lowerCased = [...english, ...italian].filter(([, text]) =>
      /\b(mautic|facebook|instagram|linkedin|tiktok)\b/.test(text),
    );
    expect(lowerCased).toEqual([]);
  });

  it('each key keeps the same placeholders and tags in both languages', () => {
    const mismatches = [...english]
      .filter(
        ([key, text]) =>
          tokens(text).join() !== tokens(italian.get(key) ?? italian.get(`${named(key)}_other`) ?? text).join(),
      )
      .map(([key]) => key);
    expect(mismatches).toEqual([]);
  });

  it("in Italian, an article or preposition before a placeholder is in the placeholder's format", () => {
    // "il {{date}}" reads "il 8 dic": the formatter (app/lib/italian-articles.ts) says "l'8 dic".
    const before = new RegExp(String.raw`(?<![\p{L}'’])(?:${ITALIAN_ARTICLES.join('|')}) \{\{`, 'iu');
    const bare = [...italian].filter(([, text]) => before.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(bare).toEqual([]);
    const formats = [...italian.values()].flatMap((text) => [...text.matchAll(/\{\{\s*\w+\s*,\s*([^}]+?)\s*\}\}/g)]);
    expect(formats.map((m) => m[1]).filter((format) => !ITALIAN_ARTICLES.includes(format!))).toEqual([]);
  });

  it('no text is left empty', () => {
    const empty = [...english, ...italian].filter(([, text]) => !text.trim()).map(([key]) => key);
    expect(empty).toEqual([]);
  });
});
