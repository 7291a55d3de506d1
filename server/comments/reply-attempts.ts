import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { replyAttempts } from '../db/schema';
import { HttpError } from '../http/errors';

/**
 * A reply's attempts (docs/decisions/055): the form sends an id it made when the person started
 * the reply, and sends it again with every retry. The first request claims it and posts to the
 * provider; the provider's id is kept on it the moment the provider took the reply. A retry then
 * never posts again: it answers the reply already posted, or says the first is still on its way.
 */

/**
 * How long a claim with nothing posted holds: past it, the request that claimed it has surely
 * ended (a provider call gives up after 10 s) without keeping what it posted, and a retry may post.
 */
const CLAIM_HOLDS_MS = 2 * 60_000;

/** How long an attempt is kept: a retry comes within minutes, not days. */
const ATTEMPTS_KEPT_MS = 24 * 3600_000;

/**
 * Claims the attempt for this reply, or answers the earlier claim's provider id (the reply was
 * posted: write and answer it). 409 while another request posts it, or when the attempt was for
 * another comment or other words.
 */
export async function claimReplyAttempt(
  db: Database,
  attempt: { userId: string; attemptId: string; commentId: string; message: string; now: Date },
): Promise<{ replyExternalId: string | null }> {
  const { userId, attemptId, commentId, message, now } = attempt;
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(replyAttempts)
      .values({ userId, attemptId, commentId, message, createdAt: now })
      .onConflictDoNothing()
      .returning({ attemptId: replyAttempts.attemptId });
    if (claimed.length > 0) return { replyExternalId: null };
    const [earlier] = await tx
      .select()
      .from(replyAttempts)
      .where(and(eq(replyAttempts.userId, userId), eq(replyAttempts.attemptId, attemptId)))
      .for('update');
    // Released meanwhile (its post failed): this request may try.
    if (!earlier) {
      await tx.insert(replyAttempts).values({ userId, attemptId, commentId, message, createdAt: now });
      return { replyExternalId: null };
    }
    if (earlier.commentId !== commentId || earlier.message !== message) throw new HttpError(409, 'replyAttemptReused');
    if (earlier.replyExternalId !== null) return { replyExternalId: earlier.replyExternalId };
    if (now.getTime() - earlier.createdAt.getTime() < CLAIM_HOLDS_MS) throw new HttpError(409, 'replyInProgress');
    await tx
      .update(replyAttempts)
      .set({ createdAt: now })
      .where(and(eq(replyAttempts.userId, userId), eq(replyAttempts.attemptId, attemptId)));
    return { replyExternalId: null };
  });
}

/** The provider took the reply: a retry of the attempt answers it from now on. */
export async function recordReplyPosted(db: Database, userId: string, attemptId: string, replyExternalId: string) {
  await db
    .update(replyAttempts)
    .set({ replyExternalId })
    .where(and(eq(replyAttempts.userId, userId), eq(replyAttempts.attemptId, attemptId)));
}

/** Nothing was posted: the attempt may be tried again. */
export async function releaseReplyAttempt(db: Database, userId: string, attemptId: string) {
  await db
    .delete(replyAttempts)
    .where(
      and(
        eq(replyAttempts.userId, userId),
        eq(replyAttempts.attemptId, attemptId),
        isNull(replyAttempts.replyExternalId),
      ),
    );
}

/** Forgets attempts older than a day (the sync's round does it); answers how many. */
export async function pruneReplyAttempts(db: Database, now: Date): Promise<number> {
  const pruned = await db
    .delete(replyAttempts)
    .where(lt(replyAttempts.createdAt, new Date(now.getTime() - ATTEMPTS_KEPT_MS)))
    .returning({ one: sql`1` });
  return pruned.length;
}
