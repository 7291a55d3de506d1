import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users, type UserRow } from '../db/schema';
import { issueAccessToken } from '../auth/access-tokens';
import { createResetToken, resetLink, resetPassword } from '../auth/password-reset';
import { REFRESH_TOKEN_TTL_SECONDS, revokeFamilyOf, rotate, startFamily } from '../auth/refresh-tokens';
import { passwordResetMail } from '../mail/templates';
import { clientIp } from '../http/client-ip';
import type { AppEnv, Services } from '../http/context';
import { HttpError, ValidationError, tooManyAttempts, unauthenticated } from '../http/errors';
import { email, language, newPassword, password, text } from '../http/fields';
import { message } from '../http/i18n';
import type { Limit } from '../http/rate-limiter';
import { requireUser } from '../http/require-user';
import { validateBody } from '../http/validation';
import { createUser, findUserByEmail, findUserById, presentUser } from '../users/users';

const SignInSchema = z.object({ email: email(), password: password() });
const RegisterSchema = z.object({
  firstName: text(100),
  lastName: text(100),
  email: email(),
  password: newPassword(),
  language: language().optional(),
});
const UpdateMeSchema = z.object({ language: language() });
const ForgotSchema = z.object({ email: email() });
const ResetSchema = z.object({ email: email(), password: newPassword(), token: text(200) });

const REFRESH_COOKIE = 'refresh_token';
const REFRESH_COOKIE_PATH = '/v1.0/auth';

export function authRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  const signedIn = requireUser(s);

  const cookieOptions = {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure: s.config.secureCookies,
  } as const;

  /** The token answer; also sets the refresh cookie to `refreshToken`. */
  async function tokenAnswer(c: Context, user: UserRow, refreshToken: string) {
    setCookie(c, REFRESH_COOKIE, refreshToken, { ...cookieOptions, maxAge: REFRESH_TOKEN_TTL_SECONDS });
    const accessToken = await issueAccessToken(
      { userId: user.id, role: user.role },
      { secret: s.config.jwtSecret, ttlSeconds: s.config.accessTokenTtlSeconds },
      s.clock(),
    );
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: s.config.accessTokenTtlSeconds,
      user: await presentUser(s.db, user),
    };
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

  routes.post('/login', async (c) => {
    const input = await validateBody(c, SignInSchema);
    const ip = clientIp(c, s.config.trustProxy);
    const checks = limitChecks('sign-in', input.email, ip, s.rateLimits.signIn);
    ensureUnderLimits(checks);

    const user = await findUserByEmail(s.db, input.email);
    const valid = user
      ? await s.passwords.verify(input.password, user.passwordHash)
      : await s.passwords.verifyUnknown(input.password);
    if (!user || !valid) {
      // Only failures count, so a user who signs in often is never locked out.
      for (const [key, limit] of checks) s.rateLimiter.hit(key, limit);
      throw new HttpError(401, 'invalidCredentials');
    }
    s.rateLimiter.clear(checks[0][0]);
    return c.json(await tokenAnswer(c, user, await startFamily(s.db, user.id, s.clock())), 200);
  });

  routes.post('/register', async (c) => {
    const input = await validateBody(c, RegisterSchema);
    const user = await createUser(s.db, s.passwords, { ...input, language: input.language ?? c.get('lang') });
    return c.json(await tokenAnswer(c, user, await startFamily(s.db, user.id, s.clock())), 201);
  });

  routes.post('/refresh', async (c) => {
    const presented = getCookie(c, REFRESH_COOKIE);
    const rotated = presented ? await rotate(s.db, presented, s.clock()) : undefined;
    const user = rotated && (await findUserById(s.db, rotated.userId));
    if (!rotated || !user) {
      deleteCookie(c, REFRESH_COOKIE, cookieOptions);
      throw unauthenticated();
    }
    return c.json(await tokenAnswer(c, user, rotated.token), 200);
  });

  routes.post('/logout', async (c) => {
    const presented = getCookie(c, REFRESH_COOKIE);
    if (presented) await revokeFamilyOf(s.db, presented, s.clock());
    deleteCookie(c, REFRESH_COOKIE, cookieOptions);
    return c.body(null, 204);
  });

  routes.get('/me', signedIn, async (c) => c.json({ user: await presentUser(s.db, c.get('user')) }, 200));

  routes.patch('/me', signedIn, async (c) => {
    const input = await validateBody(c, UpdateMeSchema);
    const [user] = await s.db
      .update(users)
      .set({ language: input.language, updatedAt: new Date(s.clock()) })
      .where(eq(users.id, c.get('user').id))
      .returning();
    return c.json({ user: await presentUser(s.db, user) }, 200);
  });

  routes.post('/forgot', async (c) => {
    const input = await validateBody(c, ForgotSchema);
    const ip = clientIp(c, s.config.trustProxy);
    const checks = limitChecks('forgot', input.email, ip, s.rateLimits.forgot);
    ensureUnderLimits(checks);
    for (const [key, limit] of checks) s.rateLimiter.hit(key, limit);

    const user = await findUserByEmail(s.db, input.email);
    if (user) {
      const token = await createResetToken(s.db, user.id, s.clock());
      const mail = passwordResetMail(user, resetLink(s.config.appUrl, token, user.email));
      // Not awaited: a slow mail transport must not make known addresses answer slower.
      s.mailer.send(mail).catch((error: unknown) => console.error('[mail] sending failed:', error));
    }
    return c.json({ message: message(c.get('lang'), 'resetLinkSent') }, 200);
  });

  routes.post('/reset', async (c) => {
    const input = await validateBody(c, ResetSchema);
    const done = await resetPassword(s.db, s.passwords, input, s.clock());
    if (!done) throw new ValidationError([{ field: 'token', rule: 'resetToken' }]);
    return c.json({ message: message(c.get('lang'), 'passwordReset') }, 200);
  });

  return routes;
}
