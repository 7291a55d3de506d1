import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { facebookDeletionRequests, type FacebookDeletionRequestRow } from '../db/schema';

/** 24 random bytes: 192 bits, 32 base64url characters (contract DELETION_STATUS_ID). */
const newStatusId = () => randomBytes(24).toString('base64url');

// Letters and digits a person reads back without mistaking one for another (no 0/O, 1/I/L).
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 12;

/** A code the person quotes to support: 12 characters of 31, some 59 bits, unique by index. */
function newConfirmationCode(): string {
  const code: string[] = [];
  // Rejection sampling: bytes past the last whole multiple of the alphabet would favour its head.
  const limit = 256 - (256 % CODE_ALPHABET.length);
  while (code.length < CODE_LENGTH) {
    for (const byte of randomBytes(CODE_LENGTH * 2)) {
      if (byte < limit && code.length < CODE_LENGTH) code.push(CODE_ALPHABET[byte % CODE_ALPHABET.length]!);
    }
  }
  return code.join('');
}

/**
 * The user's request made since `since`, or a new one: `created` says which. Under a lock on the
 * user id for the transaction, so the same callback posted twice at once records one request.
 */
export async function findOrInsertDeletionRequest(
  db: Database,
  facebookUserId: string,
  requestedAt: Date,
  since: Date,
): Promise<{ request: FacebookDeletionRequestRow; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`facebook-deletion:${facebookUserId}`}, 0))`);
    const [existing] = await tx
      .select()
      .from(facebookDeletionRequests)
      .where(
        and(
          eq(facebookDeletionRequests.facebookUserId, facebookUserId),
          gte(facebookDeletionRequests.requestedAt, since),
        ),
      )
      .orderBy(desc(facebookDeletionRequests.requestedAt))
      .limit(1);
    if (existing) return { request: existing, created: false };
    const [row] = await tx
      .insert(facebookDeletionRequests)
      .values({ id: newStatusId(), facebookUserId, confirmationCode: newConfirmationCode(), requestedAt })
      .returning();
    return { request: row!, created: true };
  });
}

export async function findDeletionRequest(db: Database, id: string): Promise<FacebookDeletionRequestRow | undefined> {
  const [row] = await db.select().from(facebookDeletionRequests).where(eq(facebookDeletionRequests.id, id)).limit(1);
  return row;
}

/** Marks a request done; false when it already was (a job run twice). */
export async function markDeleted(db: Database, id: string, completedAt: Date): Promise<boolean> {
  const updated = await db
    .update(facebookDeletionRequests)
    .set({ status: 'deleted', completedAt })
    .where(and(eq(facebookDeletionRequests.id, id), eq(facebookDeletionRequests.status, 'in_progress')))
    .returning({ id: facebookDeletionRequests.id });
  return updated.length > 0;
}
