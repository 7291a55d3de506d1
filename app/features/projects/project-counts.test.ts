import { describe, expect, it } from 'vitest';
import { SENTIMENTS, type Sentiment } from '~contract/fields';
import { withCountedProjects } from './project-counts';

const counts = (over: Partial<Record<Sentiment, number>> = {}) =>
  ({ ...Object.fromEntries(SENTIMENTS.map((sentiment) => [sentiment, 0])), ...over }) as Record<Sentiment, number>;

const page = {
  data: [
    { _id: 'p1', channels: [{ _id: 'c1' }, { _id: 'c2' }], commentCounts: counts({ POSITIVE: 3, NEGATIVE: 1 }) },
    { _id: 'p2', channels: [{ _id: 'c2' }], commentCounts: counts({ NEUTRAL: 2 }) },
    { _id: 'p3', channels: [{ _id: 'c3' }], commentCounts: counts({ MIXED: 4 }) },
  ],
  meta: { currentPage: 1, lastPage: 1, perPage: 10, total: 3 },
};

describe('withCountedProjects', () => {
  it("adds an event's counts, whatever their day, to every project following its channel, and only to those", () => {
    const next = withCountedProjects(page, {
      channelId: 'c2',
      counted: [
        { date: '2026-12-06', sentiment: 'UNCLASSIFIED', change: 2 },
        { date: '2025-01-01', sentiment: 'NEGATIVE', change: 1 },
        { date: '2026-12-06', sentiment: 'NEGATIVE', change: 1 },
      ],
    });
    expect(next.data[0]!.commentCounts).toEqual(counts({ POSITIVE: 3, NEGATIVE: 3, UNCLASSIFIED: 2 }));
    expect(next.data[1]!.commentCounts).toEqual(counts({ NEUTRAL: 2, NEGATIVE: 2, UNCLASSIFIED: 2 }));
    expect(next.data[2]).toBe(page.data[2]);
    expect(next.meta).toBe(page.meta);
  });

  it('moves a comment judged again from one sentiment to the other, and never counts below zero', () => {
    const next = withCountedProjects(page, {
      channelId: 'c1',
      counted: [
        { date: '2026-12-06', sentiment: 'POSITIVE', change: -1 },
        { date: '2026-12-06', sentiment: 'NEGATIVE', change: 1 },
        { date: '2026-12-06', sentiment: 'MIXED', change: -1 },
      ],
    });
    expect(next.data[0]!.commentCounts).toEqual(counts({ POSITIVE: 2, NEGATIVE: 2 }));
  });

  it('leaves the page as it was when nothing was counted (an edit, a reply) or no project follows the channel', () => {
    expect(withCountedProjects(page, { channelId: 'c1', counted: [] })).toBe(page);
    expect(
      withCountedProjects(page, {
        channelId: 'c9',
        counted: [{ date: '2026-12-06', sentiment: 'POSITIVE', change: 1 }],
      }).data,
    ).toEqual(page.data);
  });
});
