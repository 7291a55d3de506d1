import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as userAccount from '../../contract/user-account';
import * as auth from '../../contract/auth';
import type { SessionEndReason } from '../../contract/auth';
import { users, type UserRow } from '../db/schema';
import { eq } from 'drizzle-orm';
import { logAuthEvent } from '../http/auth-events';
import { clientIp } from '../http/client-ip';
import type { AppEnv, Services } from '../http/context';
import { fieldError, HttpError, unauthenticated } from '../http/errors';
import { message, type MessageKey } from '../http/i18n';
import { reply, route } from '../http/operation';
import { accountSubject, addressSubject, rateLimitCheck } from '../http/rate-limiter';
import { authenticate, type SignedInEnv } from '../http/require-user';
import { safeError } from '../log';
import { emailChangeConfirmMail, emailChangeNoticeMail, passwordResetMail } from '../mail/templates';
import { deleteUser, findUserByEmail, findUserById, insertUser, updateUserPreferences } from '../users/queries';
import { accessTokenOptions, issueAccessToken } from './access-tokens';
import { facebookAuthRoutes } from './facebook-auth';
import {
  cancelEmailChange as cancelPendingEmailChange,
  confirmEmailChange as confirmPendingEmailChange,
  emailChangeLink,
  emailTakenByAnother,
  requestEmailChange as recordEmailChange,
} from './email-change';
import { createResetToken, resetLink, resetPassword } from './password-reset';
import { endImpersonation, endImpersonationsOfSession } from './impersonations';
import { presentSignedInUser, presentTokenAnswer } from './presenters';
import {
  endAllSessionsOf,
  revokeFamily,
  revokeFamilyOf,
  rotate,
  startFamily,
  type IssuedRefreshToken,
  type Rotation,
} from './refresh-tokens';

const REFRESH_COOKIE = 'refresh_token';

/** What a refused refresh says of a session another one ended (the others are a plain 401). */
const ENDED_MESSAGES: Partial<Record<SessionEndReason, MessageKey>> = {
  emailChanged: 'sessionEndedEmailChanged',
  passwordChanged: 'sessionEndedPasswordChanged',
  passwordReset: 'sessionEndedPasswordChanged',
  everywhere: 'sessionEndedEverywhere',
};
const REFRESH_COOKIE_PATH = '/v1.0/auth';

