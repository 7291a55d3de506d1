import { languageOf, lexiconScores, type LexiconScores } from './lexicon';
import { tokenize, type Language, type Token } from './text';

/**
 * A comment as the model reads it (docs/decisions/047): hashed sparse features (its tokens, a
 * negated word apart from the same word plain, pairs of tokens, the language) scaled to unit
 * length, and a few dense ones from the lexicons and the punctuation. Hashing keeps the model's
 * size fixed whatever the vocabulary. Letter n-grams and stems as features were measured and
 * left out: on a few thousand training texts they drowned the words (macro-F1 five points lower).
 */
export const HASH_BITS = 18;
export const HASHED = 2 ** HASH_BITS;
export const DENSE = 13;
export const DIMENSIONS = HASHED + DENSE;

export interface Features {
  /** The buckets of the comment's tokens alone (`w|…`): what the model's vocabulary is checked against. */
  words: number[];
  indices: Uint32Array;
  values: Float32Array;
  tokens: Token[];
  language: Language | undefined;
  lexicon: LexiconScores;
}

/** FNV-1a, 32 bits: the same bucket for the same string on every machine. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & (HASHED - 1);
}

const squash = (x: number) => Math.tanh(x);

export function featuresOf(text: string): Features {
  const tokens = tokenize(text);
  const language = languageOf(tokens);
  const lexicon = lexiconScores(tokens, language);
  const sparse = new Map<number, number>();
  const words: number[] = [];
  const add = (feature: string) => sparse.set(hash(feature), 1);
  add(`l|${language ?? '?'}`);
  let previous = '^';
  for (const token of tokens) {
    const mark = token.negated ? '!' : '';
    const word = hash(`w|${mark}${token.text}`);
    sparse.set(word, 1);
    if (token.kind === 'word') words.push(word);
    add(`b|${previous} ${token.text}`);
    previous = token.text;
  }
  add(`b|${previous} $`);
  const norm = Math.sqrt(sparse.size);
  const marks = (pattern: RegExp) => tokens.filter((token) => token.kind === 'mark' && pattern.test(token.text)).length;
  const dense = [
    squash(lexicon.positive),
    squash(lexicon.negative),
    lexicon.positiveWords > 0 ? 1 : 0,
    lexicon.negativeWords > 0 ? 1 : 0,
    squash(Math.min(lexicon.positive, lexicon.negative) * 2),
    squash(lexicon.positive - lexicon.negative),
    squash(lexicon.emojiPositive),
    squash(lexicon.emojiNegative),
    squash(marks(/!/) / 2),
    squash(marks(/\?/) / 2),
    squash(tokens.filter((token) => token.shouted).length / 3),
    lexicon.known === 0 && lexicon.emojiPositive === 0 && lexicon.emojiNegative === 0 ? 1 : 0,
    1,
  ];
  const indices = new Uint32Array(sparse.size + DENSE);
  const values = new Float32Array(sparse.size + DENSE);
  let n = 0;
  for (const index of [...sparse.keys()].sort((a, b) => a - b)) {
    indices[n] = index;
    values[n++] = 1 / norm;
  }
  for (let i = 0; i < DENSE; i++) {
    indices[n] = HASHED + i;
    values[n++] = dense[i]!;
  }
  return { words, indices, values, tokens, language, lexicon };
}
