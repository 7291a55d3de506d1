import type { i18n as I18n } from 'i18next';

/**
 * Italian's article or preposition before a number said with a vowel: "l'8 dic", "all'80%",
 * "gli 11 commenti", where a consonant keeps "il 7 dic", "al 93%", "i 12 commenti". A
 * translation puts the word in the placeholder's format (`{{date, il}}`, `{{confidence, al}}`,
 * `{{formatted, i}}`) and the formatter picks its form from the number it is given.
 */
const BEFORE_A_VOWEL: Record<string, string> = {
  il: "l'",
  al: "all'",
  dal: "dall'",
  del: "dell'",
  nel: "nell'",
  sul: "sull'",
  i: 'gli ',
  ai: 'agli ',
  dai: 'dagli ',
  dei: 'degli ',
  nei: 'negli ',
  sui: 'sugli ',
};

/** The words a translation may put before a number this way. */
export const ITALIAN_ARTICLES = Object.keys(BEFORE_A_VOWEL);

/** The number a text starts with, its thousands' separators taken out ("11.000 …" → "11000"). */
const LEADING_NUMBER = /^\d+(?:[.\u00a0\u202f]\d{3})*(?!\d)/;

/**
 * Whether the number a text starts with is said with a vowel: uno (1), otto (8, and so 80–89,
 * 800–899, 8.000…), undici (11, and so 11.000–11.999 and 11 milioni…). Every other number starts
 * with a consonant: diciotto, cento, mille, undicimila's neighbour centodiecimila.
 */
export function saidWithAVowel(text: string): boolean {
  const found = LEADING_NUMBER.exec(text.trim());
  if (!found) return false;
  const digits = found[0].replace(/\D/g, '');
  return digits.startsWith('8') || digits === '1' || (digits.startsWith('11') && digits.length % 3 === 2);
}

/** `word` (il, al, i…) before `value` in the form Italian gives it there. */
export function withItalianArticle(word: string, value: string): string {
  const vowelForm = BEFORE_A_VOWEL[word];
  return vowelForm && saidWithAVowel(value) ? `${vowelForm}${value}` : `${word} ${value}`;
}

/** Makes `{{value, il}}` and the others known to an i18next instance (after its `init`). */
export function addItalianArticles(instance: I18n) {
  for (const word of ITALIAN_ARTICLES) {
    instance.services.formatter?.add(word, (value: unknown) => withItalianArticle(word, String(value)));
  }
}
