import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Provider } from '../../contract/fields';
import type { Context } from 'hono';
import type { Database } from '../db/client';
import { oauthStates, type OAuthPurpose, type OAuthStateRow } from '../db/schema';
import type { Services } from '../http/context';
import type { SignedInEnv } from '../http/require-user';
import { HttpError } from '../http/errors';

/**
 * The `state` of each OAuth round trip (RFC 6749 §10.12; decision 025): random, single-use, short-
 * lived, and bound to the browser that started it, so a return cannot be forged from elsewhere
 * (login CSRF), replayed, or finished by another session. Only its SHA-256 is stored: a copy of
 * the database cannot be used to finish someone's round trip.
 */

/** A round trip takes a person through a consent page: ten minutes is generous. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');

/** What a round trip is bound to: the signed-in session (its id), or a guest's random cookie. */
export const bindingOf = (sessionOrCookie: string) => sha256(`binding:${sessionOrCookie}`);

export interface NewOAuthState {
  /** `bindingOf(...)` of the browser starting it. */
  bindingHash: string;
  userId?: string | null;
  provider: Provider;
  purpose: OAuthPurpose;
  redirectUri: string;
  accountId?: string | null;
  projectId?: string | null;
}

/** Starts a round trip: the `state` to send to the provider (256 random bits, base64url). */
export async function issueOAuthState(db: Database, state: NewOAuthState, now: number): Promise<string> {
  const value = randomBytes(32).toString('base64url');
  await db.insert(oauthStates).values({
    ...state,
    stateHash: sha256(value),
    expiresAt: new Date(now + OAUTH_STATE_TTL_MS),
  });
  return value;
}

export type StateRefusal = 'unknown' | 'expired' | 'used' | 'otherBrowser';

/**
 * Ends a round trip: the state's record, once, if it was issued to this browser and is still
 * fresh; else why not. Marking it used is the same statement that checks it, so two returns with
 * the same state (a reload, a replay) cannot both pass.
 */
export async function consumeOAuthState(
  db: Database,
  value: string,
  bindingHash: string,
  now: number,
): Promise<{ state: OAuthStateRow } | { refused: StateRefusal }> {
  const stateHash = sha256(value);
  const [taken] = await db
    .update(oauthStates)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(oauthStates.stateHash, stateHash),
        eq(oauthStates.bindingHash, bindingHash),
        isNull(oauthStates.usedAt),
        sql`${oauthStates.expiresAt} > ${new Date(now).toISOString()}::timestamptz`,
      ),
    )
    .returning();
  if (taken) return { state: taken };
  // Refused: say why, for the log and the message (the row, if any, is left as it was).
  const [row] = await db.select().from(oauthStates).where(eq(oauthStates.stateHash, stateHash)).limit(1);
  if (!row) return { refused: 'unknown' };
  if (row.usedAt) return { refused: 'used' };
  if (row.bindingHash !== bindingHash) return { refused: 'otherBrowser' };
  return { refused: 'expired' };
}

/** Forgets round trips that ended or ran out more than a day ago (called now and then). */
export async function sweepOAuthStates(db: Database, now: number): Promise<number> {
  const gone = await db
    .delete(oauthStates)
    .where(lt(oauthStates.expiresAt, new Date(now - 24 * 3_600_000)))
    .returning({ stateHash: oauthStates.stateHash });
  return gone.length;
}

/**
 * A signed-in user's return from a provider: the state, spent now, must be one this session
 * started, for this user, this provider, one of `purposes` and this redirect URI; anything else
 * is logged and answers 409 before any code reaches the provider.
 */
export async function takeReturnState(
  s: Services,
  c: Context<SignedInEnv>,
  value: string,
  expected: { provider: Provider; purposes: readonly OAuthPurpose[]; redirectUri: string },
): Promise<OAuthStateRow> {
  const user = c.get('user');
  const consumed = await consumeOAuthState(s.db, value, bindingOf(c.get('sessionId')), s.clock());
  const state = 'state' in consumed ? consumed.state : undefined;
  if (
    state &&
    state.userId === user.id &&
    state.provider === expected.provider &&
    expected.purposes.includes(state.purpose) &&
    state.redirectUri === expected.redirectUri
  ) {
    return state;
  }
  c.get('log').warn(
    { userId: user.id, provider: expected.provider, refused: 'refused' in consumed ? consumed.refused : 'purpose' },
    'oauth state refused',
  );
  throw new HttpError(409, 'oauthStateRefused');
}
