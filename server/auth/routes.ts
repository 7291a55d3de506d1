import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { forgot, login, logout, me, refresh, register, reset, updateMe } from '../../contract/auth';
import type { UserRow } from '../db/schema';
import { passwordResetMail } from '../mail/templates';
import { clientIp } from '../http/client-ip';
import type { AppEnv, Services } from '../http/context';
import { fieldError, HttpError, tooManyAttempts, unauthenticated } from '../http/errors';
import { message } from '../http/i18n';
import { reply, route } from '../http/operation';
import type { Limit } from '../http/rate-limiter';
import { presentUser } from '../users/presenters';
import { findUserByEmail, findUserById, insertUser, updateUserLanguage } from '../users/queries';
import { issueAccessToken } from './access-tokens';
import { createResetToken, resetLink, resetPassword } from './password-reset';
import { presentTokenAnswer } from './presenters';
import { REFRESH_TOKEN_TTL_SECONDS, revokeFamilyOf, rotate, startFamily } from './refresh-tokens';

const REFRESH_COOKIE = 'refresh_token';
const REFRESH_COOKIE_PATH = '/v1.0/auth';

export function authRoutes(s: Services) {
  const routes = new Hono<AppEnv>();

  const cookieOptions = {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure: s.config.secureCookies,
  } as const;

  /** Sets the refresh cookie to `refreshToken` and issues an access token for `user`. */
  async function signIn(c: Context, user: UserRow, refreshToken: string) {
    setCookie(c, REFRESH_COOKIE, refreshToken, { ...cookieOptions, maxAge: REFRESH_TOKEN_TTL_SECONDS });
    const accessToken = await issueAccessToken(
      { userId: user.id, role: user.role },
      { secret: s.config.jwtSecret, ttlSeconds: s.config.accessTokenTtlSeconds },
      s.clock(),
    );
    return presentTokenAnswer(s.db, user, accessToken, s.config.accessTokenTtlSeconds);
  }

  /** The counters one request is measured against: its email from its IP, and its IP alone. */
  function limitChecks(
    scope: string,
    email: string,
    ip: string,
    limits: { perEmailAndIp: Limit; perIp: Limit },
  ): Array<[key: string, limit: Limit]> {
    return [
      [`${scope}:${email.toLowerCase()}|${ip}`, limits.perEmailAndIp],
      [`${scope}:${ip}`, limits.perIp],
    ];
  }

  /** Throws 429 when any of the keys is at its limit; the longest wait wins. */
  function ensureUnderLimits(checks: Array<[key: string, limit: Limit]>) {
    const wait = Math.max(...checks.map(([key, limit]) => s.rateLimiter.retryAfter(key, limit)));
    if (wait > 0) throw tooManyAttempts(wait);
  }

  route(routes, s, login, async (c, { body }) => {
    const ip = clientIp(c, s.config.trustProxy);
    const checks = limitChecks('sign-in', body.email, ip, s.rateLimits.signIn);
    ensureUnderLimits(checks);

    const user = await findUserByEmail(s.db, body.email);
    const valid = user
      ? await s.passwords.verify(body.password, user.passwordHash)
      : await s.passwords.verifyUnknown(body.password);
    if (!user || !valid) {
      // Only failures count, so a user who signs in often is never locked out.
      for (const [key, limit] of checks) s.rateLimiter.hit(key, limit);
      throw new HttpError(401, 'invalidCredentials');
    }
    s.rateLimiter.clear(checks[0][0]);
    return reply(c, login, 200, await signIn(c, user, await startFamily(s.db, user.id, s.clock())));
  });

  route(routes, s, register, async (c, { body }) => {
    const user = await insertUser(s.db, {
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      passwordHash: await s.passwords.hash(body.password),
      language: body.language ?? c.get('lang'),
    });
    if (!user) throw fieldError('email', 'taken');
    return reply(c, register, 201, await signIn(c, user, await startFamily(s.db, user.id, s.clock())));
  });

  route(routes, s, refresh, async (c) => {
    const presented = getCookie(c, REFRESH_COOKIE);
    const rotated = presented ? await rotate(s.db, presented, s.clock()) : undefined;
    const user = rotated && (await findUserById(s.db, rotated.userId));
    if (!rotated || !user) {
      deleteCookie(c, REFRESH_COOKIE, cookieOptions);
      throw unauthenticated();
    }
    return reply(c, refresh, 200, await signIn(c, user, rotated.token));
  });

  route(routes, s, logout, async (c) => {
    const presented = getCookie(c, REFRESH_COOKIE);
    if (presented) await revokeFamilyOf(s.db, presented, s.clock());
    deleteCookie(c, REFRESH_COOKIE, cookieOptions);
    return reply(c, logout, 204);
  });

  route(routes, s, me, async (c) => reply(c, me, 200, { user: await presentUser(s.db, c.get('user')) }));

  route(routes, s, updateMe, async (c, { body }) => {
    const user = await updateUserLanguage(s.db, c.get('user').id, body.language, s.clock());
    return reply(c, updateMe, 200, { user: await presentUser(s.db, user) });
  });

  route(routes, s, forgot, async (c, { body }) => {
    const ip = clientIp(c, s.config.trustProxy);
    const checks = limitChecks('forgot', body.email, ip, s.rateLimits.forgot);
    ensureUnderLimits(checks);
    for (const [key, limit] of checks) s.rateLimiter.hit(key, limit);

    const user = await findUserByEmail(s.db, body.email);
    if (user) {
      const token = await createResetToken(s.db, user.id, s.clock());
      const mail = passwordResetMail(user, resetLink(s.config.appUrl, token, user.email));
      // Not awaited: a slow mail transport must not make known addresses answer slower.
      s.mailer.send(mail).catch((error: unknown) => console.error('[mail] sending failed:', error));
    }
    return reply(c, forgot, 200, { message: message(c.get('lang'), 'resetLinkSent') });
  });

  route(routes, s, reset, async (c, { body }) => {
    const done = await resetPassword(s.db, s.passwords, body, s.clock());
    if (!done) throw fieldError('token', 'resetToken');
    return reply(c, reset, 200, { message: message(c.get('lang'), 'passwordReset') });
  });

  return routes;
}
