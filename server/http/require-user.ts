import { createMiddleware } from 'hono/factory';
import type { UserRow } from '../db/schema';
import { verifyAccessToken } from '../auth/access-tokens';
import { findUserById } from '../users/queries';
import { unauthenticated } from './errors';
import type { AppEnv, Services } from './context';

export type SignedInEnv = AppEnv & { Variables: { user: UserRow } };

/**
 * Accepts a valid bearer access token whose user still exists, and puts that user (read
 * fresh from the database, so a changed role counts at once) on the context.
 */
export const requireUser = (s: Services) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const [scheme, token] = (c.req.header('authorization') ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthenticated();
    const claims = await verifyAccessToken(
      token,
      { secret: s.config.jwtSecret, ttlSeconds: s.config.accessTokenTtlSeconds },
      s.clock(),
    );
    const user = claims && (await findUserById(s.db, claims.userId));
    if (!user) throw unauthenticated();
    c.set('user', user);
    await next();
  });
