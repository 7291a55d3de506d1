import { hasBenchmark, macroF1 } from './benchmark';
import { benchmarkLabel, classifyWith, type Classification } from './classifier';
import { featuresOf } from './features';
import { decodeModel, encodeModel, ModelFileError } from './model-file';
import { train, TRAINING, type Example, type Label } from './model';
import { decideSwitch, type SwitchDecision } from './switching';
import type { Language } from './text';
import { chooseThresholds, THRESHOLD_LABELS, type Thresholds } from './thresholds';
import { benchmarkExamples, loadBundledModel } from './training';

/**
 * One training on the reviews (docs/decisions/049, 058), as a worker thread runs it: every
 * comment read, the model trained, both models' readings of the held-out reviews, whether the new
 * one is clearly better and its thresholds, with no database and no event loop of the API's to
 * hold. Always from the carried model and all the
 * reviews given, never from the model in use: ten trainings on the same reviews make the same
 * model, where refining the one in use again and again drifts over the same reviews.
 */
export interface TrainingInput {
  /** The benchmark's folder, where the installation has it: its training texts are learnt again beside the reviews. */
  benchmarkDir?: string | undefined;
  taught: Array<{ message: string; label: Label }>;
  heldOut: Array<{ message: string; label: Label }>;
  /** The model in use, as its file (null: the carried one). */
  current: Uint8Array | null;
}

export type HeldOutReading = Pick<Classification, 'sentiment' | 'confidence' | 'language' | 'doubt'>;

export interface TrainingOutput extends SwitchDecision {
  /** The new model's file, with the thresholds below. */
  candidate: Uint8Array;
  /** Each held-out review as the new model and the one in use read it, in the order given. */
  candidateReadings: HeldOutReading[];
  currentReadings: HeldOutReading[];
  /** Macro-F1 (0–100) of the new model and of the one in use on the held-out reviews. */
  score: number;
  previousScore: number;
  /** The new model's thresholds, chosen on the held-out reviews (`heldOutThresholds`). */
  thresholds: Thresholds;
}

/** Held-out reviews a new model proposed a label for in a language, at least this many, choose its threshold there; fewer keep the carried model's. */
export const MIN_THRESHOLD_REVIEWS = 50;

/** A reviewed comment counts for this many benchmark tweets: it is this installation's own language. */
export const REVIEW_WEIGHT = 3;

const reading = ({ sentiment, confidence, language, doubt }: Classification): HeldOutReading => ({
  sentiment,
  confidence,
  language,
  doubt,
});

/** The model in use, unless it is of an earlier version's features (then the carried one stands in, as it does in use). */
function readable(bytes: Uint8Array) {
  try {
    return decodeModel(bytes);
  } catch (error) {
    if (error instanceof ModelFileError) return undefined;
    throw error;
  }
}

export function runTraining(input: TrainingInput): TrainingOutput {
  const carried = loadBundledModel();
  const current = input.current ? (readable(input.current) ?? carried) : carried;
  const fromReviews: Example[] = input.taught.map((each) => ({
    features: featuresOf(each.message),
    label: each.label,
    weight: REVIEW_WEIGHT,
  }));
  const dir = input.benchmarkDir;
  const candidate =
    dir && hasBenchmark(dir)
      ? train([...benchmarkExamples(dir), ...fromReviews])
      : // Without the benchmark, the carried model learns the reviews on top of what it knows.
        train(fromReviews, { ...TRAINING, epochs: 10 }, carried);
  const candidateReadings = input.heldOut.map((each) => reading(classifyWith(candidate, each.message)));
  const currentReadings = input.heldOut.map((each) => reading(classifyWith(current, each.message)));
  // Judged here too, not on the API's thread: the switch's bootstrap alone takes 50–80 ms.
  const truth = input.heldOut.map((each) => each.label);
  const candidateLabels = candidateReadings.map((each) => benchmarkLabel(each.sentiment));
  const currentLabels = currentReadings.map((each) => benchmarkLabel(each.sentiment));
  const thresholds = heldOutThresholds(input.heldOut, { candidateReadings }, carried.thresholds);
  return {
    candidate: encodeModel({ ...candidate, thresholds }),
    candidateReadings,
    currentReadings,
    score: scoreOf(truth, candidateLabels),
    previousScore: scoreOf(truth, currentLabels),
    ...decideSwitch(truth, candidateLabels, currentLabels),
    thresholds,
  };
}

/** Macro-F1 (0–100), or 0 with nothing to score. */
const scoreOf = (truth: Label[], predicted: Label[]) => (truth.length === 0 ? 0 : macroF1(truth, predicted));

/**
 * A new model's thresholds: each language's for each label from its held-out reviews where the
 * new model proposed that label for at least `MIN_THRESHOLD_REVIEWS` of them, else the carried
 * model's for it (a few reviews measure no precision worth trusting).
 */
export function heldOutThresholds(
  kept: Array<{ label: Label }>,
  output: Pick<TrainingOutput, 'candidateReadings'>,
  carried: Thresholds,
): Thresholds {
  const labelled = output.candidateReadings.flatMap((proposal, n) =>
    proposal.language
      ? [{ language: proposal.language, proposal, right: benchmarkLabel(proposal.sentiment) === kept[n]!.label }]
      : [],
  );
  const chosen = chooseThresholds(labelled);
  const of = (language: Language) =>
    Object.fromEntries(
      THRESHOLD_LABELS.map((label) => {
        const proposed = labelled.filter((each) => each.language === language && each.proposal.sentiment === label);
        return [label, proposed.length >= MIN_THRESHOLD_REVIEWS ? chosen[language][label] : carried[language][label]];
      }),
    ) as Thresholds[Language];
  return { en: of('en'), it: of('it') };
}
