/**
 * A comment's words as the classifier reads them (docs/decisions/047): lower-cased tokens with
 * emoji, emoticons and runs of `!`/`?` kept as tokens of their own, English contractions and
 * Italian elisions split ("don't" → "do", "not"; "dell'hotel" → "dell", "hotel"), letters
 * repeated for emphasis shortened ("sooo" → "soo"), and each word after a negation until the
 * clause ends marked as negated ("not bad at all", "non è male").
 */

export interface Token {
  text: string;
  kind: 'word' | 'emoji' | 'emoticon' | 'mark' | 'mention' | 'link' | 'hashtag' | 'number';
  /** Under a negation ("bad" in "not bad"). */
  negated: boolean;
  /** Written in capitals, at least two letters ("TERRIBLE"). */
  shouted: boolean;
}

export type Language = 'en' | 'it';

const EMOJI = String.raw`\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic}|\p{Emoji_Modifier})*|[\u{1F1E6}-\u{1F1FF}]{2}`;
const EMOTICON = String.raw`[:;=8][-']?[)(\]\[dDpP/\\|*3]+|<3+|\^_?\^|xD+`;
const WORD = String.raw`[\p{L}\p{M}][\p{L}\p{M}\p{N}_]*(?:['’][\p{L}\p{M}]+)*['’]?`;
const PATTERN = new RegExp(
  [
    String.raw`(?<mention>@\w+)`,
    String.raw`(?<link>https?:\/\/\S+|\bhttp\b|www\.\S+)`,
    String.raw`(?<hashtag>#[\p{L}\p{N}_]+)`,
    `(?<emoji>${EMOJI})`,
    `(?<emoticon>${EMOTICON})`,
    `(?<word>${WORD})`,
    String.raw`(?<number>\p{N}+(?:[.,]\p{N}+)*)`,
    String.raw`(?<mark>[!?¿¡]+|[.,;:…]+)`,
  ].join('|'),
  'gu',
);

/** The pattern's groups, in its order. */
const KINDS: Array<Token['kind']> = ['mention', 'link', 'hashtag', 'emoji', 'emoticon', 'word', 'number', 'mark'];

/** Words that turn what follows around, in English and Italian. */
const NEGATORS = new Set([
  'not',
  'no',
  'never',
  'nothing',
  'nobody',
  'none',
  'neither',
  'nor',
  'cannot',
  'without',
  'non',
  'mai',
  'niente',
  'nulla',
  'nessuno',
  'nessuna',
  'né',
  'senza',
]);
/** Where a negation's reach ends: a clause's end, or a word that turns the sentence again. */
const CLAUSE_END = new Set(['but', 'however', 'ma', 'però', 'tuttavia', 'invece']);
const NEGATION_REACH = 3;
/**
 * After "never"/"mai" and a verb, "so", "such", "così", "tanto" say how much, not that it was
 * not: "mai mangiato così male" is as bad as it gets, "never been so disappointed" too. The
 * negation ends there ("non è così male", a plain "not" before them, still turns).
 */
const EXPERIENCE = new Set(['never', 'mai']);
const INTENSIFIERS = new Set(['so', 'such', 'così', 'cosi', 'tanto', 'tanta', 'tanti', 'tante']);
/**
 * A comparative under "never"/"mai" or "could not" is a superlative: "never tasted a better
 * pizza", "mai stato meglio", "couldn't be happier" praise; "never felt worse" complains.
 */
const COMPARATIVES = new Set([
  'better',
  'happier',
  'nicer',
  'worse',
  'meglio',
  'migliore',
  'migliori',
  'peggio',
  'peggiore',
  'peggiori',
]);

/** Shortens a letter repeated three times or more to two ("goooood" → "good"): one feature for every spelling. */
const shorten = (word: string) => word.replace(/(\p{L})\1{2,}/gu, '$1$1');

function wordsOf(raw: string): string[] {
  // Most words have no apostrophe: nothing to split.
  if (!raw.includes("'") && !raw.includes('’')) return [raw.toLowerCase()];
  const word = raw.replace(/’/g, "'").replace(/'$/, '');
  const lower = word.toLowerCase();
  // English contractions: "don't", "isn't", "can't" say "not".
  if (/n't$/.test(lower)) {
    const stem = lower.slice(0, -3);
    return [stem === 'ca' ? 'can' : stem === 'wo' ? 'will' : stem, 'not'].filter(Boolean);
  }
  // Italian elisions and English clitics: "l'amore", "c'è", "it's": each part a word.
  return lower.split("'").filter(Boolean);
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let negation = 0;
  /** The negation running is "never"/"mai" or "could not" (see `COMPARATIVES`). */
  let superlative = false;
  for (const match of text.normalize('NFC').matchAll(PATTERN)) {
    const groups = match.groups!;
    const kind = KINDS.find((name) => groups[name] !== undefined)!;
    const raw = match[0];
    if (kind === 'mark') {
      // A clause ends at punctuation; `!` and `?` carry feeling, so they stay as tokens.
      negation = 0;
      if (/[!?¿¡]/.test(raw)) {
        const marks = raw.replace(/[¿¡]/g, '');
        tokens.push({
          text: marks.length > 1 ? `${marks[0]}${marks[0]}` : marks,
          kind,
          negated: false,
          shouted: false,
        });
      }
      continue;
    }
    if (kind !== 'word') {
      const textOf =
        kind === 'mention' ? '@user' : kind === 'link' ? 'http' : kind === 'number' ? '0' : raw.toLowerCase();
      tokens.push({ text: kind === 'hashtag' ? shorten(textOf) : textOf, kind, negated: false, shouted: false });
      continue;
    }
    const shouted = raw.length > 1 && raw === raw.toUpperCase() && raw !== raw.toLowerCase();
    for (const part of wordsOf(raw)) {
      const word = shorten(part);
      if (CLAUSE_END.has(word)) negation = 0;
      // "never had such", "mai mangiato così": how much, from here on not turned.
      if (negation > 0 && superlative && INTENSIFIERS.has(word) && negation < NEGATION_REACH) negation = 0;
      const turned = negation > 0 && !NEGATORS.has(word) && !(superlative && COMPARATIVES.has(word));
      tokens.push({ text: word, kind: 'word', negated: turned, shouted });
      if (NEGATORS.has(word)) {
        negation = NEGATION_REACH;
        superlative = EXPERIENCE.has(word) || (word === 'not' && tokens.at(-2)?.text === 'could');
      } else if (negation > 0) negation -= 1;
    }
  }
  return tokens;
}
