import { and, asc, count, eq, sql } from 'drizzle-orm';
import { MAX_SAVED_REPLIES, type SavedReplyBody } from '../../contract/saved-replies';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { savedReplies, users, type SavedReplyRow } from '../db/schema';

/** The user's saved replies, by title (letter case aside), ids breaking ties. */
export function savedRepliesOf(db: Database, ownerId: string): Promise<SavedReplyRow[]> {
  return db
    .select()
    .from(savedReplies)
    .where(eq(savedReplies.ownerId, ownerId))
    .orderBy(asc(sql`lower(${savedReplies.title})`), asc(savedReplies.id))
    .limit(MAX_SAVED_REPLIES);
}

/**
 * A new saved reply: `'full'` at the limit, `'taken'` for a title the user already has. The owner's
 * row is locked while counting, so parallel requests cannot both take the last place.
 */
export async function insertSavedReply(
  db: Database,
  ownerId: string,
  body: SavedReplyBody,
): Promise<SavedReplyRow | 'full' | 'taken'> {
  return db
    .transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
      const [{ total }] = await tx
        .select({ total: count() })
        .from(savedReplies)
        .where(eq(savedReplies.ownerId, ownerId));
      if (total >= MAX_SAVED_REPLIES) return 'full' as const;
      const [row] = await tx
        .insert(savedReplies)
        .values({ ownerId, ...body })
        .returning();
      return row!;
    })
    .catch((error: unknown) => (isUniqueViolation(error) ? ('taken' as const) : Promise.reject(error)));
}

/** The user's saved reply `id` changed; undefined when it is not theirs (or gone), `'taken'` for a title in use. */
export async function updateSavedReply(
  db: Database,
  ownerId: string,
  id: string,
  body: SavedReplyBody,
): Promise<SavedReplyRow | undefined | 'taken'> {
  return db
    .update(savedReplies)
    .set({ ...body, updatedAt: new Date() })
    .where(and(eq(savedReplies.id, id), eq(savedReplies.ownerId, ownerId)))
    .returning()
    .then(([row]) => row)
    .catch((error: unknown) => (isUniqueViolation(error) ? ('taken' as const) : Promise.reject(error)));
}

/** Whether the user's saved reply `id` was there to delete. */
export async function deleteSavedReply(db: Database, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedReplies)
    .where(and(eq(savedReplies.id, id), eq(savedReplies.ownerId, ownerId)))
    .returning({ id: savedReplies.id });
  return rows.length > 0;
}
