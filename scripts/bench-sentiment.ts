/**
 * The sentiment classifier's figures (`npm run bench -- --sentiment`; docs/decisions/047):
 * macro-F1 on each language's validation split of the benchmark (three labels, as its README
 * maps them), comments classified a second on one core (this process's one thread), the model
 * file's size and the memory the loaded model takes.
 */
import { readFileSync } from 'node:fs';
import { benchmarkDir, hasBenchmark, readSplit } from '../server/sentiment/benchmark';
import { classifyWith } from '../server/sentiment/classifier';
import { decodeModel } from '../server/sentiment/model-file';
import { BENCHMARK_TRAINING, BUNDLED_MODEL_PATH, validationF1 } from '../server/sentiment/training';

export function sentimentFigures(): string[] {
  const dir = benchmarkDir();
  if (!hasBenchmark(dir)) return [`no benchmark at ${dir} (SENTIMENT_BENCHMARK_DIR)`];
  const bytes = readFileSync(BUNDLED_MODEL_PATH);
  globalThis.gc?.();
  const before = process.memoryUsage();
  const model = decodeModel(bytes);
  const after = process.memoryUsage();
  const lines = [
    `model file                      ${(bytes.byteLength / 1e6).toFixed(2)} MB (goal ≤ 20 MB)`,
    `loaded model in memory          ${((after.arrayBuffers - before.arrayBuffers + after.heapUsed - before.heapUsed) / 1e6).toFixed(1)} MB`,
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
  lines.push(
    `classified on one core           ${Math.round(perSecond).toLocaleString('en')} comments/s (goal ≥ 1,000)`,
  );
  return lines;
}
