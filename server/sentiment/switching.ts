import { macroF1 } from './benchmark';
import { random, type Label } from './model';

/**
 * When a model trained here replaces the one in use (docs/decisions/058): on at least
 * `MIN_HELD_OUT` held-out reviews, and only if it scores higher in at least `WIN_SHARE` of the
 * paired resamples of them (a paired bootstrap of macro-F1). A point or two on a few dozen
 * reviews is noise: strictly higher on six reviews switched models on nothing.
 */
export const MIN_HELD_OUT = 50;
export const WIN_SHARE = 0.95;
export const RESAMPLES = 1000;

/**
 * The share (0 to 1) of resamples of the held-out reviews (each drawn with replacement, the same
 * reviews for both models) in which `candidate`'s labels score a higher macro-F1 than `current`'s.
 */
export function winShare(
  truth: Label[],
  candidate: Label[],
  current: Label[],
  { resamples = RESAMPLES, seed = 2026 } = {},
): number {
  const n = truth.length;
  if (n === 0) return 0;
  const next = random(seed);
  const t: Label[] = new Array(n);
  const a: Label[] = new Array(n);
  const b: Label[] = new Array(n);
  let wins = 0;
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < n; i++) {
      const j = Math.floor(next() * n);
      t[i] = truth[j]!;
      a[i] = candidate[j]!;
      b[i] = current[j]!;
    }
    if (macroF1(t, a) > macroF1(t, b)) wins += 1;
  }
  return wins / resamples;
}

export type SwitchDecision = { decision: 'better' | 'notClearlyBetter' | 'tooFewHeldOut'; wins: number | null };

export function decideSwitch(truth: Label[], candidate: Label[], current: Label[]): SwitchDecision {
  if (truth.length < MIN_HELD_OUT) return { decision: 'tooFewHeldOut', wins: null };
  const wins = winShare(truth, candidate, current);
  return { decision: wins >= WIN_SHARE ? 'better' : 'notClearlyBetter', wins };
}
