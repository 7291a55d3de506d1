import { Hono } from 'hono';
import * as mauticContract from '../../contract/mautic';
import type { AppEnv, Services } from '../http/context';
import { HttpError, ValidationError } from '../http/errors';
import { reply, route } from '../http/operation';
import { rateLimitCheck, type Limit } from '../http/rate-limiter';
import { createEncryption } from '../security/encryption';
import { exchangeAuthorizationCode, MauticError } from './client';
import { mauticRedirectUri, presentMauticStatus } from './presenters';
import { findMauticToken, saveMauticToken } from './queries';

const MINUTE = 60_000;

/**
 * Exchanges per admin: a person authorising again after a typo or a denied consent needs a
 * few; a script replaying codes, or hammering a Mautic through us, gets a growing wait.
 */
export const MAUTIC_EXCHANGE_LIMIT: Limit = {
  max: 10,
  windowMs: 15 * MINUTE,
  backoffMs: MINUTE,
  maxBackoffMs: 15 * MINUTE,
};

/**
 * Where each token is kept, bound into its encryption: a value copied into the other column
 * does not decrypt there.
 */
export const MAUTIC_TOKEN_CONTEXT = {
  access: 'mautic_tokens.access_token',
  refresh: 'mautic_tokens.refresh_token',
} as const;

/** What each way of failing answers (contract/mautic.ts). */
function answerFor(error: MauticError): Error {
  switch (error.problem) {
    case 'code':
      return new ValidationError([{ field: 'code', rule: 'mauticCodeRefused' }]);
    case 'client':
      return new HttpError(502, 'mauticClientRefused');
    case 'answer':
      return new HttpError(502, 'mauticBadAnswer', { status: error.status ?? 0 });
    case 'unreachable':
      return new HttpError(502, 'mauticUnreachable');
  }
}

/** The Mautic authorisation (contract/mautic.ts). */
export function mauticRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  const encryption = createEncryption(s.config.tokenEncryptionKey);

  route(routes, s, mauticContract.showMautic, async (c) =>
    reply(c, mauticContract.showMautic, 200, presentMauticStatus(s.config, await findMauticToken(s.db))),
  );

  route(routes, s, mauticContract.obtainMauticToken, async (c, { body }) => {
    const mautic = s.config.mautic;
    if (!mautic) throw new HttpError(409, 'mauticNotConfigured');
    const admin = c.get('user');
    const perAdmin = rateLimitCheck('mautic_token', 'account', MAUTIC_EXCHANGE_LIMIT, admin.id);
    await s.rateLimiter.enforce([perAdmin]);

    let tokens;
    try {
      tokens = await exchangeAuthorizationCode(mautic, { code: body.code, redirectUri: mauticRedirectUri(s.config) });
    } catch (error) {
      if (!(error instanceof MauticError)) throw error;
      // The problem and Mautic's error code only: its description may quote what it was sent.
      c.get('log').warn(
        { adminId: admin.id, problem: error.problem, status: error.status, oauthError: error.oauthError },
        'mautic token exchange failed',
      );
      throw answerFor(error);
    }

    const now = s.clock();
    const row = await saveMauticToken(s.db, {
      accessToken: encryption.encrypt(tokens.accessToken, MAUTIC_TOKEN_CONTEXT.access),
      refreshToken:
        tokens.refreshToken === undefined
          ? null
          : encryption.encrypt(tokens.refreshToken, MAUTIC_TOKEN_CONTEXT.refresh),
      expiresAt: new Date(now + tokens.expiresIn * 1000),
      obtainedBy: admin.id,
      obtainedAt: new Date(now),
    });
    // An admin succeeding is no attempt to hold against them.
    await s.rateLimiter.refund([perAdmin]);
    c.get('log').info({ adminId: admin.id, expiresAt: row.expiresAt.toISOString() }, 'mautic token obtained');
    return reply(c, mauticContract.obtainMauticToken, 200, presentMauticStatus(s.config, row));
  });

  return routes;
}
