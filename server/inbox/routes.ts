import { Hono, type Context } from 'hono';
import { randomUUID } from 'node:crypto';
import * as inbox from '../../contract/inbox';
import { COMMENTS_PAGE_SIZE } from '../../contract/comments';
import { INBOX_CHANGED } from '../../contract/realtime';
import type { AppEnv, Services } from '../http/context';
import { fieldError, HttpError, notFound } from '../http/errors';
import { projectsFollowing } from '../projects/queries';
import { reply, route } from '../http/operation';
import { pageOffset, paged, refuseNumberWithCursor } from '../http/paging';
import { CountChanged, repliesTo, type CommentWithChannel } from '../comments/queries';
import { presentProjectComment } from '../comments/presenters';
import { mergeSearchEntriesAfterAnswer } from '../comments/search-entries';
import { tellOtherTabs } from '../realtime/publisher';
import { countInbox, inboxChannelIds, inboxPage, inboxRows, markDone, markMatchingDone, undoDone } from './queries';

/**
 * The inbox (contract/inbox.ts; docs/decisions/063): the user's comments across their projects,
 * open or done. Every question is asked of the channels of the user's own projects: another
 * user's comment is never listed, counted or changed, whatever id or filter names it.
 */
export function inboxRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  /**
   * After comments were marked: the user's other tabs read their inbox and its count again (the
   * tab that marked them reads its own), and the search indexes merge what the change added to
   * them once the answer has gone (server/comments/search-entries.ts).
   */
  const afterChange = (c: Context, userId: string, updated: number) => {
    if (updated === 0) return Promise.resolve();
    mergeSearchEntriesAfterAnswer(s.db, s.background);
    return tellOtherTabs(s.publisher, c, userId, INBOX_CHANGED, { updated });
  };

  route(routes, s, inbox.listInbox, async (c, { query }) => {
    const user = c.get('user');
    const { pageNumber, after, orderBy, ...filter } = query;
    refuseNumberWithCursor(c, after);
    const order = orderBy ?? 'negativeFirst';
    // A cursor past the negatives (rank 1) is one of "negatives first": newest first has one part.
    if (order === 'newest' && after && inbox.parseInboxCursor(after)?.rank === 1) throw fieldError('after', 'invalid');
    const pageRequest = { page: pageNumber, pageSize: COMMENTS_PAGE_SIZE };
    const channelIds = await inboxChannelIds(s.db, user.id, filter);
    const [counted, page] = await Promise.all([
      countInbox(s.db, channelIds, filter),
      inboxPage(s.db, channelIds, filter, { order, after, limit: COMMENTS_PAGE_SIZE, offset: pageOffset(pageRequest) }),
    ]);
    const rows = await inboxRows(
      s.db,
      page.map((each) => each.id),
    );
    const [replies, following] = await Promise.all([
      repliesTo(
        s.db,
        rows.map((row) => row.comment.id),
      ),
      projectsFollowing(s.db, user.id, [...new Set(rows.map((row) => row.channel.id))]),
    ]);
    const byParent = new Map<string, CommentWithChannel[]>();
    for (const each of replies) {
      const parentId = each.comment.parentId!;
      byParent.set(parentId, [...(byParent.get(parentId) ?? []), each]);
    }
    const rank = new Map(page.map((each) => [each.id, each.rank]));
    const data = rows.map((row) => {
      const comment = presentProjectComment(row, byParent.get(row.comment.id) ?? []);
      return {
        ...comment,
        projects: following.get(row.channel.id) ?? [],
        doneAt: row.comment.doneAt?.toISOString() ?? null,
        cursor: inbox.inboxCursor(rank.get(row.comment.id) ?? 0, comment),
      };
    });
    return reply(c, inbox.listInbox, 200, paged(data, counted.total, pageRequest, { totalIsAtLeast: counted.atLeast }));
  });

  route(routes, s, inbox.inboxCount, async (c) => {
    const channelIds = await inboxChannelIds(s.db, c.get('user').id);
    const { total } = await countInbox(s.db, channelIds, { state: 'open' });
    return reply(c, inbox.inboxCount, 200, { open: total });
  });

  route(routes, s, inbox.markInboxComments, async (c, { body }) => {
    const user = c.get('user');
    const batchId = randomUUID();
    const channelIds = await inboxChannelIds(s.db, user.id);
    const updated = await markDone(s.db, channelIds, body.ids, body.done, { batchId, now: new Date(s.clock()) });
    await afterChange(c, user.id, updated);
    return reply(c, inbox.markInboxComments, 200, { batchId: updated > 0 && body.done ? batchId : null, updated });
  });

  route(routes, s, inbox.markMatchingInboxDone, async (c, { body }) => {
    const user = c.get('user');
    const batchId = randomUUID();
    const channelIds = await inboxChannelIds(s.db, user.id, body.filter);
    try {
      const updated = await markMatchingDone(s.db, channelIds, body.filter, body.expectedTotal, {
        batchId,
        now: new Date(s.clock()),
      });
      await afterChange(c, user.id, updated);
      return reply(c, inbox.markMatchingInboxDone, 200, { batchId: updated > 0 ? batchId : null, updated });
    } catch (error) {
      if (error instanceof CountChanged) {
        throw new HttpError(409, 'inboxCountChanged', { count: error.count, expected: body.expectedTotal });
      }
      throw error;
    }
  });

  route(routes, s, inbox.undoInboxDone, async (c, { params }) => {
    const user = c.get('user');
    const updated = await undoDone(s.db, user.id, params.batchId);
    if (updated === undefined) throw notFound();
    await afterChange(c, user.id, updated);
    return reply(c, inbox.undoInboxDone, 200, { batchId: params.batchId, updated });
  });

  return routes;
}
