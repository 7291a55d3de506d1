import { random } from '../sentiment/model';

/**
 * The tests' seeded draws, on the classifier's generator (mulberry32, `random`): the same seed,
 * the same history, burst and shuffles, so a failure names the seed that shows it.
 */
export function seededRandom(seed: number) {
  const next = random(seed);
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    shuffle: <T>(list: readonly T[]) => {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}
