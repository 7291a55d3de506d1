import type { Database } from '../db/client';
import { mauticTokens, type MauticTokenRow } from '../db/schema';

/** The installation's Mautic token row (its tokens still encrypted), if one was obtained. */
export async function findMauticToken(db: Database): Promise<MauticTokenRow | undefined> {
  const [row] = await db.select().from(mauticTokens).limit(1);
  return row;
}

export type NewMauticToken = {
  /** Both already encrypted (server/security/encryption.ts). */
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  obtainedBy: string;
  obtainedAt: Date;
};

/** Keeps a newly obtained token in place of any before it: the installation holds one. */
export async function saveMauticToken(db: Database, token: NewMauticToken): Promise<MauticTokenRow> {
  const [row] = await db
    .insert(mauticTokens)
    .values({ id: true, ...token, createdAt: token.obtainedAt, updatedAt: token.obtainedAt })
    .onConflictDoUpdate({ target: mauticTokens.id, set: { ...token, updatedAt: token.obtainedAt } })
    .returning();
  return row;
}
