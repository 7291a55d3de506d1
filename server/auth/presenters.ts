import type { z } from 'zod/mini';
import type { TokenAnswerSchema, User } from '../../contract/auth';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';
import type { Impersonation } from '../http/require-user';
import { presentUser } from '../users/presenters';
import { pendingEmailChange } from './email-change';

/**
 * The token answer of sign-in, sign-up and refresh: the user as `me` shows them (a change of
 * address waiting included, and the token's session), since the app keeps it as `me`.
 */
export async function presentTokenAnswer(
  db: Database,
  user: UserRow,
  session: { sessionId: string; accessToken: string; expiresIn: number },
  now: number,
): Promise<z.input<typeof TokenAnswerSchema>> {
  const { sessionId, accessToken, expiresIn } = session;
  const presented = await presentSignedInUser(db, user, { sessionId, impersonation: null }, now);
  return { access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn, user: presented };
}

/**
 * The signed-in user as `me` answers: `sessionId` the token's session, whose private channel the
 * app listens on (contract/realtime.ts `userChannel`); while an admin acts as them,
 * `impersonatedBy` names the admin, so the app can say whose account this is and who is looking;
 * while a change of address waits for its link, `pendingEmail` says to which.
 */
export async function presentSignedInUser(
  db: Database,
  user: UserRow,
  session: { sessionId: string; impersonation: Pick<Impersonation, 'actor'> | null },
  now: number,
): Promise<User> {
  const presented: User = { ...(await presentUser(db, user)), sessionId: session.sessionId };
  const pending = await pendingEmailChange(db, user.id, now);
  if (pending) presented.pendingEmail = { email: pending.newEmail, expiresAt: pending.expiresAt.toISOString() };
  const { impersonation } = session;
  if (!impersonation) return presented;
  const { actor } = impersonation;
  return { ...presented, impersonatedBy: { id: actor.id, name: `${actor.firstName} ${actor.lastName}` } };
}
