import { languageOf, lexiconScores, type LexiconScores } from './lexicon';
import { tokenize, type Language, type Token } from './text';

/**
 * A comment as the model reads it (docs/decisions/047, 059): hashed sparse features (its tokens,
 * a negated word apart from the same word plain, pairs of tokens, the language) scaled to unit
 * length, and a few dense ones from the lexicons and the punctuation. Hashing keeps the model's
 * size fixed whatever the vocabulary. An Italian comment's words also give their letter 3–5-grams,
 * a block of their own scaled to `GRAMS_WEIGHT`: "buonissima", "buoni" and "buono" share
 * "buon", which a few thousand tweets cannot teach word by word. Scaled with the words, as
 * first measured, the n-grams drowned them; for English they only lowered macro-F1.
 */
export const HASH_BITS = 18;
export const HASHED = 2 ** HASH_BITS;
export const DENSE = 14;
/** The Italian letter n-grams' block length beside the words' 1: measured on the training split, cross-validated. */
const GRAMS_WEIGHT = 0.5;
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
  const sparse: number[] = [hash(`l|${language ?? '?'}`)];
  const words: number[] = [];
  let previous = '^';
  for (const token of tokens) {
    const mark = token.negated ? '!' : '';
    const word = hash(`w|${mark}${token.text}`);
    sparse.push(word);
    if (token.kind === 'word') words.push(word);
    sparse.push(hash(`b|${previous} ${token.text}`));
    previous = token.text;
  }
  sparse.push(hash(`b|${previous} $`));
  // Each block's buckets sorted and once each; numbers in a typed array sort as numbers.
  const plain = distinct(Uint32Array.from(sparse));
  const grams = language === 'it' ? distinct(lettersOf(tokens)) : new Uint32Array(0);
  const plainValue = 1 / Math.sqrt(plain.length);
  const gramValue = grams.length > 0 ? GRAMS_WEIGHT / Math.sqrt(grams.length) : 0;
  let marked = 0;
  let asked = 0;
  let shouted = 0;
  for (const token of tokens) {
    if (token.kind === 'mark' && token.text.includes('!')) marked += 1;
    if (token.kind === 'mark' && token.text.includes('?')) asked += 1;
    if (token.shouted) shouted += 1;
  }
  const dense = [
    squash(lexicon.positive),
    squash(lexicon.negative),
    lexicon.positiveWords > 0 ? 1 : 0,
    lexicon.negativeWords > 0 ? 1 : 0,
    squash(Math.min(lexicon.positive, lexicon.negative) * 2),
    squash(lexicon.positive - lexicon.negative),
    squash(lexicon.emojiPositive),
    squash(lexicon.emojiNegative),
    squash(marked / 2),
    squash(asked / 2),
    squash(shouted / 3),
    lexicon.known === 0 && lexicon.emojiPositive === 0 && lexicon.emojiNegative === 0 ? 1 : 0,
    1,
    // How much there is to read: a long comment's verdict rests on more words.
    squash(words.length / 10),
  ];
  const size = plain.length + grams.length;
  const indices = new Uint32Array(size + DENSE);
  const values = new Float32Array(size + DENSE);
  // The two sorted blocks merged; a bucket both hash to adds up, as one feature with both values would.
  let n = 0;
  let a = 0;
  let b = 0;
  while (a < plain.length || b < grams.length) {
    if (b >= grams.length || (a < plain.length && plain[a]! < grams[b]!)) {
      indices[n] = plain[a++]!;
      values[n++] = plainValue;
    } else if (a >= plain.length || grams[b]! < plain[a]!) {
      indices[n] = grams[b++]!;
      values[n++] = gramValue;
    } else {
      indices[n] = plain[a++]!;
      b += 1;
      values[n++] = plainValue + gramValue;
    }
  }
  for (let i = 0; i < DENSE; i++) {
    indices[n] = HASHED + i;
    values[n++] = dense[i]!;
  }
  // A bucket both blocks share leaves the arrays a little long.
  return n === indices.length
    ? { words, indices, values, tokens, language, lexicon }
    : { words, indices: indices.slice(0, n), values: values.slice(0, n), tokens, language, lexicon };
}

/** `buckets` sorted, each once. */
function distinct(buckets: Uint32Array): Uint32Array {
  buckets.sort();
  let n = 0;
  for (let i = 0; i < buckets.length; i++) {
    if (i === 0 || buckets[i] !== buckets[i - 1]) buckets[n++] = buckets[i]!;
  }
  return buckets.subarray(0, n);
}

/** FNV-1a's state after `text`: the grams below continue it a letter at a time. */
function fnvState(text: string, h = 0x811c9dc5): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}
const GRAM_PREFIX = fnvState('g|');
const NEGATED_GRAM_PREFIX = fnvState('g|!');

/**
 * The letter 3–5-grams of the words, "<" and ">" marking a word's start and end, negated apart:
 * the buckets of `hash("g|" + gram)`, each start's three lengths found in one pass of FNV-1a
 * (a gram's hash is its prefix's, continued), not three strings hashed from the start.
 */
function lettersOf(tokens: Token[]): Uint32Array {
  const grams: number[] = [];
  for (const token of tokens) {
    if (token.kind !== 'word') continue;
    const start = token.negated ? NEGATED_GRAM_PREFIX : GRAM_PREFIX;
    const word = `<${token.text}>`;
    for (let i = 0; i + 3 <= word.length; i++) {
      let h = start;
      for (let j = i; j < i + 5 && j < word.length; j++) {
        h ^= word.charCodeAt(j);
        h = Math.imul(h, 0x01000193);
        if (j - i >= 2) grams.push((h >>> 0) & (HASHED - 1));
      }
    }
  }
  return Uint32Array.from(grams);
}
