import { Hono } from 'hono';
import type { z } from 'zod/mini';
import * as savedRepliesContract from '../../contract/saved-replies';
import { MAX_SAVED_REPLIES, type SavedReplySchema } from '../../contract/saved-replies';
import type { SavedReplyRow } from '../db/schema';
import type { AppEnv, Services } from '../http/context';
import { fieldError, HttpError, notFound } from '../http/errors';
import { reply, route } from '../http/operation';
import { deleteSavedReply, insertSavedReply, savedRepliesOf, updateSavedReply } from './queries';

/** The contract's SavedReply object. */
const present = (row: SavedReplyRow): z.input<typeof SavedReplySchema> => ({
  id: row.id,
  title: row.title,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Saved replies (contract/saved-replies.ts): each user's own; another user's is not found, never
 * shown or changed (docs/product.md#access).
 */
export function savedReplyRoutes(s: Services) {
  const routes = new Hono<AppEnv>();

  route(routes, s, savedRepliesContract.listSavedReplies, async (c) => {
    const rows = await savedRepliesOf(s.db, c.get('user').id);
    return reply(c, savedRepliesContract.listSavedReplies, 200, { data: rows.map(present) });
  });

  route(routes, s, savedRepliesContract.createSavedReply, async (c, { body }) => {
    const row = await insertSavedReply(s.db, c.get('user').id, body);
    if (row === 'taken') throw fieldError('title', 'taken');
    if (row === 'full') throw new HttpError(409, 'savedRepliesFull', { max: MAX_SAVED_REPLIES });
    return reply(c, savedRepliesContract.createSavedReply, 201, present(row));
  });

  route(routes, s, savedRepliesContract.updateSavedReply, async (c, { params, body }) => {
    const row = await updateSavedReply(s.db, c.get('user').id, params.id, body);
    if (row === 'taken') throw fieldError('title', 'taken');
    if (!row) throw notFound();
    return reply(c, savedRepliesContract.updateSavedReply, 200, present(row));
  });

  route(routes, s, savedRepliesContract.deleteSavedReply, async (c, { params }) => {
    if (!(await deleteSavedReply(s.db, c.get('user').id, params.id))) throw notFound();
    return reply(c, savedRepliesContract.deleteSavedReply, 204);
  });

  return routes;
}
