import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { classifyWith } from './classifier';
import { standsAlone, thresholdOf } from './judge';
import { loadBundledModel } from './training';

/**
 * `npm run --silent classify` (scripts/classify.ts): a line out for each line in, the sentiment,
 * the confidence and what the product would do with a comment saying it, as the judge decides.
 */
const lines = [
  'Best cappuccino in town, the staff is lovely! 😍',
  'Aperti domenica?',
  'Pizza buonissima, ma il servizio è lentissimo',
  'http://example.com',
];

function classify(env: Record<string, string> = {}) {
  // The carried model, at its own thresholds unless the test sets one.
  const { DATABASE_URL: _database, SENTIMENT_THRESHOLD: _threshold, ...inherited } = process.env;
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/classify.ts'], {
    input: lines.join('\n'),
    encoding: 'utf8',
    env: { ...inherited, ...env },
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t'));
}

describe('npm run --silent classify', () => {
  it("prints the sentiment, the confidence, and auto or review at the model's threshold for the language", () => {
    const model = loadBundledModel();
    const printed = classify();
    expect(printed).toHaveLength(lines.length);
    printed.forEach(([sentiment, confidence, route], n) => {
      const proposal = classifyWith(model, lines[n]!);
      expect(sentiment).toBe(proposal.sentiment);
      expect(confidence).toBe(proposal.confidence.toFixed(3));
      expect(route).toBe(standsAlone(proposal, thresholdOf(model, proposal)) ? 'auto' : 'review');
    });
    // Praise with complaint never goes out by itself, nor what cannot be read.
    expect(printed[2]).toEqual(['MIXED', expect.any(String), 'review']);
    expect(printed[3]).toEqual(['UNCLASSIFIED', '0.000', 'review']);
  }, 60_000);

  it('takes SENTIMENT_THRESHOLD, where set, for every language', () => {
    const printed = classify({ SENTIMENT_THRESHOLD: '0' });
    expect(printed.map((each) => each[2])).toEqual(['auto', 'auto', 'review', 'review']);
  }, 60_000);
});
