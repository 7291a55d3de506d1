import { describe, expect, it } from 'vitest';
import type { ProjectComment } from '~contract/comments';
import { withChanges, withCounted } from './comment-arrivals';
import type { ProjectCommentPages } from './project-comments';
import { testComment } from './test-comment';

const CHANNEL = '10000000-0000-4000-8000-000000000000';

function pagesOf(...pages: ProjectComment[][]): ProjectCommentPages {
  return {
    pages: pages.map((data) => ({ data, meta: { total: data.length } })) as ProjectCommentPages['pages'],
    pageParams: pages.map((_, n) => (n === 0 ? null : `cursor-${n}`)),
  };
}

const withReplies = (replies: ProjectComment['replies'] = []): ProjectComment => ({ ...testComment(), replies });
const event = (over: { edited?: Array<{ _id: string; message: string }>; removed?: string[] }) => ({
  channelId: CHANNEL,
  added: 0,
  edited: over.edited ?? [],
  removed: over.removed ?? [],
  refresh: false,
  counted: [],
});

describe('withChanges', () => {
  it('changes an edited comment in place, top-level or reply, on any loaded page', () => {
    const reply = testComment();
    const first = withReplies([reply]);
    const second = withReplies();
    const changed = withChanges(
      pagesOf([first], [second]),
      event({
        edited: [
          { _id: reply.id, message: 'Edited reply' },
          { _id: second.id, message: 'Edited top' },
        ],
      }),
    );
    expect(changed.pages[0]!.data[0]!.replies[0]!.message).toBe('Edited reply');
    expect(changed.pages[0]!.data[0]!.message).toBe(first.message);
    expect(changed.pages[1]!.data[0]!.message).toBe('Edited top');
    expect(changed.pageParams).toEqual([null, 'cursor-1']);
  });

  it('drops a removed comment with its replies, and a removed reply from under its parent', () => {
    const gone = withReplies([testComment()]);
    const reply = testComment();
    const stays = withReplies([reply, testComment()]);
    const changed = withChanges(pagesOf([gone, stays]), event({ removed: [gone.id, reply.id] }));
    expect(changed.pages[0]!.data.map((each) => each.id)).toEqual([stays.id]);
    expect(changed.pages[0]!.data[0]!.replies.map((each) => each.id)).not.toContain(reply.id);
    expect(changed.pages[0]!.data[0]!.replies).toHaveLength(1);
    // The list's total says one comment fewer: the reply was never counted.
    expect(changed.pages[0]!.meta.total).toBe(1);
  });

  it('counts a removed comment out of the total on every loaded page, wherever it was', () => {
    const gone = withReplies();
    const changed = withChanges(
      {
        ...pagesOf([withReplies()], [gone]),
        pages: pagesOf([withReplies()], [gone]).pages.map((page) => ({ ...page, meta: { total: 40 } })),
      } as ProjectCommentPages,
      event({ removed: [gone.id] }),
    );
    expect(changed.pages.map((page) => page.meta.total)).toEqual([39, 39]);
  });

  it('leaves the pages as they were for ids they do not hold', () => {
    const only = withReplies();
    const changed = withChanges(
      pagesOf([only]),
      event({ edited: [{ _id: 'other', message: 'x' }], removed: ['gone'] }),
    );
    expect(changed.pages[0]!.data).toEqual([only]);
  });
});

describe('withCounted', () => {
  const counts = (positive: number, negative: number) => ({
    POSITIVE: positive,
    NEGATIVE: negative,
    NEUTRAL: 0,
    MIXED: 0,
    UNCLASSIFIED: 0,
  });
  const summary = {
    days: [
      { date: '2026-11-26', counts: counts(2, 1) },
      { date: '2026-11-27', counts: counts(0, 0) },
    ],
  };

  it("adds each day's changes by sentiment, arrivals and removals, and leaves the other days as they were", () => {
    const changed = withCounted(summary, [
      { date: '2026-11-27', sentiment: 'POSITIVE', change: 3 },
      { date: '2026-11-27', sentiment: 'NEGATIVE', change: 1 },
      { date: '2026-11-26', sentiment: 'POSITIVE', change: -1 },
    ]);
    expect(changed.days).toEqual([
      { date: '2026-11-26', counts: counts(1, 1) },
      { date: '2026-11-27', counts: counts(3, 1) },
    ]);
    // The summary it was given is not changed (the cache's copy).
    expect(summary.days[1]!.counts.POSITIVE).toBe(0);
  });

  it('ignores a day outside the period, and never counts below zero', () => {
    const changed = withCounted(summary, [
      { date: '2026-10-01', sentiment: 'POSITIVE', change: 5 },
      { date: '2026-11-26', sentiment: 'NEGATIVE', change: -4 },
    ]);
    expect(changed.days).toEqual([
      { date: '2026-11-26', counts: counts(2, 0) },
      { date: '2026-11-27', counts: counts(0, 0) },
    ]);
    expect(withCounted(summary, [])).toBe(summary);
  });
});
