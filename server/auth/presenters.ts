import type { z } from 'zod/mini';
import type { TokenAnswerSchema, User } from '../../contract/auth';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';
import type { Impersonation } from '../http/require-user';
import { presentUser } from '../users/presenters';

/** The token answer of sign-in, sign-up and refresh. */
export async function presentTokenAnswer(
  db: Database,
  user: UserRow,
  accessToken: string,
  expiresIn: number,
): Promise<z.input<typeof TokenAnswerSchema>> {
  return { access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn, user: await presentUser(db, user) };
}

/**
 * The signed-in user as `me` answers: while an admin acts as them, `impersonatedBy` names the
 * admin, so the app can say whose account this is and who is looking.
 */
export async function presentSignedInUser(
  db: Database,
  user: UserRow,
  impersonation: Pick<Impersonation, 'actor'> | null,
): Promise<User> {
  const presented = await presentUser(db, user);
  if (!impersonation) return presented;
  const { actor } = impersonation;
  return { ...presented, impersonatedBy: { id: actor.id, name: `${actor.firstName} ${actor.lastName}` } };
}
