import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { macroF1, readSplit, type BenchmarkLanguage } from './benchmark';
import { benchmarkLabel, classifyWith, type Classification } from './classifier';
import { featuresOf } from './features';
import { decodeModel, encodeModel, type JudgingModel } from './model-file';
import { train, type Example, type Label, type Model } from './model';
import { chooseThresholds } from './thresholds';

/**
 * The model the repository carries (docs/decisions/047): trained on the benchmark's English and
 * Italian training splits together, by `npm run train:sentiment`, into this file. Beside the
 * built API it is `build/api/sentiment-model.bin` (scripts/build-server.mjs copies it).
 */
export const BUNDLED_MODEL_PATH = fileURLToPath(new URL('./sentiment-model.bin', import.meta.url));

export function loadBundledModel(): JudgingModel {
  return decodeModel(readFileSync(BUNDLED_MODEL_PATH));
}

export const BENCHMARK_TRAINING: BenchmarkLanguage[] = ['en', 'it'];

/** The benchmark's training texts as examples, English then Italian. */
export function benchmarkExamples(dir?: string): Example[] {
  return BENCHMARK_TRAINING.flatMap((language) =>
    readSplit(language, 'train', dir).map((row) => ({ features: featuresOf(row.text), label: row.label })),
  );
}

/** Folds of the training split read out of fold: each by a model the other four trained. */
const FOLDS = 5;

/** The benchmark's training texts, each language's, with their features. */
function trainingTexts(dir?: string) {
  return BENCHMARK_TRAINING.flatMap((language) =>
    readSplit(language, 'train', dir).map((row) => ({
      language,
      message: row.text,
      label: row.label,
      features: featuresOf(row.text),
    })),
  );
}

/**
 * The training split read out of fold: each fifth by a model the other four fifths trained, so
 * every text is read by a model that never learnt from it (1,839 a language, where validation has
 * 324). On these the carried model's confidence is less often right than on validation, as on the
 * benchmark's held-out test split: the better guide to where a label can be applied alone.
 */
export function outOfFoldReadings(dir?: string, texts = trainingTexts(dir)) {
  return Array.from({ length: FOLDS }, (_, fold) =>
    readingsOf(
      train(texts.filter((_, n) => n % FOLDS !== fold).map(({ features, label }) => ({ features, label }))),
      texts.filter((_, n) => n % FOLDS === fold),
    ),
  ).flat();
}

/**
 * What `npm run train:sentiment` writes: the bytes of the model the benchmark's training split
 * trains, with each language's threshold chosen (docs/decisions/058) on every reading of a text
 * the reading model never learnt from: the training split out of fold, and the validation split.
 */
export function trainBundledModel(dir?: string): Uint8Array {
  const texts = trainingTexts(dir);
  const model = train(texts.map(({ features, label }) => ({ features, label })));
  const validation = BENCHMARK_TRAINING.flatMap((language) => readingsOf(model, validationTexts(language, dir)));
  return encodeModel({ ...model, thresholds: chooseThresholds([...outOfFoldReadings(dir, texts), ...validation]) });
}

/** A proposal for each labelled text, and whether it says the label. */
export function readingsOf<T extends { message: string; label: Label }>(
  model: Model,
  texts: T[],
): Array<T & { proposal: Classification; right: boolean }> {
  return texts.map((each) => {
    const proposal = classifyWith(model, each.message);
    return { ...each, proposal, right: benchmarkLabel(proposal.sentiment) === each.label };
  });
}

/** A language's validation split as labelled texts. */
export const validationTexts = (language: BenchmarkLanguage, dir?: string) =>
  readSplit(language, 'val', dir).map((row) => ({ message: row.text, label: row.label, language }));

/** Macro-F1 (0–100) of `model` on these texts, the classifier's rules included. */
export function scoreOn(model: Model, texts: Array<{ message: string; label: Label }>): number {
  return macroF1(
    texts.map((each) => each.label),
    texts.map((each) => benchmarkLabel(classifyWith(model, each.message).sentiment)),
  );
}

/** Macro-F1 (0–100) of `model` on a language's validation split. */
export function validationF1(model: Model, language: BenchmarkLanguage, dir?: string): number {
  return scoreOn(model, validationTexts(language, dir));
}

export type { Label };
