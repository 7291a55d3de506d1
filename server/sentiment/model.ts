import { DIMENSIONS, HASHED, type Features } from './features';

/**
 * The model (docs/decisions/047): a multinomial logistic regression over the features, three
 * labels as the benchmark has them. Trained by AdaGrad over a fixed number of passes with a
 * seeded shuffle, several times with different seeds and the weights averaged (one run's order of
 * examples moved macro-F1 by up to four points; the average by about one), so the same examples
 * always give the same weights, on any machine.
 */
export const LABELS = ['NEGATIVE', 'NEUTRAL', 'POSITIVE'] as const;
export type Label = 0 | 1 | 2;
const K = LABELS.length;
/** A bucket's place in a training's state: its K weights, then their K sums of squared gradients. */
const STRIDE = 2 * K;

export interface Model {
  /** `DIMENSIONS` rows of three weights, one a label. */
  weights: Float32Array;
  bias: Float32Array;
  /** One bit a word bucket: set where training saw the word at least twice (what the model knows). */
  vocabulary: Uint8Array;
}

export interface TrainingOptions {
  epochs: number;
  rate: number;
  l2: number;
  seed: number;
  /** Runs averaged, each with its own seed. */
  runs: number;
}

export const TRAINING: TrainingOptions = { epochs: 30, rate: 0.1, l2: 1e-5, seed: 2026, runs: 3 };

export interface Example {
  features: Pick<Features, 'indices' | 'values' | 'words'>;
  label: Label;
  /** How much the example counts (a reviewed comment may count more than a benchmark tweet). */
  weight?: number;
}

/** The three labels' probabilities. */
export function probabilities(
  model: Omit<Model, 'vocabulary'>,
  features: Pick<Features, 'indices' | 'values'>,
): [number, number, number] {
  return probabilitiesIn(model.weights, K, model.bias, features);
}

/** `probabilities` over weights kept `stride` numbers a bucket, the bucket's K weights first. */
function probabilitiesIn(
  weights: Float32Array,
  stride: number,
  bias: Float32Array,
  features: Pick<Features, 'indices' | 'values'>,
): [number, number, number] {
  const scores = [bias[0]!, bias[1]!, bias[2]!];
  const { indices, values } = features;
  for (let i = 0; i < indices.length; i++) {
    const at = indices[i]! * stride;
    const v = values[i]!;
    scores[0]! += weights[at]! * v;
    scores[1]! += weights[at + 1]! * v;
    scores[2]! += weights[at + 2]! * v;
  }
  const top = Math.max(scores[0]!, scores[1]!, scores[2]!);
  const e = scores.map((score) => Math.exp(score - top));
  const sum = e[0]! + e[1]! + e[2]!;
  return [e[0]! / sum, e[1]! / sum, e[2]! / sum];
}

/** A small, seeded generator (mulberry32): the same shuffles on every run. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The model the examples make: `runs` trainings averaged, and the words seen twice or more. From
 * `start`'s weights when given (a model refined by new examples), else from zero; the vocabulary
 * is `start`'s and the words these examples have twice or more. An API instance runs it on a
 * worker thread of its own (server/sentiment/training-thread.ts), never on its event loop.
 */
export function train(examples: Example[], options: TrainingOptions = TRAINING, start?: Model): Model {
  const weights = new Float64Array(DIMENSIONS * K);
  const bias = new Float64Array(K);
  for (let run = 0; run < options.runs; run++) {
    const one = trainOnce(examples, { ...options, seed: options.seed + run }, start);
    for (let i = 0; i < weights.length; i++) weights[i]! += one.weights[i]!;
    for (let k = 0; k < K; k++) bias[k]! += one.bias[k]!;
  }
  const seen = new Uint8Array(HASHED);
  for (const { features } of examples) {
    for (const word of new Set(features.words)) seen[word] = Math.min(2, seen[word]! + 1);
  }
  const vocabulary = start ? start.vocabulary.slice() : new Uint8Array(HASHED / 8);
  for (let bucket = 0; bucket < HASHED; bucket++) {
    if (seen[bucket] === 2) vocabulary[bucket >> 3]! |= 1 << (bucket & 7);
  }
  return {
    weights: Float32Array.from(weights, (w) => w / options.runs),
    bias: Float32Array.from(bias, (b) => b / options.runs),
    vocabulary,
  };
}

/** Whether training saw the word of `bucket` at least twice. */
export const knows = (model: Model, bucket: number) => (model.vocabulary[bucket >> 3]! & (1 << (bucket & 7))) !== 0;

function trainOnce(examples: Example[], options: TrainingOptions, start?: Model): Omit<Model, 'vocabulary'> {
  // The hot loop of every training, bound by memory: each bucket's three weights and their three
  // sums of squared gradients side by side (STRIDE numbers), so that an example reads one place a
  // bucket rather than two arrays of 3 MB each. Each weight gets the same operations in the same
  // order as one label at a time over separate arrays gave it (an example's buckets are
  // distinct), so the model is the same to the bit: server/sentiment/classifier.test.ts holds the
  // carried model to that.
  const state = new Float32Array(DIMENSIONS * STRIDE);
  if (start) {
    for (let bucket = 0; bucket < DIMENSIONS; bucket++) {
      for (let k = 0; k < K; k++) state[bucket * STRIDE + k] = start.weights[bucket * K + k]!;
    }
  }
  const bias = start ? start.bias.slice() : new Float32Array(K);
  const { rate, l2 } = options;
  const biasSquared = new Float32Array(K);
  const gradients = new Float64Array(K);
  const next = random(options.seed);
  const order = examples.map((_, n) => n);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const n of order) {
      const { features, label, weight = 1 } = examples[n]!;
      const p = probabilitiesIn(state, STRIDE, bias, features);
      const { indices, values } = features;
      for (let k = 0; k < K; k++) {
        const gradient = (p[k]! - (k === label ? 1 : 0)) * weight;
        gradients[k] = gradient;
        biasSquared[k]! += gradient * gradient;
        bias[k]! -= (rate * gradient) / Math.sqrt(biasSquared[k]! + 1e-8);
      }
      for (let i = 0; i < indices.length; i++) {
        const at = indices[i]! * STRIDE;
        const v = values[i]!;
        for (let k = 0; k < K; k++) {
          const g = gradients[k]! * v + l2 * state[at + k]!;
          state[at + K + k]! += g * g;
          state[at + k]! -= (rate * g) / Math.sqrt(state[at + K + k]! + 1e-8);
        }
      }
    }
  }
  const weights = new Float32Array(DIMENSIONS * K);
  for (let bucket = 0; bucket < DIMENSIONS; bucket++) {
    for (let k = 0; k < K; k++) weights[bucket * K + k] = state[bucket * STRIDE + k]!;
  }
  return { weights, bias };
}
