import { hasBenchmark } from './benchmark';
import { classifyWith, type Classification } from './classifier';
import { featuresOf } from './features';
import { decodeModel, encodeModel, ModelFileError } from './model-file';
import { train, TRAINING, type Example, type Label } from './model';
import { benchmarkExamples, loadBundledModel } from './training';

/**
 * One training on the reviews (docs/decisions/049, 058), as a worker thread runs it: every
 * comment read, the model trained, and both models' readings of the held-out reviews, with no
 * database and no event loop of the API's to hold. Always from the carried model and all the
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

export interface TrainingOutput {
  /** The new model's file, without thresholds (the API chooses them on the held-out reviews). */
  candidate: Uint8Array;
  /** Each held-out review as the new model and the one in use read it, in the order given. */
  candidateReadings: HeldOutReading[];
  currentReadings: HeldOutReading[];
}

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
  return {
    candidate: encodeModel(candidate),
    candidateReadings: input.heldOut.map((each) => reading(classifyWith(candidate, each.message))),
    currentReadings: input.heldOut.map((each) => reading(classifyWith(current, each.message))),
  };
}
