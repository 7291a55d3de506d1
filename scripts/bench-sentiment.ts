/**
 * The sentiment classifier's figures (`npm run bench -- --sentiment`; docs/decisions/047, 058):
 * on each language's validation split of the benchmark (three labels, as its README maps them),
 * macro-F1 (a validation figure: the split chose the features) and the labels applied without a
 * person (how often right, on what share of comments) at the carried model's thresholds, there and
 * on the training split read out of fold (the two the thresholds were chosen on), and, as
 * cross-checks no choice saw, each at the threshold the other alone gives; the held-out test
 * split where someone put it in the folder; the learning curve
 * (macro-F1 on half the validation split after 0, 50, 100, 200 and all reviews of the other
 * half, the mean of several random halves); comments classified a second on one core; the model file's size and memory.
 */
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  benchmarkDir,
  hasBenchmark,
  hasSplit,
  macroF1,
  readSplit,
  type BenchmarkLanguage,
} from '../server/sentiment/benchmark';
import type { Classification } from '../server/sentiment/classifier';
import type { Label } from '../server/sentiment/model';
import type { Thresholds } from '../server/sentiment/thresholds';
import type { Language } from '../server/sentiment/text';

/** Memory in use once the collector has run: the heap and what lives outside it (the weights). */
function memoryInUse(gc: () => void): number {
  for (let n = 0; n < 3; n++) gc();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

const NAMES: Record<BenchmarkLanguage, string> = { en: 'English', it: 'Italian' };
const shown = (thresholds: Thresholds[Language]) =>
  [thresholds.NEGATIVE, thresholds.NEUTRAL, thresholds.POSITIVE].map((each) => each ?? 'none').join(' / ');
const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${((part / whole) * 100).toFixed(1)} %`);

type Read = { label: Label; proposal: Classification; right?: boolean };

export async function sentimentFigures(): Promise<string[]> {
  const dir = benchmarkDir();
  if (!hasBenchmark(dir)) return [`no benchmark at ${dir} (SENTIMENT_BENCHMARK_DIR)`];
  // The memory figure needs a collection before and after loading, or it measures the garbage of
  // whatever ran first: the collector is asked for here rather than on every bench's command line.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const before = memoryInUse(gc);
  // Imported here, not above, so the lexicons the classifier loads with it are in the figure.
  const { benchmarkLabel, classifyWith } = await import('../server/sentiment/classifier');
  const { decodeModel } = await import('../server/sentiment/model-file');
  const { BENCHMARK_TRAINING, BUNDLED_MODEL_PATH, outOfFoldReadings } = await import('../server/sentiment/training');
  const { chooseThresholds, couldStandAlone } = await import('../server/sentiment/thresholds');
  const bytes = readFileSync(BUNDLED_MODEL_PATH);
  const model = decodeModel(bytes);
  classifyWith(model, 'ready');
  const loaded = memoryInUse(gc) - before;
  const lines = [
    `model file                      ${(bytes.byteLength / 1e6).toFixed(2)} MB (goal ≤ 20 MB)`,
    `weights in memory               ${((model.weights.byteLength + model.bias.byteLength + model.vocabulary.byteLength) / 1e6).toFixed(1)} MB`,
    `classifier in memory            ${(loaded / 1e6).toFixed(1)} MB (weights, lexicons, stemmers)`,
    `thresholds (90 % precise out of fold and on validation), negative / neutral / positive: English ${shown(model.thresholds.en)}, Italian ${shown(model.thresholds.it)}`,
  ];
  const read = (language: BenchmarkLanguage, split: 'val' | 'test'): Read[] =>
    readSplit(language, split, dir).map((row) => ({ label: row.label, proposal: classifyWith(model, row.text) }));
  const right = (each: Read) => benchmarkLabel(each.proposal.sentiment) === each.label;
  /** Of `rows`, those applied without a person at a language's `thresholds`, and how many of them are right. */
  const applied = (rows: Read[], thresholds: Thresholds[Language]) => {
    const taken = rows.filter((each) => {
      const label = each.proposal.sentiment;
      const threshold = label === 'NEGATIVE' || label === 'NEUTRAL' || label === 'POSITIVE' ? thresholds[label] : null;
      return threshold !== null && couldStandAlone(each.proposal) && each.proposal.confidence >= threshold;
    });
    return { taken: taken.length, right: taken.filter(right).length, of: rows.length };
  };
  const f1 = (rows: Read[]) =>
    macroF1(
      rows.map((each) => each.label),
      rows.map((each) => benchmarkLabel(each.proposal.sentiment)),
    );
  const goals = { en: ['50.9', '68.2'], it: ['54.7', '71.5'] } as const;
  const texts: string[] = [];
  // The training split read out of fold (each fifth by a model the other four trained): with the
  // validation split, what the thresholds were chosen on.
  const outOfFold = outOfFoldReadings(dir);
  for (const language of BENCHMARK_TRAINING) {
    const rows = read(language, 'val');
    const folded = outOfFold.filter((each) => each.language === language);
    const name = NAMES[language];
    lines.push(
      `macro-F1, ${name} validation    ${f1(rows).toFixed(1)} (the paper's test split: fastText ${goals[language][0]}, XLM-R ${goals[language][1]})`,
    );
    const said = (figures: { right: number; taken: number; of: number }) =>
      `${percent(figures.right, figures.taken)} right, on ${percent(figures.taken, figures.of)} of comments`;
    const threshold = model.thresholds[language];
    lines.push(`  without a person, validation    ${said(applied(rows, threshold))} (goal ≥ 85 % on ≥ 10 %)`);
    lines.push(`  without a person, out of fold   ${said(applied(folded, threshold))} (the training split)`);
    // Each chosen on one of the two alone and measured on the other: figures no choice saw.
    const choose = (chosenOn: Read[]) =>
      chooseThresholds(chosenOn.map((each) => ({ language, proposal: each.proposal, right: right(each) })))[language];
    lines.push(
      `  cross-checks                    validation at the out-of-fold threshold: ${said(applied(rows, choose(folded)))}; out of fold at validation's: ${said(applied(folded, choose(rows)))}`,
    );
    if (hasSplit('test', dir)) {
      const test = read(language, 'test');
      lines.push(
        `macro-F1, ${name} test          ${f1(test).toFixed(1)}; without a person ${said(applied(test, threshold))}`,
      );
    }
    for (const split of ['val', 'train'] as const)
      texts.push(...readSplit(language, split, dir).map((row) => row.text));
  }
  if (!hasSplit('test', dir)) lines.push('(no test split in the folder: the benchmark holds it out)');
  for (const text of texts.slice(0, 500)) classifyWith(model, text);
  const started = performance.now();
  let classified = 0;
  while (performance.now() - started < 3000) {
    for (const text of texts) classifyWith(model, text);
    classified += texts.length;
  }
  const perSecond = classified / ((performance.now() - started) / 1000);
  lines.push(`classified on one core          ${Math.round(perSecond).toLocaleString('en')} comments/s (goal ≥ 1,000)`);
  lines.push(...(await learningCurve(dir, BENCHMARK_TRAINING)));
  return lines;
}

