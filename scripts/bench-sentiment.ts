/**
 * The sentiment classifier's figures (`npm run bench -- --sentiment`; docs/decisions/047):
 * macro-F1 on each language's validation split of the benchmark (three labels, as its README
 * maps them), comments classified a second on one core (this process's one thread), the model
 * file's size and the memory the loaded model takes (its weights, and with its lexicons).
 */
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { benchmarkDir, hasBenchmark, readSplit } from '../server/sentiment/benchmark';

/** Memory in use once the collector has run: the heap and what lives outside it (the weights). */
function memoryInUse(gc: () => void): number {
  for (let n = 0; n < 3; n++) gc();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

export async function sentimentFigures(): Promise<string[]> {
  const dir = benchmarkDir();
  if (!hasBenchmark(dir)) return [`no benchmark at ${dir} (SENTIMENT_BENCHMARK_DIR)`];
  // The memory figure needs a collection before and after loading, or it measures the garbage of
  // whatever ran first: the collector is asked for here rather than on every bench's command line.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const before = memoryInUse(gc);
  // Imported here, not above, so the lexicons the classifier loads with it are in the figure.
  const { classifyWith } = await import('../server/sentiment/classifier');
  const { decodeModel } = await import('../server/sentiment/model-file');
  const { BENCHMARK_TRAINING, BUNDLED_MODEL_PATH, validationF1 } = await import('../server/sentiment/training');
  const bytes = readFileSync(BUNDLED_MODEL_PATH);
  const model = decodeModel(bytes);
  classifyWith(model, 'ready');
  const loaded = memoryInUse(gc) - before;
  const lines = [
    `model file                      ${(bytes.byteLength / 1e6).toFixed(2)} MB (goal ≤ 20 MB)`,
    `weights in memory               ${((model.weights.byteLength + model.bias.byteLength + model.vocabulary.byteLength) / 1e6).toFixed(1)} MB`,
    `classifier in memory            ${(loaded / 1e6).toFixed(1)} MB (weights, lexicons, stemmers)`,
  ];
  const goals = { en: ['50.9', '68.2'], it: ['54.7', '71.5'] } as const;
  const texts: string[] = [];
  for (const language of BENCHMARK_TRAINING) {
    const f1 = validationF1(model, language, dir);
    lines.push(
      `macro-F1, ${language === 'en' ? 'English' : 'Italian'} validation    ${f1.toFixed(1)} (fastText ${goals[language][0]}, XLM-R ${goals[language][1]})`,
    );
    for (const split of ['val', 'train'] as const)
      texts.push(...readSplit(language, split, dir).map((row) => row.text));
  }
  for (const text of texts.slice(0, 500)) classifyWith(model, text);
  const started = performance.now();
  let classified = 0;
  while (performance.now() - started < 3000) {
    for (const text of texts) classifyWith(model, text);
    classified += texts.length;
  }
  const perSecond = classified / ((performance.now() - started) / 1000);
  lines.push(`classified on one core          ${Math.round(perSecond).toLocaleString('en')} comments/s (goal ≥ 1,000)`);
  return lines;
}
