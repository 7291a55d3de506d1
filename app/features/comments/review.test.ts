import { describe, expect, it } from 'vitest';
import type { Comment } from '~contract/comments';
import type { CommentPages } from './api';
import { DEFAULT_FILTER } from './filter';
import { applyReviews, loadedComments, reviewsFor } from './review';
import { testComment } from './test-comment';

const comment = testComment;

const pagesOf = (...pages: Comment[][]): CommentPages => {
  const total = pages.flat().length;
  return {
    pages: pages.map((data, index) => ({ data, meta: { total, currentPage: index + 1, lastPage: pages.length } })),
    pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
  };
};

describe('reviewsFor (docs/product.md#sentiment-review, the bulk update body)', () => {
  const inReview = comment({ proposedSentiment: 'NEGATIVE' });
  const reviewed = comment({ sentiment: { sentiment: 'MIXED', inReview: false } });

  it('accept sends the proposed sentiment, reject none, set the chosen one; each ends the review', () => {
    expect(reviewsFor({ action: 'accept' }, [inReview])).toEqual([
      { id: inReview.id, sentiment: { sentiment: 'NEGATIVE', inReview: false } },
    ]);
    expect(reviewsFor({ action: 'reject' }, [inReview])).toEqual([{ id: inReview.id, sentiment: { inReview: false } }]);
    expect(reviewsFor({ action: 'set', sentiment: 'MIXED' }, [inReview])).toEqual([
      { id: inReview.id, sentiment: { sentiment: 'MIXED', inReview: false } },
    ]);
  });

  it('leaves out comments that are not in review', () => {
    expect(reviewsFor({ action: 'accept' }, [reviewed, inReview]).map((review) => review.id)).toEqual([inReview.id]);
  });
});

describe('applyReviews', () => {
  it('takes the reviewed comments out of the in-review list, across pages, and counts them off the total', () => {
    const [a, b, c, d] = [comment(), comment(), comment(), comment()];
    const pages = pagesOf([a, b], [c, d]);
    const sent = reviewsFor({ action: 'accept' }, [b, c]);
    const next = applyReviews(pages, sent, { batchId: null, updated: 2, conflicts: [] }, DEFAULT_FILTER);
    expect(loadedComments(next).map((each) => each.id)).toEqual([a.id, d.id]);
    expect(next.pages.map((page) => page.meta.total)).toEqual([2, 2]);
    expect(next.pageParams).toEqual(pages.pageParams);
  });

  it('keeps them, changed, in a list of every comment', () => {
    const a = comment();
    const sent = reviewsFor({ action: 'set', sentiment: 'MIXED' }, [a]);
    const next = applyReviews(
      pagesOf([a]),
      sent,
      { batchId: null, updated: 1, conflicts: [] },
      {
        ...DEFAULT_FILTER,
        inReview: undefined,
      },
    );
    expect(loadedComments(next)[0].sentiment).toEqual({ sentiment: 'MIXED', inReview: false });
    expect(next.pages[0].meta.total).toBe(1);
  });

  it('shows a conflict as the server reports it (reviewed by someone else), and drops one that is gone', () => {
    const [a, b] = [comment(), comment()];
    const sent = reviewsFor({ action: 'reject' }, [a, b]);
    const next = applyReviews(
      pagesOf([a, b]),
      sent,
      {
        batchId: null,
        updated: 0,
        conflicts: [
          { id: a.id, reason: 'alreadyReviewed', sentiment: { sentiment: 'NEGATIVE', inReview: false } },
          { id: b.id, reason: 'notFound', sentiment: null },
        ],
      },
      { ...DEFAULT_FILTER, inReview: undefined },
    );
    expect(loadedComments(next)).toEqual([{ ...a, sentiment: { sentiment: 'NEGATIVE', inReview: false } }]);
  });

  it('sets a sentiment on several rows across pages at once, leaving the rows between them alone', () => {
    const [a, b, c, d] = [comment(), comment(), comment(), comment()];
    const sent = reviewsFor({ action: 'set', sentiment: 'NEGATIVE' }, [a, d]);
    const next = applyReviews(
      pagesOf([a, b], [c, d]),
      sent,
      { batchId: null, updated: 2, conflicts: [] },
      { ...DEFAULT_FILTER, inReview: undefined },
    );
    expect(loadedComments(next).map((each) => each.sentiment)).toEqual([
      { sentiment: 'NEGATIVE', inReview: false },
      b.sentiment,
      c.sentiment,
      { sentiment: 'NEGATIVE', inReview: false },
    ]);
  });
});
