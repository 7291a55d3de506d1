import { createMiddleware } from 'hono/factory';
import type { Role } from '../../contract/fields';
import type { Services } from './context';
import { HttpError } from './errors';
import { requireUser, type SignedInEnv } from './require-user';

/**
 * A signed-in user (401 otherwise, as `requireUser`) whose role is one of `roles` (403
 * otherwise). The role is read fresh with the user, so a demotion counts at once. An
 * impersonation is never more than a user, whatever the row says: its token cannot reach an
 * admin operation, even if the user it acts as were an admin.
 */
export const requireRole = (s: Services, ...roles: [Role, ...Role[]]) => {
  const signedIn = requireUser(s);
  return createMiddleware<SignedInEnv>((c, next) =>
    signedIn(c, async () => {
      const impersonating = c.get('impersonation') !== null;
      const role: Role = impersonating ? 'user' : c.get('user').role;
      if (!roles.includes(role)) throw new HttpError(403, impersonating ? 'impersonationForbidden' : 'forbidden');
      await next();
    }),
  );
};
