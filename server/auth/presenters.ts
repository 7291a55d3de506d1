import type { z } from 'zod/mini';
import type { TokenAnswerSchema } from '../../contract/auth';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';
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
