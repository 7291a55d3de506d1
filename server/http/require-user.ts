import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { UserRow } from '../db/schema';
import { accessTokenOptions, verifyAccessToken } from '../auth/access-tokens';
import { findUserOfLiveImpersonation, type Actor } from '../auth/impersonations';
import { findUserOfLiveSession } from '../auth/refresh-tokens';
import { unauthenticated } from './errors';
import type { AppEnv, Services } from './context';

/**
 * An admin acting as the signed-in user ("login as user"): the impersonation's id, the admin,
 * and the admin's own session it was started from.
 */
export type Impersonation = { id: string; actor: Actor; adminSessionId: string };

/**
 * Who a bearer token speaks for: the user, the session (the refresh family; for an
 * impersonation, the impersonation's id), and the impersonation when it is one, else null.
 */
export type SignedIn = { user: UserRow; sessionId: string; impersonation: Impersonation | null };

export type SignedInEnv = AppEnv & { Variables: SignedIn };

/** `Bearer <token>` (RFC 6750: the scheme in any case, one token68), and nothing more. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * The signed-in user and session behind the request's bearer token, or undefined: a missing or
 * malformed header, a token that fails any check (server/auth/access-tokens.ts), a user who no
 * longer exists, a session that ended (signed out, reused, expired) or a `token_version` that
 * moved on (password reset) all read as no one. A token with `act` is an impersonation's, and
 * counts only while its impersonation is live (server/auth/impersonations.ts).
 */
export async function authenticate(s: Services, c: Context): Promise<SignedIn | undefined> {
  const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) return undefined;
  const now = s.clock();
  const claims = await verifyAccessToken(token, accessTokenOptions(s.config), now);
  if (!claims) return undefined;
  const { actorId } = claims;
  if (actorId) {
    const live = await findUserOfLiveImpersonation(s.db, { ...claims, actorId }, now);
    if (!live || live.user.tokenVersion !== claims.tokenVersion) return undefined;
    const impersonation = { id: claims.sessionId, actor: live.actor, adminSessionId: live.adminSessionId };
    return { user: live.user, sessionId: claims.sessionId, impersonation };
  }
  const user = await findUserOfLiveSession(s.db, claims, now);
  if (!user || user.tokenVersion !== claims.tokenVersion) return undefined;
  return { user, sessionId: claims.sessionId, impersonation: null };
}

/**
 * Accepts a valid bearer access token of a live session, and puts its user (read fresh from
 * the database, so a changed role counts at once), session id and impersonation on the context.
 */
export const requireUser = (s: Services) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const signedIn = await authenticate(s, c);
    if (!signedIn) throw unauthenticated();
    c.set('user', signedIn.user);
    c.set('sessionId', signedIn.sessionId);
    c.set('impersonation', signedIn.impersonation);
    await next();
  });
