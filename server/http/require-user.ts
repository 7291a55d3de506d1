import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { UserRow } from '../db/schema';
import { accessTokenOptions, verifyAccessToken } from '../auth/access-tokens';
import { findUserOfLiveSession } from '../auth/refresh-tokens';
import { unauthenticated } from './errors';
import type { AppEnv, Services } from './context';

export type SignedInEnv = AppEnv & { Variables: { user: UserRow; sessionId: string } };

/** `Bearer <token>` (RFC 6750: the scheme in any case, one token68), and nothing more. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * The signed-in user and session behind the request's bearer token, or undefined: a missing or
 * malformed header, a token that fails any check (server/auth/access-tokens.ts), a user who no
 * longer exists, a session that ended (signed out, reused, expired) or a `token_version` that
 * moved on (password reset) all read as no one.
 */
export async function authenticate(s: Services, c: Context): Promise<{ user: UserRow; sessionId: string } | undefined> {
  const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) return undefined;
  const now = s.clock();
  const claims = await verifyAccessToken(token, accessTokenOptions(s.config), now);
  if (!claims) return undefined;
  const user = await findUserOfLiveSession(s.db, claims, now);
  if (!user || user.tokenVersion !== claims.tokenVersion) return undefined;
  return { user, sessionId: claims.sessionId };
}

/**
 * Accepts a valid bearer access token of a live session, and puts its user (read fresh from
 * the database, so a changed role counts at once) and session id on the context.
 */
export const requireUser = (s: Services) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const signedIn = await authenticate(s, c);
    if (!signedIn) throw unauthenticated();
    c.set('user', signedIn.user);
    c.set('sessionId', signedIn.sessionId);
    await next();
  });
