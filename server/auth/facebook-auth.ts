import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { type Context, type Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { OAUTH_RETURN_PATHS } from '../../contract/integrations';
import * as auth from '../../contract/auth';
import { connectedAccounts, users, type UserRow } from '../db/schema';
import { logAuthEvent } from '../http/auth-events';
import { clientIp } from '../http/client-ip';
import type { AppEnv, Services } from '../http/context';
import { fieldError, HttpError } from '../http/errors';
import { reply, route } from '../http/operation';
import { addressSubject, rateLimitCheck } from '../http/rate-limiter';
import { upsertAccount } from '../integrations/accounts';
import type { ConnectedPerson, ProviderAdapter } from '../integrations/adapters';
import { ACCOUNT_TOKEN_CONTEXT, queueChannelFetches } from '../integrations/channel-fetch';
import { bindingOf, consumeOAuthState, issueOAuthState, OAUTH_STATE_TTL_MS } from '../integrations/oauth-states';
import { ProviderError } from '../integrations/providers/provider-error';
import { providerFailure } from '../integrations/routes';
import { createEncryption } from '../security/encryption';
import { insertUser } from '../users/queries';
import { startFamily, type IssuedRefreshToken } from './refresh-tokens';

/**
 * A guest's round trip is bound to this browser by a random cookie (a signed-in one is bound to
 * its session): a `state` sent to someone else's browser (login CSRF) does not pass there.
 */
const BINDING_COOKIE = 'oauth_binding';
const BINDING_COOKIE_PATH = '/v1.0/auth/facebook';

type SignIn = (c: Context, user: UserRow, session: IssuedRefreshToken) => Promise<unknown>;

/** Splits Facebook's one `name` into the first and last names a user has (`Giulia Rossi`). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const firstName = (parts.shift() ?? 'Facebook').slice(0, 100);
  return { firstName, lastName: (parts.join(' ') || '-').slice(0, 100) };
}

/** Facebook sign-in and sign-up (contract/auth.ts; decision 025), beside password sign-in. */
export function facebookAuthRoutes(routes: Hono<AppEnv>, s: Services, signIn: SignIn) {
  const encryption = createEncryption(s.config.tokenEncryptionKey);
  const cookieOptions = {
    path: BINDING_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure: s.config.secureCookies,
  } as const;
  const adapterOrRefuse = (): ProviderAdapter => {
    const adapter = s.adapters.facebook;
    if (!adapter) throw new HttpError(409, 'providerNotConfigured', { provider: 'Facebook' });
    return adapter;
  };
  const perIp = (c: Context, limit: 'signIn' | 'signUp') =>
    rateLimitCheck(
      limit === 'signIn' ? 'facebook_sign_in' : 'sign_up',
      'ip',
      limit === 'signIn' ? s.rateLimits.signIn.perIp : s.rateLimits.signUp.perIp,
      addressSubject(clientIp(c, s.config.trustProxy)),
    );

  route(routes, s, auth.authorizeFacebookAuth, async (c, { body }) => {
    const adapter = adapterOrRefuse();
    await s.rateLimiter.enforce([perIp(c, body.purpose === 'sign-in' ? 'signIn' : 'signUp')]);
    // One binding per browser, kept while it lasts: two tabs starting at once both finish.
    const binding = getCookie(c, BINDING_COOKIE) ?? randomBytes(32).toString('base64url');
    setCookie(c, BINDING_COOKIE, binding, { ...cookieOptions, maxAge: OAUTH_STATE_TTL_MS / 1000 });
    const redirectUri = `${s.config.appUrl}${OAUTH_RETURN_PATHS[body.purpose === 'sign-in' ? 'facebook-login' : 'facebook-register']}`;
    const state = await issueOAuthState(
      s.db,
      { bindingHash: bindingOf(binding), provider: 'facebook', purpose: body.purpose, redirectUri },
      s.clock(),
    );
    return reply(c, auth.authorizeFacebookAuth, 200, {
      url: adapter.authorizeUrl({ state, redirectUri, rerequest: body.rerequest }),
    });
  });

  /** The state checked (409 unless this browser started it, for `purpose`), then the code exchanged once. */
  async function finish(
    c: Context,
    body: { code: string; state: string; redirect_uri: string },
    purpose: 'sign-in' | 'sign-up',
  ): Promise<ConnectedPerson> {
    const adapter = adapterOrRefuse();
    const binding = getCookie(c, BINDING_COOKIE);
    const consumed = binding
      ? await consumeOAuthState(s.db, body.state, bindingOf(binding), s.clock())
      : ({ refused: 'otherBrowser' } as const);
    const state = 'state' in consumed ? consumed.state : undefined;
    if (
      !state ||
      state.purpose !== purpose ||
      state.provider !== 'facebook' ||
      state.redirectUri !== body.redirect_uri
    ) {
      c.get('log').warn(
        { purpose, refused: 'refused' in consumed ? consumed.refused : 'purpose' },
        'oauth state refused',
      );
      throw new HttpError(409, 'oauthStateRefused');
    }
    try {
      return await adapter.connect(body.code, state.redirectUri);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      c.get('log').warn({ purpose, problem: error.problem, status: error.status }, 'facebook code exchange failed');
      throw providerFailure(error);
    }
  }

  const accountFields = (person: ConnectedPerson) => ({
    externalId: person.externalId,
    name: person.name,
    accessToken: encryption.encrypt(person.accessToken, ACCOUNT_TOKEN_CONTEXT.access),
    refreshToken: null,
    tokenExpiresAt: person.expiresIn === undefined ? null : new Date(s.clock() + person.expiresIn * 1000),
    grantedScopes: person.grantedScopes,
  });

  /** The user who connected this Facebook account (their primary one first, then the oldest). */
  async function linkedUser(person: ConnectedPerson): Promise<UserRow | undefined> {
    const [linked] = await s.db
      .select({ user: users })
      .from(connectedAccounts)
      .innerJoin(users, eq(users.id, connectedAccounts.ownerId))
      .where(and(eq(connectedAccounts.provider, 'facebook'), eq(connectedAccounts.externalId, person.externalId)))
      .orderBy(desc(connectedAccounts.isPrimary), asc(connectedAccounts.createdAt))
      .limit(1);
    return linked?.user;
  }

  /** Signs in the user a Facebook account is linked to, re-authorising it with the token just obtained. */
  async function signInLinked(c: Context<AppEnv>, user: UserRow, person: ConnectedPerson) {
    const { row } = await upsertAccount(
      s.db,
      { ownerId: user.id, provider: 'facebook' },
      accountFields(person),
      new Date(s.clock()),
    );
    await queueChannelFetches(s.db, s.jobs, row, s.adapters.facebook!.channelKinds);
    const session = await startFamily(s.db, user.id, s.sessions, s.clock());
    logAuthEvent(c, 'sign_in', { userId: user.id, ip: clientIp(c, s.config.trustProxy) });
    return signIn(c, user, session);
  }

  route(routes, s, auth.facebookLogin, async (c, { body }) => {
    await s.rateLimiter.enforce([perIp(c, 'signIn')]);
    const person = await finish(c, body, 'sign-in');
    const linked = await linkedUser(person);
    if (!linked) {
      logAuthEvent(c, 'sign_in_failed', { ip: clientIp(c, s.config.trustProxy) });
      throw new HttpError(401, 'facebookNotLinked');
    }
    return reply(c, auth.facebookLogin, 200, (await signInLinked(c, linked, person)) as never);
  });

  route(routes, s, auth.facebookRegister, async (c, { body }) => {
    await s.rateLimiter.enforce([perIp(c, 'signUp')]);
    const person = await finish(c, body, 'sign-up');
    // Someone who already has an account with this Facebook profile (they signed up with it
    // before, or connected it) came through the wrong button: they are signed in to it, as the
    // sign-in button would have done (docs/product.md#sign-in-with-facebook).
    const linked = await linkedUser(person);
    if (linked) {
      const answer = (await signInLinked(c, linked, person)) as object;
      return reply(c, auth.facebookRegister, 200, { ...answer, account: 'existing' } as never);
    }
    if (!person.email) throw fieldError('email', 'emailScopeMissing');
    const email = person.email;
    const created = await s.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        ...splitName(person.name),
        email,
        passwordHash: null,
        language: body.language ?? null,
      });
      if (!user) return undefined;
      const { row } = await upsertAccount(
        tx,
        { ownerId: user.id, provider: 'facebook' },
        accountFields(person),
        new Date(s.clock()),
      );
      return { user, account: row, session: await startFamily(tx, user.id, s.sessions, s.clock()) };
    });
    if (!created) throw fieldError('email', 'taken');
    await queueChannelFetches(s.db, s.jobs, created.account, s.adapters.facebook!.channelKinds);
    logAuthEvent(c, 'sign_up', { userId: created.user.id, ip: clientIp(c, s.config.trustProxy) });
    const answer = (await signIn(c, created.user, created.session)) as object;
    return reply(c, auth.facebookRegister, 201, { ...answer, account: 'created' } as never);
  });
}
