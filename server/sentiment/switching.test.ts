import { describe, expect, it } from 'vitest';
import type { Label } from './model';
import { decideSwitch, MIN_HELD_OUT, winShare } from './switching';

const cycle = (n: number): Label[] => Array.from({ length: n }, (_, i) => (i % 3) as Label);

describe('decideSwitch', () => {
  it('never switches on fewer held-out reviews than the minimum, however much better', () => {
    const truth = cycle(MIN_HELD_OUT - 1);
    const wrong = truth.map((label) => ((label + 1) % 3) as Label);
    expect(decideSwitch(truth, truth, wrong)).toEqual({ decision: 'tooFewHeldOut', wins: null });
  });

  it('switches to a model clearly better on enough reviews', () => {
    const truth = cycle(120);
    // The one in use gets one in three wrong; the new one gets them all right.
    const current = truth.map((label, i) => (i % 3 === 0 ? (((label + 1) % 3) as Label) : label));
    const decided = decideSwitch(truth, truth, current);
    expect(decided.decision).toBe('better');
    expect(decided.wins).toBeGreaterThanOrEqual(0.95);
  });

  it('keeps the one in use when the new one is better by a review or two: noise', () => {
    const truth = cycle(120);
    const current = truth.map((label, i) => (i % 4 === 0 ? (((label + 1) % 3) as Label) : label));
    // The same mistakes but two.
    let fixed = 0;
    const candidate = current.map((label, i) => (label !== truth[i] && fixed++ < 2 ? truth[i]! : label));
    const decided = decideSwitch(truth, candidate, current);
    expect(decided.decision).toBe('notClearlyBetter');
    expect(decided.wins).toBeLessThan(0.95);
    // The same models, the same resamples: the same decision every time.
    expect(decideSwitch(truth, candidate, current)).toEqual(decided);
  });

  it('never counts a tie as a win', () => {
    const truth = cycle(90);
    expect(winShare(truth, truth, truth)).toBe(0);
  });
});
