import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Label } from './model';

/**
 * The UMSAB benchmark's English and Italian splits (its README: one tweet a line, its label on
 * the same line of the labels file, 0 negative, 1 neutral, 2 positive), read from the folder
 * `SENTIMENT_BENCHMARK_DIR` names, or `../shared/sentiment-benchmark` beside the repository. The
 * texts are never copied into the repository.
 */
export const BENCHMARK_LANGUAGES = { en: 'english', it: 'italian' } as const;
export type BenchmarkLanguage = keyof typeof BENCHMARK_LANGUAGES;
/**
 * `test` is held out: the benchmark's folder has none, and nothing here chooses anything on it.
 * Where someone puts the published test split beside the others (`test_text.txt`,
 * `test_labels.txt`), `npm run bench -- --sentiment` reports on it as well.
 */
export type Split = 'train' | 'val' | 'test';

export function benchmarkDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.SENTIMENT_BENCHMARK_DIR ?? join(import.meta.dirname, '../../../shared/sentiment-benchmark'));
}

export const hasBenchmark = (dir = benchmarkDir()) => existsSync(join(dir, BENCHMARK_LANGUAGES.en, 'train_text.txt'));

/** Whether the folder has that split for every language. */
export const hasSplit = (split: Split, dir = benchmarkDir()) =>
  Object.values(BENCHMARK_LANGUAGES).every((folder) => existsSync(join(dir, folder, `${split}_text.txt`)));

/**
 * A line as the benchmark wrote it: JSON-style `\uXXXX` escapes (commas, quotes, apostrophes)
 * and CSV quoting ("…" around, "" for a quote) undone.
 */
export function benchmarkText(line: string): string {
  let text = line.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))).trim();
  if (text.startsWith('"') && text.endsWith('"') && text.length > 1) text = text.slice(1, -1);
  return text.replace(/""/g, '"').replace(/"{2,}/g, '"');
}

export function readSplit(
  language: BenchmarkLanguage,
  split: Split,
  dir = benchmarkDir(),
): Array<{ text: string; label: Label }> {
  const folder = join(dir, BENCHMARK_LANGUAGES[language]);
  const texts = readFileSync(join(folder, `${split}_text.txt`), 'utf8').split('\n');
  const labels = readFileSync(join(folder, `${split}_labels.txt`), 'utf8').split('\n');
  const rows: Array<{ text: string; label: Label }> = [];
  for (let n = 0; n < labels.length; n++) {
    const label = Number(labels[n]!.trim());
    if (labels[n]!.trim() === '' || ![0, 1, 2].includes(label)) continue;
    rows.push({ text: benchmarkText(texts[n] ?? ''), label: label as Label });
  }
  return rows;
}

/** Macro-F1 over the three labels, as the benchmark reports it (0–100). */
export function macroF1(truth: Label[], predicted: Label[]): number {
  let sum = 0;
  for (const label of [0, 1, 2] as const) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (let n = 0; n < truth.length; n++) {
      if (predicted[n] === label && truth[n] === label) tp += 1;
      else if (predicted[n] === label) fp += 1;
      else if (truth[n] === label) fn += 1;
    }
    const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
    const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
    sum += precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  }
  return (sum / 3) * 100;
}
