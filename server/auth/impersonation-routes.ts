import { Hono } from 'hono';
import * as impersonationContract from '../../contract/impersonation';
import { logAuthEvent } from '../http/auth-events';
import { clientIp } from '../http/client-ip';
import type { AppEnv, Services } from '../http/context';
import { HttpError } from '../http/errors';
import type { MessageKey } from '../http/i18n';
import { reply, route } from '../http/operation';
import { findUserById } from '../users/queries';
import { accessTokenOptions, issueAccessToken } from './access-tokens';
import { endImpersonation as endImpersonationRow, startImpersonation } from './impersonations';
import { presentSignedInUser } from './presenters';

/**
 * "Login as user" (docs/product.md#login-as-user) and its way back. Only an admin's own token
 * reaches login-as-user (`access: 'admin'`, and requireRole never lets an impersonation's token
 * through, so one impersonation cannot start another); the end is called with the impersonation's
 * token.
 */
export function impersonationRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  const tokenOptions = accessTokenOptions(s.config);

  route(routes, s, impersonationContract.loginAsUser, async (c, { body }) => {
    const admin = c.get('user');
    const ip = clientIp(c, s.config.trustProxy);
    const refuse = (status: 403 | 404, key: MessageKey, reason: string): never => {
      logAuthEvent(c, 'impersonation_refused', {
        userId: admin.id,
        targetUserId: body.id,
        reason,
        ip,
      });
      throw new HttpError(status, key);
    };

    const user = (await findUserById(s.db, body.id)) ?? refuse(404, 'userNotFound', 'unknown_user');
    // Support sees customers' accounts, never another admin's: an admin's powers are not to be
    // borrowed (and one cannot impersonate oneself).
    if (user.role === 'admin') refuse(403, 'impersonateAdmin', 'admin_target');

    const now = s.clock();
    const impersonation = await startImpersonation(
      s.db,
      { adminId: admin.id, userId: user.id, adminSessionId: c.get('sessionId') },
      s.config.impersonationTtlSeconds,
      now,
    );
    const accessToken = await issueAccessToken(
      {
        userId: user.id,
        role: user.role,
        sessionId: impersonation.id,
        tokenVersion: user.tokenVersion,
        actorId: admin.id,
      },
      tokenOptions,
      now,
    );
    logAuthEvent(c, 'impersonation_started', {
      userId: admin.id,
      targetUserId: user.id,
      impersonationId: impersonation.id,
      ip,
    });
    // No cookie: the token is never refreshed, and the admin's own refresh cookie stays theirs.
    return reply(c, impersonationContract.loginAsUser, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: s.config.impersonationTtlSeconds,
      user: await presentSignedInUser(
        s.db,
        user,
        { sessionId: impersonation.id, impersonation: { actor: admin } },
        s.clock(),
      ),
    });
  });

  route(routes, s, impersonationContract.endImpersonation, async (c) => {
    const impersonation = c.get('impersonation');
    if (!impersonation) throw new HttpError(409, 'notImpersonating');
    // The bearer check just found it open; of two racing ends, one records it.
    if (await endImpersonationRow(s.db, impersonation.id, 'ended', s.clock())) {
      logAuthEvent(c, 'impersonation_ended', {
        userId: impersonation.actor.id,
        targetUserId: c.get('user').id,
        impersonationId: impersonation.id,
        how: 'ended',
        ip: clientIp(c, s.config.trustProxy),
      });
    }
    return reply(c, impersonationContract.endImpersonation, 204);
  });

  return routes;
}
