import type { Database } from '../db/client';
import { liveImpersonationsOf } from './impersonations';
import { liveSessionsOf } from './refresh-tokens';

/**
 * Every session through which `userId` is signed in at `now`, in one query: their live refresh
 * families (not revoked, their current token unused, within the idle and absolute limits) and
 * the live impersonations of them (an admin acting as the user). These are the `sid`s a bearer
 * token of the user is accepted with, by the same conditions (server/http/require-user.ts); the
 * real-time publisher sends the user's events to each one's private channel and to no other
 * (docs/decisions/056-live-updates-end-with-the-session.md).
 */
export async function liveSessionIdsOf(db: Database, userId: string, now: number): Promise<string[]> {
  const rows = await liveSessionsOf(db, userId, now).unionAll(liveImpersonationsOf(db, userId, now));
  return [...new Set(rows.map((row) => row.sessionId))];
}
