/**
 * Trains the sentiment model the repository carries (docs/decisions/047) on the benchmark's
 * English and Italian training splits, writes it to server/sentiment/sentiment-model.bin, and
 * prints macro-F1 on each validation split. The texts are read from SENTIMENT_BENCHMARK_DIR or
 * ../shared/sentiment-benchmark, never copied into the repository.
 *
 *   npm run train:sentiment
 */
import { writeFileSync } from 'node:fs';
import { benchmarkDir, hasBenchmark } from '../server/sentiment/benchmark';
import { decodeModel } from '../server/sentiment/model-file';
import { BENCHMARK_TRAINING, BUNDLED_MODEL_PATH, trainBundledModel, validationF1 } from '../server/sentiment/training';

const dir = benchmarkDir();
if (!hasBenchmark(dir)) {
  console.error(`No benchmark at ${dir}: set SENTIMENT_BENCHMARK_DIR to the folder with english/ and italian/.`);
  process.exit(1);
}
const started = performance.now();
const bytes = trainBundledModel(dir);
writeFileSync(BUNDLED_MODEL_PATH, bytes);
const model = decodeModel(bytes);
console.log(
  `trained in ${((performance.now() - started) / 1000).toFixed(1)} s: ${BUNDLED_MODEL_PATH} (${(bytes.byteLength / 1024).toFixed(0)} KB)`,
);
for (const language of BENCHMARK_TRAINING) {
  console.log(`${language}: macro-F1 ${validationF1(model, language, dir).toFixed(1)} on its validation split`);
}
