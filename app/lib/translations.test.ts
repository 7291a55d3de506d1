import { describe, expect, it } from 'vitest';
import en from '../../public/assets/i18n/en.json';
import it_ from '../../public/assets/i18n/it.json';

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

/** What a translator must keep: `{{placeholders}}` and the `<tags>` that <Trans> fills. */
const tokens = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<\/?(\w+)\s*\/?>/g)].map((m) => m[0]).sort();

describe('translations', () => {
  const english = leaves(en);
  const italian = leaves(it_);

  it('en and it have the same keys', () => {
    expect([...italian.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('each key keeps the same placeholders and tags in both languages', () => {
    const mismatches = [...english]
      .filter(([key, text]) => italian.has(key) && tokens(text).join() !== tokens(italian.get(key)!).join())
      .map(([key]) => key);
    expect(mismatches).toEqual([]);
  });

  it('no text is left empty', () => {
    const empty = [...english, ...italian].filter(([, text]) => !text.trim()).map(([key]) => key);
    expect(empty).toEqual([]);
  });
});