/** Random halves of validation the learning curve averages over: one half moves it by several points. */
const HALVES = 5;

/**
 * What the reviews buy: each language's validation split cut in two random halves, one taken as
 * an installation's reviews (both languages, in a random order), the other scored; the mean over
 * `HALVES` such cuts (seeded: the same every run), and the mean change from no reviews with its
 * lowest and highest. Trained as a training here trains (`runTraining`): with the benchmark's
 * training texts, and without them (a deployment, the carried model refined by the reviews).
 */
async function learningCurve(dir: string, languages: BenchmarkLanguage[]): Promise<string[]> {
  const { runTraining } = await import('../server/sentiment/training-run');
  const { benchmarkLabel } = await import('../server/sentiment/classifier');
  const { random } = await import('../server/sentiment/model');
  const counts = [0, 50, 100, 200, Infinity];
  const shuffled = <T>(items: T[], next: () => number) =>
    items
      .map((item) => ({ item, key: next() }))
      .sort((a, b) => a.key - b.key)
      .map(({ item }) => item);
  const cuts = Array.from({ length: HALVES }, (_, cut) => {
    const next = random(100 + cut);
    const scored: Array<{ language: BenchmarkLanguage; message: string; label: Label }> = [];
    const reviews: Array<{ message: string; label: Label }> = [];
    for (const language of languages) {
      const rows = shuffled(readSplit(language, 'val', dir), next);
      const half = Math.floor(rows.length / 2);
      scored.push(...rows.slice(0, half).map((row) => ({ language, message: row.text, label: row.label })));
      reviews.push(...rows.slice(half).map((row) => ({ message: row.text, label: row.label })));
    }
    return { scored, reviews: shuffled(reviews, next) };
  });
  const reviewsEach = cuts[0]!.reviews.length;
  const lines = [
    `learning curve: macro-F1 on half of validation (en / it) after reviews of the other half, the mean of ${HALVES} random halves [its change from no reviews: the mean (lowest to highest)]`,
  ];
  const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(1)}`;
  for (const [name, benchmarkDir] of [
    ['with the benchmark', dir],
    ['without it (a deployment)', undefined],
  ] as const) {
    // scores[count][cut][language]
    const scores = counts.map(() => [] as number[][]);
    let seconds = 0;
    for (const { scored, reviews } of cuts) {
      for (const [n, count] of counts.entries()) {
        const started = performance.now();
        const trained = runTraining({ benchmarkDir, taught: reviews.slice(0, count), heldOut: scored, current: null });
        seconds += (performance.now() - started) / 1000;
        // No reviews: the carried model itself, as the model in use reads them.
        const readings = count === 0 ? trained.currentReadings : trained.candidateReadings;
        scores[n]!.push(
          languages.map((language) => {
            const rows = scored
              .map((each, i) => ({ ...each, proposal: readings[i]! }))
              .filter((each) => each.language === language);
            return macroF1(
              rows.map((each) => each.label),
              rows.map((each) => benchmarkLabel(each.proposal.sentiment)),
            );
          }),
        );
      }
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const points = counts.map((count, n) => {
      const at = languages.map((_, l) => mean(scores[n]!.map((cut) => cut[l]!)).toFixed(1)).join(' / ');
      if (n === 0) return `${count}: ${at}`;
      const changes = languages.map((_, l) => scores[n]!.map((cut, c) => cut[l]! - scores[0]![c]![l]!));
      const change = changes
        .map((each) => `${signed(mean(each))} (${signed(Math.min(...each))} to ${signed(Math.max(...each))})`)
        .join(' / ');
      return `${Number.isFinite(count) ? count : reviewsEach}: ${at} [${change}]`;
    });
    lines.push(`  ${name}, ${(seconds / (HALVES * counts.length)).toFixed(1)} s a training:`);
    for (const point of points) lines.push(`    ${point}`);
  }
  return lines;
}
