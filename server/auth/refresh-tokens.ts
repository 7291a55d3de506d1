import { randomUUID } from 'node:crypto';
import { and, eq, exists, getTableColumns, gt, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/client';
import { impersonations, refreshTokens, users, type UserRow } from '../db/schema';
import { randomToken, sha256 } from './opaque-tokens';
import type { SessionEndReason } from '../../contract/auth';

/**
 * How long a session (a refresh family) lives: `idleSeconds` after its last refresh, and never
 * longer than `absoluteSeconds` after its sign-in, however often it is refreshed.
 */
export type SessionLifetimes = { idleSeconds: number; absoluteSeconds: number };

/** A refresh token just issued: the cookie's value, its session, and when it stops working. */
export type IssuedRefreshToken = { token: string; familyId: string; expiresAt: Date };

async function issue(
  db: Database,
  userId: string,
  family: { id: string; expiresAt: Date },
  lifetimes: SessionLifetimes,
  now: number,
): Promise<IssuedRefreshToken> {
  const token = randomToken();
  const expiresAt = new Date(Math.min(now + lifetimes.idleSeconds * 1000, family.expiresAt.getTime()));
  await db.insert(refreshTokens).values({
    familyId: family.id,
    userId,
    tokenHash: sha256(token),
    expiresAt,
    familyExpiresAt: family.expiresAt,
  });
  return { token, familyId: family.id, expiresAt };
}

/** A sign-in starts a new family; the token returned is its first member. */
export function startFamily(
  db: Database,
  userId: string,
  lifetimes: SessionLifetimes,
  now: number,
): Promise<IssuedRefreshToken> {
  return issue(
    db,
    userId,
    { id: randomUUID(), expiresAt: new Date(now + lifetimes.absoluteSeconds * 1000) },
    lifetimes,
    now,
  );
}

export async function revokeFamily(
  db: Database,
  familyId: string,
  now: number,
  why: SessionEndReason = 'signedOut',
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(now), revokedWhy: why })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export type Rotation =
  | { outcome: 'rotated'; userId: string; issued: IssuedRefreshToken }
  /** A rotated token came back: someone holds a copy; its family is now revoked. */
  | { outcome: 'reused'; userId: string; familyId: string }
  /** Unknown, expired, or revoked (`ended`: why, where it was recorded). */
  | { outcome: 'refused'; ended?: SessionEndReason | undefined };

/**
 * Trades a refresh token for its successor in the same family. Refused when the token is
 * unknown, revoked or expired (idle or absolute); when it was already rotated, someone holds a
 * copy (it was stolen, or replayed), so the whole family is revoked and every session
 * descended from that sign-in ends, access tokens included.
 */
export async function rotate(db: Database, token: string, lifetimes: SessionLifetimes, now: number): Promise<Rotation> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)))
    .limit(1);
  if (!row || row.revokedAt) return { outcome: 'refused', ended: row?.revokedWhy ?? undefined };
  const reused = { outcome: 'reused', userId: row.userId, familyId: row.familyId } as const;
  if (row.usedAt) {
    await revokeFamily(db, row.familyId, now, 'reused');
    return reused;
  }
  if (row.expiresAt.getTime() <= now || row.familyExpiresAt.getTime() <= now) return { outcome: 'refused' };

  return db.transaction(async (tx) => {
    // The conditional update lets exactly one of two concurrent rotations win; the loser
    // presented an already-used token, which is reuse like any other.
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      await revokeFamily(tx, row.familyId, now, 'reused');
      return reused;
    }
    const issued = await issue(tx, row.userId, { id: row.familyId, expiresAt: row.familyExpiresAt }, lifetimes, now);
    return { outcome: 'rotated', userId: row.userId, issued } as const;
  });
}

/** Sign-out: ends the family the presented token belongs to, whatever its state. */
export async function revokeFamilyOf(
  db: Database,
  token: string,
  now: number,
): Promise<{ userId: string; familyId: string } | undefined> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)))
    .limit(1);
  if (row) await revokeFamily(db, row.familyId, now);
  return row;
}

/**
 * Signs a user out everywhere: every family revoked, and `token_version` bumped so every
 * access token ever issued to them stops working at once. Used by a password reset or change,
 * an address change and "sign out everywhere". The impersonations of the user (whose tokens
 * carry the old `token_version`) and those the user started as an admin (from sessions that
 * just ended) stopped with them, and are closed as `signed_out`, so nothing reads them as live
 * (the real-time publisher neither: docs/decisions/056-live-updates-end-with-the-session.md).
 */
export async function endAllSessionsOf(
  db: Database,
  userId: string,
  now: number,
  why: SessionEndReason,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(now), revokedWhy: why })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date(now) })
    .where(eq(users.id, userId));
  await db
    .update(impersonations)
    .set({ endedAt: new Date(now), endedHow: 'signed_out' })
    .where(
      and(or(eq(impersonations.userId, userId), eq(impersonations.adminId, userId)), isNull(impersonations.endedAt)),
    );
}

/** A family's current token, while the family is live: not revoked, unused, not expired (idle or absolute). */
function liveToken(now: number): SQL {
  const at = new Date(now);
  return and(
    isNull(refreshTokens.revokedAt),
    isNull(refreshTokens.usedAt),
    gt(refreshTokens.expiresAt, at),
    gt(refreshTokens.familyExpiresAt, at),
  )!;
}

/**
 * True (as a condition of an outer query) while the session `familyId` of `userId` is live:
 * not revoked, not expired, its current token unused.
 */
export function isLiveSession(db: Database, familyId: SQLWrapper | string, userId: SQLWrapper, now: number): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId), liveToken(now))),
  );
}

/**
 * The live sessions (refresh families) of `userId`, as a query to combine: each family's current
 * token, by the partial index of tokens neither used nor revoked (`refresh_tokens_live_user_id_idx`),
 * so a user's years of rotated tokens are never read.
 */
export function liveSessionsOf(db: Database, userId: string, now: number) {
  return db
    .select({ sessionId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), liveToken(now)));
}

/**
 * The user an access token speaks for, in one query: only while the session it was issued
 * for (`sid`, its refresh family) is live: not revoked, not expired, its current token
 * unused. Signing out, reuse detection and a session's end thus end its access tokens too.
 */
export async function findUserOfLiveSession(
  db: Database,
  claims: { userId: string; sessionId: string },
  now: number,
): Promise<UserRow | undefined> {
  const [user] = await db
    .select(getTableColumns(users))
    .from(users)
    .where(and(eq(users.id, claims.userId), isLiveSession(db, claims.sessionId, users.id, now)))
    .limit(1);
  return user;
}
