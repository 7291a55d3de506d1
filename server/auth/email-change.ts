import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { emailChanges, users, type UserRow } from '../db/schema';
import { randomToken, sha256 } from './opaque-tokens';
import { endAllSessionsOf, startFamily, type IssuedRefreshToken, type SessionLifetimes } from './refresh-tokens';

/** Long enough to reach a mailbox opened once a day; the change waits for it meanwhile. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;

export type PendingEmailChange = { newEmail: string; expiresAt: Date };

/**
 * Records `newEmail` as the address `userId` asks to move to, replacing any earlier request (its
 * link stops working), and answers the new link's token. Only its hash is stored.
 */
export async function requestEmailChange(
  db: Database,
  userId: string,
  newEmail: string,
  now: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const row = { newEmail, tokenHash: sha256(token), expiresAt: new Date(now + EMAIL_CHANGE_TTL_MS) };
  await db
    .insert(emailChanges)
    .values({ userId, ...row, createdAt: new Date(now) })
    .onConflictDoUpdate({ target: emailChanges.userId, set: { ...row, createdAt: new Date(now) } });
  return { token, expiresAt: row.expiresAt };
}

/** The user's change still waiting for its link, if any (an expired one is no longer waiting). */
export async function pendingEmailChange(
  db: Database,
  userId: string,
  now: number,
): Promise<PendingEmailChange | undefined> {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, new Date(now))));
  return row;
}

export async function cancelEmailChange(db: Database, userId: string): Promise<void> {
  await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
}

/** Whether another account than `userId` has `email`, whatever its case. */
export async function emailTakenByAnother(db: Database, userId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), sql`${users.id} <> ${userId}`))
    .limit(1);
  return Boolean(row);
}

export type Confirmation =
  | { outcome: 'changed'; user: UserRow; session: IssuedRefreshToken }
  | { outcome: 'invalid' }
  | { outcome: 'taken'; newEmail: string };

/**
 * Moves `userId` to the address its link `token` was sent to. The link must be the user's
 * latest, unexpired and unused: the row is deleted as it is used, so of two concurrent
 * confirmations one changes the address and the other finds nothing. Every session of the
 * account ends (the address is the key to it) and this browser goes on in a new one. When
 * another account took the address meanwhile, nothing changes and the request is dropped: it
 * could never succeed.
 */
export async function confirmEmailChange(
  db: Database,
  userId: string,
  token: string,
  sessions: SessionLifetimes,
  now: number,
): Promise<Confirmation> {
  const result = await db
    .transaction(async (tx): Promise<Confirmation> => {
      const [spent] = await tx
        .delete(emailChanges)
        .where(
          and(
            eq(emailChanges.tokenHash, sha256(token)),
            eq(emailChanges.userId, userId),
            gt(emailChanges.expiresAt, new Date(now)),
          ),
        )
        .returning({ newEmail: emailChanges.newEmail });
      if (!spent) return { outcome: 'invalid' };
      const [user] = await tx
        .update(users)
        .set({ email: spent.newEmail, updatedAt: new Date(now) })
        .where(eq(users.id, userId))
        .returning();
      if (!user) return { outcome: 'invalid' };
      await endAllSessionsOf(tx, userId, now, 'emailChanged');
      const session = await startFamily(tx, userId, sessions, now);
      const [fresh] = await tx.select().from(users).where(eq(users.id, userId));
      return { outcome: 'changed', user: fresh!, session };
    })
    .catch((error: unknown) => (isUniqueViolation(error) ? undefined : Promise.reject(error)));
  if (result) return result;
  // The unique index refused the address: the transaction rolled back, so the row is still
  // there; it can never succeed, so it goes.
  const [dropped] = await db
    .delete(emailChanges)
    .where(and(eq(emailChanges.tokenHash, sha256(token)), eq(emailChanges.userId, userId)))
    .returning({ newEmail: emailChanges.newEmail });
  return dropped ? { outcome: 'taken', newEmail: dropped.newEmail } : { outcome: 'invalid' };
}

export function emailChangeLink(appUrl: string, token: string): string {
  return `${appUrl}/user/account/email/${encodeURIComponent(token)}`;
}
