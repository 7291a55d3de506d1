import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { macroF1, readSplit, type BenchmarkLanguage } from './benchmark';
import { benchmarkLabel, classifyWith, type Classification } from './classifier';
import { featuresOf } from './features';
import { decodeModel, encodeModel, type JudgingModel } from './model-file';
import { train, type Example, type Label, type Model } from './model';
import { chooseThresholds, type Thresholds } from './thresholds';

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

/**
 * What `npm run train:sentiment` writes: the bytes of the model the benchmark's training split
 * trains, with the thresholds its validation split gives it (docs/decisions/058).
 */
export function trainBundledModel(dir?: string): Uint8Array {
  const model = train(benchmarkExamples(dir));
  return encodeModel({ ...model, thresholds: validationThresholds(model, dir) });
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

/** The thresholds each language's validation split gives the model. */
export function validationThresholds(model: Model, dir?: string): Thresholds {
  return chooseThresholds(BENCHMARK_TRAINING.flatMap((language) => readingsOf(model, validationTexts(language, dir))));
}

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
