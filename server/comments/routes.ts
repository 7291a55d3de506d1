import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as comments from '../../contract/comments';
import { COMMENTS_PAGE_SIZE } from '../../contract/comments';
import type { AppEnv, Services } from '../http/context';
import { fieldError, HttpError, notFound } from '../http/errors';
import { reply, route } from '../http/operation';
import { pageOffset, paged, refuseNumberWithCursor } from '../http/paging';
import { presentComment } from './presenters';
import { mergeSearchEntriesAfterAnswer } from './search-entries';
import { tellAfterReview } from '../alerts/reviewed';
import {
  countComments,
  CountChanged,
  listComments as listCommentRows,
  reviewComments,
  reviewMatching,
  undoReviewBatch,
} from './queries';

/** The sentiment review (contract/comments.ts; decision 024). Admins only. */
export function commentRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  /**
   * A review changed `updated` comments: the search indexes merge what it added to them once the
   * answer has gone (./search-entries.ts). One that ended reviews (its `batchId`) may have labelled
   * complaints the classifier missed: their owners are told, after the offer to undo has gone
   * (server/alerts/reviewed.ts).
   */
  const afterReview = (updated: number, batchId: string | null = null) => {
    if (updated > 0) mergeSearchEntriesAfterAnswer(s.db, s.background);
    if (batchId) s.background.defer(() => tellAfterReview(s.jobs, batchId));
  };

  route(routes, s, comments.listComments, async (c, { query }) => {
    const { pageNumber, after, orderBy, ...filter } = query;
    refuseNumberWithCursor(c, after);
    const pageRequest = { page: pageNumber, pageSize: COMMENTS_PAGE_SIZE };
    const [counted, rows] = await Promise.all([
      countComments(s.db, filter),
      listCommentRows(s.db, filter, {
        order: orderBy ?? 'publishedAt:-1',
        after,
        limit: COMMENTS_PAGE_SIZE,
        offset: pageOffset(pageRequest),
      }),
    ]);
    return reply(
      c,
      comments.listComments,
      200,
      paged(rows.map(presentComment), counted.total, pageRequest, { totalIsAtLeast: counted.atLeast }),
    );
  });

  route(routes, s, comments.bulkUpdateComments, async (c, { body }) => {
    const batchId = randomUUID();
    const outcome = await reviewComments(
      s.db,
      body.comments.map((comment) => ({ id: comment.id, ...comment.sentiment })),
      { adminId: c.get('user').id, batchId, now: new Date(s.clock()) },
    );
    // Only a review that ended one names a batch to undo (a reopen has nothing to undo).
    const ended = body.comments.some((comment) => !comment.sentiment.inReview);
    const reviewed = outcome.updated > 0 && ended ? batchId : null;
    afterReview(outcome.updated, reviewed);
    return reply(c, comments.bulkUpdateComments, 200, { batchId: reviewed, ...outcome });
  });

  route(routes, s, comments.reviewMatchingComments, async (c, { body }) => {
    if (body.action === 'set' && !body.sentiment) throw fieldError('sentiment', 'required');
    if (body.action !== 'set' && body.sentiment) throw fieldError('sentiment', 'prohibited');
    const batchId = randomUUID();
    try {
      const updated = await reviewMatching(s.db, body.filter, body.action, body.sentiment, body.expectedTotal, {
        adminId: c.get('user').id,
        batchId,
        now: new Date(s.clock()),
      });
      const reviewed = updated > 0 ? batchId : null;
      afterReview(updated, reviewed);
      return reply(c, comments.reviewMatchingComments, 200, {
        batchId: reviewed,
        updated,
        conflicts: [],
      });
    } catch (error) {
      if (error instanceof CountChanged) {
        throw new HttpError(409, 'reviewCountChanged', { count: error.count, expected: body.expectedTotal });
      }
      throw error;
    }
  });

  route(routes, s, comments.undoReview, async (c, { params }) => {
    const updated = await undoReviewBatch(s.db, params.batchId, c.get('user').id);
    if (updated === undefined) throw notFound();
    afterReview(updated);
    return reply(c, comments.undoReview, 200, { batchId: params.batchId, updated, conflicts: [] });
  });

  return routes;
}
