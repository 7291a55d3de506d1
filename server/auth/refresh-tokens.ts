import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { refreshTokens } from '../db/schema';
import { randomToken, sha256 } from './opaque-tokens';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

async function issue(db: Database, userId: string, familyId: string, now: number): Promise<string> {
  const token = randomToken();
  await db.insert(refreshTokens).values({
    familyId,
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(now + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  return token;
}

/** A sign-in starts a new family; the token returned is its first member. */
export function startFamily(db: Database, userId: string, now: number): Promise<string> {
  return issue(db, userId, randomUUID(), now);
}

async function revokeFamily(db: Database, familyId: string, now: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Trades a refresh token for its successor in the same family. Undefined when the token is
 * unknown, revoked, expired or was already rotated; in the last case someone holds a copy
 * (it was stolen, or replayed), so the whole family is revoked and every session descended
 * from that sign-in ends.
 */
export async function rotate(
  db: Database,
  token: string,
  now: number,
): Promise<{ userId: string; token: string } | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)))
    .limit(1);
  if (!row || row.revokedAt) return undefined;
  if (row.usedAt) {
    await revokeFamily(db, row.familyId, now);
    return undefined;
  }
  if (row.expiresAt.getTime() <= now) return undefined;

  return db.transaction(async (tx) => {
    // The conditional update lets exactly one of two concurrent rotations win; the loser
    // presented an already-used token, which is reuse like any other.
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      await revokeFamily(tx, row.familyId, now);
      return undefined;
    }
    return { userId: row.userId, token: await issue(tx, row.userId, row.familyId, now) };
  });
}

/** Sign-out: ends the family the presented token belongs to, whatever its state. */
export async function revokeFamilyOf(db: Database, token: string, now: number): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)))
    .limit(1);
  if (row) await revokeFamily(db, row.familyId, now);
}

/** After a password reset no session that existed before it may continue. */
export async function revokeAllFamiliesOf(db: Database, userId: string, now: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
