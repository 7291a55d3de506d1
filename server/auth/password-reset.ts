import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { passwordResetTokens, users } from '../db/schema';
import type { PasswordHasher } from './passwords';
import { randomToken, sha256 } from './opaque-tokens';
import { endAllSessionsOf } from './refresh-tokens';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;

export async function createResetToken(db: Database, userId: string, now: number): Promise<string> {
  const token = randomToken();
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(now + RESET_TOKEN_TTL_MS),
  });
  return token;
}

export function resetLink(appUrl: string, token: string, email: string): string {
  return `${appUrl}/reset-password/${encodeURIComponent(token)}?email=${encodeURIComponent(email)}`;
}

/**
 * Sets a new password when `token` is a live reset token issued to `email`'s owner, and
 * answers that user's id. Undefined otherwise, without saying which check failed. On success
 * the token and every other outstanding reset token of that user are spent, and every session
 * ends: refresh families revoked, access tokens refused at once (`token_version`).
 */
export async function resetPassword(
  db: Database,
  passwords: PasswordHasher,
  input: { email: string; password: string; token: string },
  now: number,
): Promise<{ userId: string } | undefined> {
  const [found] = await db
    .select({ tokenId: passwordResetTokens.id, userId: users.id })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(input.token)),
        eq(sql`lower(${users.email})`, input.email.toLowerCase()),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date(now)),
      ),
    )
    .limit(1);
  if (!found) return undefined;

  const passwordHash = await passwords.hash(input.password);
  return db.transaction(async (tx) => {
    // Spending the token is conditional, so two concurrent resets cannot both succeed.
    const spent = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(passwordResetTokens.id, found.tokenId), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (spent.length === 0) return undefined;
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(passwordResetTokens.userId, found.userId), isNull(passwordResetTokens.usedAt)));
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date(now) })
      .where(eq(users.id, found.userId));
    await endAllSessionsOf(tx, found.userId, now, 'passwordReset');
    return { userId: found.userId };
  });
}
