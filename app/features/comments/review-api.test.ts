import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment, ReviewResult } from '~contract/comments';
import { HttpError } from '~/lib/http';
import { queryClient } from '~/lib/query-client';
import { commentKeys, reviewComments, undoCommentReview } from './api';
import { DEFAULT_FILTER } from './filter';
import { loadedComments, reviewsFor } from './review';
import { testComment } from './test-comment';

// The API as the feature's functions call it (a plain function: a vi.fn's rejected answer would
// be reported unhandled); the cache is the app's own.
const api = vi.hoisted(() => ({ calls: 0, answer: (): Promise<unknown> => Promise.resolve(null) }));
vi.mock('~/lib/api', () => ({
  api: {
    call: () => {
      api.calls += 1;
      return api.answer();
    },
  },
}));
const answer = (value: unknown) => {
  api.answer = () => Promise.resolve(value);
};
const refuse = (error: HttpError) => {
  api.answer = () => Promise.reject(error);
};

const comment = testComment;

const anyFilter = { ...DEFAULT_FILTER, inReview: undefined };
const cache = (filter: typeof DEFAULT_FILTER, comments: Comment[]) =>
  queryClient.setQueryData(commentKeys.list(filter), {
    pages: [{ data: comments, meta: { total: comments.length, currentPage: 1, lastPage: 1 } }],
    pageParams: [null],
  });
const cached = (filter: typeof DEFAULT_FILTER) => loadedComments(queryClient.getQueryData(commentKeys.list(filter)));
const done = (updated: number): ReviewResult => ({
  batchId: '20000000-0000-4000-8000-000000000000',
  updated,
  conflicts: [],
});

beforeEach(() => {
  api.calls = 0;
});
afterEach(() => queryClient.clear());

describe('reviewComments (the review intent of the sentiment review route)', () => {
  it('sets several rows at once, in one request; the list of every comment shows their new sentiment', async () => {
    const [a, b, c] = [comment(), comment(), comment()];
    cache(anyFilter, [a, b, c]);
    answer(done(2));
    await reviewComments(anyFilter, reviewsFor({ action: 'set', sentiment: 'MIXED' }, [a, c]));
    expect(api.calls).toBe(1);
    expect(cached(anyFilter).map((each) => each.sentiment)).toEqual([
      { sentiment: 'MIXED', inReview: false },
      { sentiment: 'NEUTRAL', inReview: true },
      { sentiment: 'MIXED', inReview: false },
    ]);
  });

  it('takes the reviewed rows out of the in-review list', async () => {
    const [a, b] = [comment(), comment()];
    cache(DEFAULT_FILTER, [a, b]);
    answer(done(1));
    await reviewComments(DEFAULT_FILTER, reviewsFor({ action: 'accept' }, [a]));
    expect(cached(DEFAULT_FILTER).map((each) => each.id)).toEqual([b.id]);
  });

  it('failed: leaves the cached rows as they were, marks the lists to be read again, and rethrows', async () => {
    const [a, b] = [comment(), comment()];
    cache(DEFAULT_FILTER, [a, b]);
    refuse(new HttpError(500, { message: 'Something broke' }));
    await expect(reviewComments(DEFAULT_FILTER, reviewsFor({ action: 'accept' }, [a, b]))).rejects.toBeInstanceOf(
      HttpError,
    );
    expect(cached(DEFAULT_FILTER)).toEqual([a, b]);
    expect(queryClient.getQueryState(commentKeys.list(DEFAULT_FILTER))?.isInvalidated).toBe(true);
  });
});

describe('undoCommentReview', () => {
  it('marks every list to be read again, so the comments come back as the server restored them', async () => {
    cache(DEFAULT_FILTER, [comment()]);
    cache(anyFilter, [comment()]);
    answer({ batchId: null, updated: 1, conflicts: [] });
    await undoCommentReview('20000000-0000-4000-8000-000000000000');
    expect(queryClient.getQueryState(commentKeys.list(DEFAULT_FILTER))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(commentKeys.list(anyFilter))?.isInvalidated).toBe(true);
  });

  it('marks them even when the undo failed (the list may be stale)', async () => {
    cache(DEFAULT_FILTER, [comment()]);
    refuse(new HttpError(409, { message: 'Too late' }));
    await expect(undoCommentReview('20000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(HttpError);
    expect(queryClient.getQueryState(commentKeys.list(DEFAULT_FILTER))?.isInvalidated).toBe(true);
  });
});
