/**
 * Classifies text as the API does (docs/decisions/047): one text a line on standard input, one
 * line out for each: the sentiment, a tab, the confidence (0 to 1).
 *
 *   echo "non è male" | npm run --silent classify
 */
import { createInterface } from 'node:readline';
import { classifyWith } from '../server/sentiment/classifier';
import { loadBundledModel } from '../server/sentiment/training';

const model = loadBundledModel();
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  const { sentiment, confidence } = classifyWith(model, line);
  process.stdout.write(`${sentiment}\t${confidence.toFixed(3)}\n`);
}
