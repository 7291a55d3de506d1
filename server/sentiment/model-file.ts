import { DENSE, DIMENSIONS, HASH_BITS, HASHED } from './features';
import { LABELS, type Model } from './model';
import { NO_THRESHOLDS, THRESHOLD_LABELS, THRESHOLD_LANGUAGES, type Thresholds } from './thresholds';

/**
 * The model as a file (docs/decisions/047): only the rows training touched, so a few hundred
 * kilobytes rather than the 3 MB of every bucket. Little-endian, the same bytes on every machine:
 *
 *   "ORBITA-SENTIMENT" · u32 format · u32 hash bits · u32 dense features · u32 rows (n)
 *   n × u32 row · n × 3 × f32 weights · 3 × f32 bias · hashed/8 bytes of vocabulary
 *   · (format 2) 2 × 3 f32 thresholds, English then Italian, each NEGATIVE, NEUTRAL, POSITIVE,
 *     NaN for none (docs/decisions/058)
 *
 * Format 1, a model without thresholds (one trained here before they were chosen), still reads:
 * it applies no label without a person until a training gives it some.
 */
const MAGIC = 'ORBITA-SENTIMENT';
const FORMAT = 2;
const K = LABELS.length;
const THRESHOLD_BYTES = THRESHOLD_LANGUAGES.length * THRESHOLD_LABELS.length * 4;

/** A model and the confidence, by language, at which its proposals are applied without a person. */
export type JudgingModel = Model & { thresholds: Thresholds };

export function encodeModel(model: Model & { thresholds?: Thresholds | undefined }): Uint8Array {
  const rows: number[] = [];
  for (let row = 0; row < DIMENSIONS; row++) {
    const at = row * K;
    if (model.weights[at] !== 0 || model.weights[at + 1] !== 0 || model.weights[at + 2] !== 0) rows.push(row);
  }
  const size = MAGIC.length + 16 + rows.length * 4 + rows.length * K * 4 + K * 4 + HASHED / 8 + THRESHOLD_BYTES;
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  let at = 0;
  for (const char of MAGIC) bytes[at++] = char.charCodeAt(0);
  for (const value of [FORMAT, HASH_BITS, DENSE, rows.length]) {
    view.setUint32(at, value, true);
    at += 4;
  }
  for (const row of rows) {
    view.setUint32(at, row, true);
    at += 4;
  }
  for (const row of rows) {
    for (let k = 0; k < K; k++) {
      view.setFloat32(at, model.weights[row * K + k]!, true);
      at += 4;
    }
  }
  for (let k = 0; k < K; k++) {
    view.setFloat32(at, model.bias[k]!, true);
    at += 4;
  }
  bytes.set(model.vocabulary, at);
  at += HASHED / 8;
  const thresholds = model.thresholds ?? NO_THRESHOLDS;
  for (const language of THRESHOLD_LANGUAGES) {
    for (const label of THRESHOLD_LABELS) {
      view.setFloat32(at, thresholds[language][label] ?? Number.NaN, true);
      at += 4;
    }
  }
  return bytes;
}

export class ModelFileError extends Error {}

export function decodeModel(bytes: Uint8Array): JudgingModel {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fail = (why: string) => {
    throw new ModelFileError(`Not a sentiment model of this version: ${why}.`);
  };
  if (bytes.byteLength < MAGIC.length + 16) fail('too short');
  if (String.fromCharCode(...bytes.subarray(0, MAGIC.length)) !== MAGIC) fail('no signature');
  let at = MAGIC.length;
  const [format, hashBits, dense, count] = [0, 1, 2, 3].map((n) => view.getUint32(at + n * 4, true));
  at += 16;
  if ((format !== 1 && format !== FORMAT) || hashBits !== HASH_BITS || dense !== DENSE) {
    fail('another format or feature set');
  }
  const tail = format === 1 ? 0 : THRESHOLD_BYTES;
  if (bytes.byteLength !== MAGIC.length + 16 + count! * 4 * (1 + K) + K * 4 + HASHED / 8 + tail) fail('the wrong size');
  const weights = new Float32Array(DIMENSIONS * K);
  const rows: number[] = [];
  for (let n = 0; n < count!; n++) {
    const row = view.getUint32(at, true);
    if (row >= DIMENSIONS) fail('a row out of range');
    rows.push(row);
    at += 4;
  }
  for (const row of rows) {
    for (let k = 0; k < K; k++) {
      weights[row * K + k] = view.getFloat32(at, true);
      at += 4;
    }
  }
  const bias = new Float32Array(K);
  for (let k = 0; k < K; k++) {
    bias[k] = view.getFloat32(at, true);
    at += 4;
  }
  const vocabulary = bytes.slice(at, at + HASHED / 8);
  at += HASHED / 8;
  const thresholds: Thresholds = { en: { ...NO_THRESHOLDS.en }, it: { ...NO_THRESHOLDS.it } };
  if (format !== 1) {
    for (const language of THRESHOLD_LANGUAGES) {
      for (const label of THRESHOLD_LABELS) {
        const value = view.getFloat32(at, true);
        at += 4;
        if (Number.isNaN(value)) continue;
        if (!(value >= 0 && value <= 1)) fail('a threshold out of range');
        // Kept to a thousandth as chosen: a float's last digits must not lift it over a confidence it equals.
        thresholds[language][label] = Math.round(value * 1000) / 1000;
      }
    }
  }
  return { weights, bias, vocabulary, thresholds };
}
