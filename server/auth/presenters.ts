import type { z } from 'zod/mini';
import type { TokenAnswerSchema, User } from '../../contract/auth';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';
import type { Impersonation } from '../http/require-user';
import { presentUser } from '../users/presenters';
import { pendingEmailChange } from './email-change';

/**
 * The token answer of sign-in, sign-up and refresh: the user as `me` shows them (a change of
 * address waiting included), since the app keeps it as `me`.
 */
export async function presentTokenAnswer(
  db: Database,
  user: UserRow,
  accessToken: string,
  expiresIn: number,
  now: number,
): Promise<z.input<typeof TokenAnswerSchema>> {
  const presented = await presentSignedInUser(db, user, null, now);
  return { access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn, user: presented };
}

/**
 * The signed-in user as `me` answers: while an admin acts as them, `impersonatedBy` names the
 * admin, so the app can say whose account this is and who is looking; while a change of
 * address waits for its link, `pendingEmail` says to which.
 */
export async function presentSignedInUser(
  db: Database,
  user: UserRow,
  impersonation: Pick<Impersonation, 'actor'> | null,
  now: number,
): Promise<User> {
  const presented = await presentUser(db, user);
  const pending = await pendingEmailChange(db, user.id, now);
  if (pending) presented.pendingEmail = { email: pending.newEmail, expiresAt: pending.expiresAt.toISOString() };
  if (!impersonation) return presented;
  const { actor } = impersonation;
  return { ...presented, impersonatedBy: { id: actor.id, name: `${actor.firstName} ${actor.lastName}` } };
}
