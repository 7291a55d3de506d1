import type { Sentiment } from '~contract/fields';

/**
 * Counts by sentiment with a live event's changes added (`CommentsChangedEvent.counted`: comments
 * arrived, removed or judged again), never below zero: a project's chart a day at a time, and its
 * card over every day.
 */
export function withCountChanges(
  counts: Record<Sentiment, number>,
  changes: ReadonlyArray<{ sentiment: Sentiment; change: number }>,
): Record<Sentiment, number> {
  const next = { ...counts };
  for (const { sentiment, change } of changes) next[sentiment] = Math.max(0, (next[sentiment] ?? 0) + change);
  return next;
}
