import type { Classification } from './classifier';
import type { Language } from './text';

/**
 * Where a proposal becomes a comment's sentiment without a person (docs/decisions/058): a
 * confidence threshold for each language and each label it may propose, the lowest at which the
 * proposals of that label at or above it were at least `TARGET_PRECISION` right on texts the model
 * never learnt from (for the carried model, the benchmark's training split read out of fold and
 * its validation split; for one trained here, its held-out reviews). A label that no threshold
 * makes that precise has none: those proposals always wait for a person. A comment whose language
 * the words do not tell takes the stricter of the two languages'.
 */
export const THRESHOLD_LANGUAGES = ['en', 'it'] as const satisfies readonly Language[];
export const THRESHOLD_LABELS = ['NEGATIVE', 'NEUTRAL', 'POSITIVE'] as const;
export type ThresholdLabel = (typeof THRESHOLD_LABELS)[number];
export type Thresholds = Record<Language, Record<ThresholdLabel, number | null>>;

/** How often the labels applied without a person must be right, on texts not learnt from. */
export const TARGET_PRECISION = 0.9;
/** Fewer proposals above a threshold than this measure no precision worth trusting. */
export const MIN_SUPPORT = 20;

const NONE = { NEGATIVE: null, NEUTRAL: null, POSITIVE: null };
/** Never without a person. */
export const NO_THRESHOLDS: Thresholds = { en: { ...NONE }, it: { ...NONE } };

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
 * The thresholds the labelled texts give, each language's and label's from its own texts: of
 * each, the proposals of that label that could stand alone, right where the label agrees.
 */
export function chooseThresholds(
  labelled: Array<{ language: Language; proposal: Classification; right: boolean }>,
  options?: { precision?: number; support?: number },
): Thresholds {
  const of = (language: Language) =>
    Object.fromEntries(
      THRESHOLD_LABELS.map((label) => [
        label,
        chooseThreshold(
          labelled
            .filter(
              (each) =>
                each.language === language && each.proposal.sentiment === label && couldStandAlone(each.proposal),
            )
            .map((each) => ({ confidence: each.proposal.confidence, right: each.right })),
          options,
        ),
      ]),
    ) as Record<ThresholdLabel, number | null>;
  return { en: of('en'), it: of('it') };
}

/** The threshold a proposal of this label in this language meets to stand alone; null: none does. */
export function thresholdFor(
  thresholds: Thresholds,
  language: Language | undefined,
  label: Classification['sentiment'],
): number | null {
  if (label !== 'NEGATIVE' && label !== 'NEUTRAL' && label !== 'POSITIVE') return null;
  if (language) return thresholds[language][label];
  const [en, it] = [thresholds.en[label], thresholds.it[label]];
  return en === null || it === null ? null : Math.max(en, it);
}
