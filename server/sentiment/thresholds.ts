import type { Classification } from './classifier';
import type { Language } from './text';

/**
 * Where a proposal becomes a comment's sentiment without a person (docs/decisions/058): a
 * confidence threshold for each language, the lowest at which the proposals at or above it were
 * at least `TARGET_PRECISION` right on texts the model never learnt from (the benchmark's
 * validation split for the carried model; the held-out reviews for one trained here). A language
 * where no threshold reaches it has none: its comments always wait for a person. A comment whose
 * language the words do not tell takes the stricter of the two.
 */
export const THRESHOLD_LANGUAGES = ['en', 'it'] as const satisfies readonly Language[];
export type Thresholds = Record<Language, number | null>;

/** How often the labels applied without a person must be right, on texts not learnt from. */
export const TARGET_PRECISION = 0.9;
/** Fewer proposals above a threshold than this measure no precision worth trusting. */
export const MIN_SUPPORT = 20;

/** Never without a person. */
export const NO_THRESHOLDS: Thresholds = { en: null, it: null };

export interface Reading {
  confidence: number;
  right: boolean;
}

/**
 * The lowest confidence at which the readings at or above it are at least `precision` right, at
 * least `support` of them; null when none is.
 */
export function chooseThreshold(
  readings: Reading[],
  { precision = TARGET_PRECISION, support = MIN_SUPPORT } = {},
): number | null {
  // Thresholds are kept to a thousandth (the model file, the panel), so cuts are made on that
  // grid: the readings at or above a threshold are exactly those it was chosen on.
  const step = (confidence: number) => Math.floor(confidence * 1000) / 1000;
  const sorted = [...readings].sort((a, b) => b.confidence - a.confidence);
  let right = 0;
  let chosen: number | null = null;
  for (let n = 0; n < sorted.length; n++) {
    if (sorted[n]!.right) right += 1;
    // No cut between two readings of the same thousandth: only where the next one is lower.
    const next = sorted[n + 1];
    if (next && step(next.confidence) === step(sorted[n]!.confidence)) continue;
    if (n + 1 >= support && right / (n + 1) >= precision) chosen = step(sorted[n]!.confidence);
  }
  return chosen;
}

/** Whether a proposal could become a sentiment at all: a class the reviews teach, without a doubt. */
export const couldStandAlone = ({ sentiment, doubt }: Pick<Classification, 'sentiment' | 'doubt'>) =>
  (sentiment === 'NEGATIVE' || sentiment === 'NEUTRAL' || sentiment === 'POSITIVE') && !doubt;

/**
 * The thresholds the labelled texts give, each language's from its own texts: of each, the
 * proposals that could stand alone, right where the label agrees.
 */
export function chooseThresholds(
  labelled: Array<{ language: Language; proposal: Classification; right: boolean }>,
  options?: { precision?: number; support?: number },
): Thresholds {
  const of = (language: Language) =>
    chooseThreshold(
      labelled
        .filter((each) => each.language === language && couldStandAlone(each.proposal))
        .map((each) => ({ confidence: each.proposal.confidence, right: each.right })),
      options,
    );
  return { en: of('en'), it: of('it') };
}

/** The threshold a proposal in this language meets to stand alone; null: none does. */
export function thresholdFor(thresholds: Thresholds, language: Language | undefined): number | null {
  if (language) return thresholds[language];
  const { en, it } = thresholds;
  return en === null || it === null ? null : Math.max(en, it);
}
