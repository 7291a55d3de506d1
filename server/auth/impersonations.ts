import { and, eq, getTableColumns, gt, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { impersonations, users, type ImpersonationEnding, type ImpersonationRow, type UserRow } from '../db/schema';
import { isLiveSession } from './refresh-tokens';

/**
 * Impersonations ("login as user", docs/product.md#login-as-user; decision 022): an admin acting as
 * a user to see what they see. Each is a row of `impersonations` (who, whom, from which of the
 * admin's sessions, when it started, when it expires, when and how it ended), and its token
 * (server/auth/access-tokens.ts, with `act`) names the row as `sid`: the bearer check reads the row
 * on every call, so ending it ends the token at once. See docs/decisions/022-impersonation.md.
 */

/** The admin behind an impersonation, as the app's banner names them. */
export type Actor = { id: string; firstName: string; lastName: string };

/** A live impersonation: the user acted as, the admin acting, and the admin's own session. */
export type LiveImpersonation = { user: UserRow; actor: Actor; adminSessionId: string };

/**
 * Starts an impersonation of `userId` by `adminId` from the admin's session `adminSessionId`,
 * lasting `ttlSeconds`. The admin's earlier impersonations that ran out unended are closed
 * first, as 'expired' at the moment they expired, so the record says how each one ended.
 */
export async function startImpersonation(
  db: Database,
  who: { adminId: string; userId: string; adminSessionId: string },
  ttlSeconds: number,
  now: number,
): Promise<ImpersonationRow> {
  return db.transaction(async (tx) => {
    await tx
      .update(impersonations)
      .set({ endedAt: sql`${impersonations.expiresAt}`, endedHow: 'expired' })
      .where(
        and(
          eq(impersonations.adminId, who.adminId),
          isNull(impersonations.endedAt),
          lte(impersonations.expiresAt, new Date(now)),
        ),
      );
    const [row] = await tx
      .insert(impersonations)
      .values({ ...who, startedAt: new Date(now), expiresAt: new Date(now + ttlSeconds * 1000) })
      .returning();
    return row;
  });
}

/**
 * Ends the impersonation `id`, if it is still open, saying how. False when it had already
 * ended (the other of two racing ends wins nothing).
 */
export async function endImpersonation(
  db: Database,
  id: string,
  how: Exclude<ImpersonationEnding, 'expired'>,
  now: number,
): Promise<boolean> {
  const ended = await db
    .update(impersonations)
    .set({ endedAt: new Date(now), endedHow: how })
    .where(and(eq(impersonations.id, id), isNull(impersonations.endedAt)))
    .returning({ id: impersonations.id });
  return ended.length > 0;
}

/**
 * Ends every open impersonation `adminId` started from their session `adminSessionId`, as
 * 'signed_out': that session just ended, and their tokens with it. (By admin first: the admin's
 * index finds them, and for anyone else there is nothing to find.)
 */
export async function endImpersonationsOfSession(
  db: Database,
  adminId: string,
  adminSessionId: string,
  now: number,
): Promise<void> {
  await db
    .update(impersonations)
    .set({ endedAt: new Date(now), endedHow: 'signed_out' })
    .where(
      and(
        eq(impersonations.adminId, adminId),
        eq(impersonations.adminSessionId, adminSessionId),
        isNull(impersonations.endedAt),
      ),
    );
}

const admin = alias(users, 'impersonating_admin');

/**
 * What keeps an impersonation live, on `impersonations` joined to its user (`users`) and its admin
 * (`admin`): open and unexpired, the admin still an admin whose session it was started from is
 * live (signing the admin out, or a reset of their password, ends it too), and the user not an
 * admin (a promotion mid-way ends it: an impersonation never holds the role).
 */
function isLiveImpersonation(db: Database, now: number): SQL {
  return and(
    isNull(impersonations.endedAt),
    gt(impersonations.expiresAt, new Date(now)),
    ne(users.role, 'admin'),
    eq(admin.role, 'admin'),
    isLiveSession(db, impersonations.adminSessionId, impersonations.adminId, now),
  )!;
}

/**
 * The live impersonations of `userId` (admins acting as them), as a query to combine: by the
 * user's index of impersonations, few rows a user.
 */
export function liveImpersonationsOf(db: Database, userId: string, now: number) {
  return db
    .select({ sessionId: impersonations.id })
    .from(impersonations)
    .innerJoin(users, eq(users.id, impersonations.userId))
    .innerJoin(admin, eq(admin.id, impersonations.adminId))
    .where(and(eq(impersonations.userId, userId), isLiveImpersonation(db, now)));
}

/**
 * The user an impersonation's token speaks for, and the admin acting, in one query: only while
 * the impersonation is live (`isLiveImpersonation`).
 */
export async function findUserOfLiveImpersonation(
  db: Database,
  claims: { userId: string; sessionId: string; actorId: string },
  now: number,
): Promise<LiveImpersonation | undefined> {
  const [row] = await db
    .select({
      user: getTableColumns(users),
      actor: { id: admin.id, firstName: admin.firstName, lastName: admin.lastName },
      adminSessionId: impersonations.adminSessionId,
    })
    .from(impersonations)
    .innerJoin(users, eq(users.id, impersonations.userId))
    .innerJoin(admin, eq(admin.id, impersonations.adminId))
    .where(
      and(
        eq(impersonations.id, claims.sessionId),
        eq(impersonations.userId, claims.userId),
        eq(impersonations.adminId, claims.actorId),
        isLiveImpersonation(db, now),
      ),
    )
    .limit(1);
  return row;
}
