import { createMiddleware } from 'hono/factory';
import type { Role } from '../../contract/fields';
import type { Services } from './context';
import { HttpError } from './errors';
import { requireUser, type SignedInEnv } from './require-user';

/**
 * A signed-in user (401 otherwise, as `requireUser`) whose role is one of `roles` (403
 * otherwise). The role is read fresh with the user, so a demotion counts at once.
 */
export const requireRole = (s: Services, ...roles: [Role, ...Role[]]) => {
  const signedIn = requireUser(s);
  return createMiddleware<SignedInEnv>((c, next) =>
    signedIn(c, async () => {
      if (!roles.includes(c.get('user').role)) throw new HttpError(403, 'forbidden');
      await next();
    }),
  );
};