export function authRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  const limits = s.rateLimits;
  const tokenOptions = accessTokenOptions(s.config);

  const cookieOptions = {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure: s.config.secureCookies,
  } as const;

  /**
   * Sets the refresh cookie (for as long as its token lives) and issues an access token of the
   * same session for `user`.
   */
  async function signIn(c: Context, user: UserRow, refreshToken: IssuedRefreshToken) {
    const now = s.clock();
    const maxAge = Math.max(1, Math.ceil((refreshToken.expiresAt.getTime() - now) / 1000));
    setCookie(c, REFRESH_COOKIE, refreshToken.token, { ...cookieOptions, maxAge });
    const accessToken = await issueAccessToken(
      { userId: user.id, role: user.role, sessionId: refreshToken.familyId, tokenVersion: user.tokenVersion },
      tokenOptions,
      now,
    );
    const session = { sessionId: refreshToken.familyId, accessToken, expiresIn: s.config.accessTokenTtlSeconds };
    return presentTokenAnswer(s.db, user, session, now);
  }

  const callerOf = (c: Context) => {
    const ip = clientIp(c, s.config.trustProxy);
    return { ip, address: addressSubject(ip) };
  };

  route(routes, s, auth.login, async (c, { body }) => {
    const { ip, address } = callerOf(c);
    const account = accountSubject(body.email);
    const perAccountAndIp = rateLimitCheck('sign_in', 'account_ip', limits.signIn.perAccountAndIp, account, address);
    const others = [
      rateLimitCheck('sign_in', 'account', limits.signIn.perAccount, account),
      rateLimitCheck('sign_in', 'ip', limits.signIn.perIp, address),
    ];
    // Counted before the password is checked, so parallel guesses cannot all get through.
    await s.rateLimiter.enforce([perAccountAndIp, ...others], (refusedBy, retryAfter) =>
      logAuthEvent(c, 'locked_out', { ip, limit: refusedBy.name, retryAfter }),
    );

    const user = await findUserByEmail(s.db, body.email);
    // A user who signed up with Facebook has no password until a reset sets one: as unknown.
    const valid = user?.passwordHash
      ? await s.passwords.verify(body.password, user.passwordHash)
      : await s.passwords.verifyUnknown(body.password);
    if (!user || !valid) {
      logAuthEvent(c, 'sign_in_failed', { userId: user?.id, ip });
      throw new HttpError(401, 'invalidCredentials');
    }
    // A success costs nothing: this account's failures from here are forgotten, and the
    // attempt is given back to the account's and the address's counters.
    await s.rateLimiter.clear(perAccountAndIp.key);
    await s.rateLimiter.refund(others);
    const session = await startFamily(s.db, user.id, s.sessions, s.clock());
    logAuthEvent(c, 'sign_in', { userId: user.id, ip });
    return reply(c, auth.login, 200, await signIn(c, user, session));
  });

  route(routes, s, auth.register, async (c, { body }) => {
    const { ip, address } = callerOf(c);
    await s.rateLimiter.enforce([rateLimitCheck('sign_up', 'ip', limits.signUp.perIp, address)]);
    const passwordHash = await s.passwords.hash(body.password);
    // The account and its first session exist together or not at all: an answer lost to a
    // crash never leaves an account behind that its owner did not hear about.
    const created = await s.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        passwordHash,
        // Only a language the visitor chose; the request's Accept-Language is not a choice.
        language: body.language ?? null,
      });
      return user && { user, session: await startFamily(tx, user.id, s.sessions, s.clock()) };
    });
    if (!created) throw fieldError('email', 'taken');
    logAuthEvent(c, 'sign_up', { userId: created.user.id, ip });
    return reply(c, auth.register, 201, await signIn(c, created.user, created.session));
  });

  route(routes, s, auth.refresh, async (c) => {
    const presented = getCookie(c, REFRESH_COOKIE);
    const rotation: Rotation = presented
      ? await rotate(s.db, presented, s.sessions, s.clock())
      : { outcome: 'refused' };
    if (rotation.outcome === 'reused') {
      logAuthEvent(c, 'refresh_reused', {
        userId: rotation.userId,
        sessionId: rotation.familyId,
        ip: clientIp(c, s.config.trustProxy),
      });
    }
    const user = rotation.outcome === 'rotated' ? await findUserById(s.db, rotation.userId) : undefined;
    if (rotation.outcome !== 'rotated' || !user) {
      deleteCookie(c, REFRESH_COOKIE, cookieOptions);
      // Ended by another session's change: said, so the user knows it was no fault of theirs.
      const ended = rotation.outcome === 'refused' ? rotation.ended : undefined;
      if (ended && ENDED_MESSAGES[ended]) {
        throw new HttpError(401, ENDED_MESSAGES[ended], {}, {}, { ended });
      }
      throw unauthenticated();
    }
    return reply(c, auth.refresh, 200, await signIn(c, user, rotation.issued));
  });

  route(routes, s, auth.logout, async (c) => {
    const now = s.clock();
    const ip = clientIp(c, s.config.trustProxy);
    const presented = getCookie(c, REFRESH_COOKIE);
    const ended = presented ? await revokeFamilyOf(s.db, presented, now) : undefined;
    // The bearer's session ends too (also when the cookie is gone), and with it the token. An
    // impersonation's bearer signs out the admin at the keyboard: the impersonation ends, and
    // so does the admin's own session it was started from.
    const bearer = await authenticate(s, c);
    const impersonation = bearer?.impersonation;
    const bearerSession = bearer && {
      adminId: impersonation ? impersonation.actor.id : bearer.user.id,
      familyId: impersonation ? impersonation.adminSessionId : bearer.sessionId,
    };
    if (bearerSession && bearerSession.familyId !== ended?.familyId) {
      await revokeFamily(s.db, bearerSession.familyId, now);
    }
    if (impersonation && (await endImpersonation(s.db, impersonation.id, 'signed_out', now))) {
      logAuthEvent(c, 'impersonation_ended', {
        userId: impersonation.actor.id,
        targetUserId: bearer.user.id,
        impersonationId: impersonation.id,
        how: 'signed_out',
        ip,
      });
    }
    // Impersonations started from the sessions that just ended (in other tabs) end with them.
    if (ended) await endImpersonationsOfSession(s.db, ended.userId, ended.familyId, now);
    if (bearerSession && bearerSession.familyId !== ended?.familyId) {
      await endImpersonationsOfSession(s.db, bearerSession.adminId, bearerSession.familyId, now);
    }
    const userId = ended?.userId ?? impersonation?.actor.id ?? bearer?.user.id;
    if (userId) logAuthEvent(c, 'sign_out', { userId, ip });
    deleteCookie(c, REFRESH_COOKIE, cookieOptions);
    return reply(c, auth.logout, 204);
  });

  /** The signed-in user's own answer (`sessionId`, `pendingEmail`, `impersonatedBy`). */
  const presentCaller = (c: Context<SignedInEnv>, user: UserRow) =>
    presentSignedInUser(
      s.db,
      user,
      { sessionId: c.get('sessionId'), impersonation: c.get('impersonation') },
      s.clock(),
    );

  route(routes, s, auth.me, async (c) => reply(c, auth.me, 200, { user: await presentCaller(c, c.get('user')) }));

  route(routes, s, auth.updateMe, async (c, { body }) => {
    // The address is the key to the account: a new one needs the password and its link
    // (requestEmailChange). The same address in another case is still the same mailbox.
    if (body.email !== undefined && body.email.toLowerCase() !== c.get('user').email.toLowerCase()) {
      throw fieldError('email', 'emailChangeNeedsPassword');
    }
    const user = await updateUserPreferences(s.db, c.get('user').id, body, s.clock());
    return reply(c, auth.updateMe, 200, { user: await presentCaller(c, user) });
  });

  /**
   * The account's own password, for what only its owner may do (change it, delete the account):
   * never while an admin acts as the user, and counted as sign-ins are, so it cannot be guessed
   * here either. A wrong one is a 422 on `field`.
   */
  async function ownerWithPassword(c: Context<SignedInEnv>, field: string, password: string): Promise<UserRow> {
    if (c.get('impersonation')) throw new HttpError(403, 'forbidden');
    const signedIn = c.get('user') as UserRow;
    const { ip } = callerOf(c);
    const perAccount = rateLimitCheck('sign_in', 'account', limits.signIn.perAccount, accountSubject(signedIn.email));
    await s.rateLimiter.enforce([perAccount], (refusedBy, retryAfter) =>
      logAuthEvent(c, 'locked_out', { ip, limit: refusedBy.name, retryAfter }),
    );
    const user = await findUserById(s.db, signedIn.id);
    const valid = user?.passwordHash
      ? await s.passwords.verify(password, user.passwordHash)
      : await s.passwords.verifyUnknown(password);
    if (!user || !valid) {
      logAuthEvent(c, 'password_check_failed', { userId: signedIn.id, ip });
      throw fieldError(field, 'currentPassword');
    }
    await s.rateLimiter.refund([perAccount]);
    return user;
  }

  route(routes, s, userAccount.changePassword, async (c, { body }) => {
    const user = await ownerWithPassword(c, 'currentPassword', body.currentPassword);
    const passwordHash = await s.passwords.hash(body.password);
    const now = s.clock();
    // Every session ends (the others' tokens stop at once); this browser goes on in a new one.
    const changed = await s.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date(now) })
        .where(eq(users.id, user.id));
      await endAllSessionsOf(tx, user.id, now, 'passwordChanged');
      const session = await startFamily(tx, user.id, s.sessions, now);
      const [fresh] = await tx.select().from(users).where(eq(users.id, user.id));
      return { user: fresh!, session };
    });
    logAuthEvent(c, 'password_changed', { userId: user.id, ip: callerOf(c).ip });
    return reply(c, userAccount.changePassword, 200, await signIn(c, changed.user, changed.session));
  });

  route(routes, s, userAccount.requestEmailChange, async (c, { body }) => {
    const user = await ownerWithPassword(c, 'currentPassword', body.currentPassword);
    const { ip, address } = callerOf(c);
    // Counted as sign-up counts, whether the address is free or not: "taken" is an answer about
    // someone else's account, so it is never free.
    await s.rateLimiter.enforce(
      [
        rateLimitCheck('email_change', 'account', limits.emailChange.perAccount, user.id),
        rateLimitCheck('email_change', 'ip', limits.emailChange.perIp, address),
      ],
      (refusedBy, retryAfter) => logAuthEvent(c, 'locked_out', { ip, limit: refusedBy.name, retryAfter }),
    );
    if (body.email.toLowerCase() === user.email.toLowerCase()) throw fieldError('email', 'sameEmail');
    if (await emailTakenByAnother(s.db, user.id, body.email)) throw fieldError('email', 'taken');
    const { token } = await recordEmailChange(s.db, user.id, body.email, s.clock());
    logAuthEvent(c, 'email_change_requested', { userId: user.id, ip });
    // The account's language; one that never chose is written to in the requester's.
    const recipient = { ...user, language: user.language ?? c.get('lang') };
    const link = emailChangeLink(s.config.appUrl, token);
    const accountLink = `${s.config.appUrl}/user/account`;
    s.background.defer(
      async () => {
        await s.mailer.send(emailChangeConfirmMail(recipient, body.email, link));
        await s.mailer.send(emailChangeNoticeMail(recipient, body.email, accountLink));
      },
      (error) => c.get('log').error({ err: safeError(error) }, 'email change mail failed'),
    );
    return reply(c, userAccount.requestEmailChange, 200, { user: await presentCaller(c, user) });
  });

  route(routes, s, userAccount.cancelEmailChange, async (c) => {
    if (c.get('impersonation')) throw new HttpError(403, 'forbidden');
    const user = c.get('user');
    await cancelPendingEmailChange(s.db, user.id);
    return reply(c, userAccount.cancelEmailChange, 200, { user: await presentCaller(c, user) });
  });

  route(routes, s, userAccount.confirmEmailChange, async (c, { body }) => {
    if (c.get('impersonation')) throw new HttpError(403, 'forbidden');
    const { ip } = callerOf(c);
    const userId = c.get('user').id;
    const done = await confirmPendingEmailChange(s.db, userId, body.token, s.sessions, s.clock());
    if (done.outcome === 'invalid') throw fieldError('token', 'emailChangeToken');
    if (done.outcome === 'taken') {
      logAuthEvent(c, 'email_change_failed', { userId, ip });
      throw new HttpError(409, 'emailTakenSinceRequest', { email: done.newEmail });
    }
    logAuthEvent(c, 'email_changed', { userId, ip });
    return reply(c, userAccount.confirmEmailChange, 200, await signIn(c, done.user, done.session));
  });

  route(routes, s, userAccount.logoutEverywhere, async (c) => {
    if (c.get('impersonation')) throw new HttpError(403, 'forbidden');
    const user = c.get('user');
    await endAllSessionsOf(s.db, user.id, s.clock(), 'everywhere');
    logAuthEvent(c, 'sign_out_everywhere', { userId: user.id, ip: callerOf(c).ip });
    deleteCookie(c, REFRESH_COOKIE, cookieOptions);
    return reply(c, userAccount.logoutEverywhere, 204);
  });

  route(routes, s, userAccount.deleteMe, async (c, { body }) => {
    const user = await ownerWithPassword(c, 'password', body.password);
    await deleteUser(s.db, user.id);
    logAuthEvent(c, 'account_deleted', { userId: user.id, ip: callerOf(c).ip });
    deleteCookie(c, REFRESH_COOKIE, cookieOptions);
    return reply(c, userAccount.deleteMe, 204);
  });

  route(routes, s, auth.forgot, async (c, { body }) => {
    const { ip, address } = callerOf(c);
    // Every request counts, whether or not the address has an account: the answer must not tell.
    await s.rateLimiter.enforce([
      rateLimitCheck('forgot', 'account', limits.forgot.perAccount, accountSubject(body.email)),
      rateLimitCheck('forgot', 'ip', limits.forgot.perIp, address),
    ]);
    const now = s.clock();
    // Everything that depends on the account happens after the answer, so a known address
    // answers exactly as fast as an unknown one.
    s.background.defer(
      async () => {
        const user = await findUserByEmail(s.db, body.email);
        logAuthEvent(c, 'reset_requested', { userId: user?.id, ip });
        if (!user) return;
        const token = await createResetToken(s.db, user.id, now);
        // The account's language; one that never chose is written to in the requester's.
        const language = user.language ?? c.get('lang');
        await s.mailer.send(passwordResetMail({ ...user, language }, resetLink(s.config.appUrl, token, user.email)));
      },
      (error) => c.get('log').error({ err: safeError(error) }, 'password reset mail failed'),
    );
    return reply(c, auth.forgot, 200, { message: message(c.get('lang'), 'resetLinkSent') });
  });

  route(routes, s, auth.reset, async (c, { body }) => {
    const { ip, address } = callerOf(c);
    const perAccount = rateLimitCheck('reset', 'account', limits.reset.perAccount, accountSubject(body.email));
    const perIp = rateLimitCheck('reset', 'ip', limits.reset.perIp, address);
    await s.rateLimiter.enforce([perAccount, perIp]);
    const done = await resetPassword(s.db, s.passwords, body, s.clock());
    if (!done) {
      logAuthEvent(c, 'reset_failed', { ip });
      throw fieldError('token', 'resetToken');
    }
    await s.rateLimiter.clear(perAccount.key);
    await s.rateLimiter.refund([perIp]);
    logAuthEvent(c, 'reset_done', { userId: done.userId, ip });
    return reply(c, auth.reset, 200, { message: message(c.get('lang'), 'passwordReset') });
  });

  facebookAuthRoutes(routes, s, signIn);

  return routes;
}
