import { Hono } from 'hono';
import * as integrations from '../../contract/integrations';
import { OAUTH_RETURN_PATHS } from '../../contract/integrations';
import type { AppEnv, Services } from '../http/context';
import { fieldError, HttpError, notFound } from '../http/errors';
import { reply, route } from '../http/operation';
import { rateLimitCheck, type Limit } from '../http/rate-limiter';
import { findOwnProject } from '../projects/queries';
import { assertRoomForChannel } from '../projects/limits';
import { createEncryption } from '../security/encryption';
import {
  clearFetchFailure,
  deleteConnectedAccount,
  findAccount,
  listAccounts,
  makePrimary,
  upsertAccount,
  withChannels,
  type AccountWithChannels,
} from './accounts';
import type { ProviderAdapter } from './adapters';
import {
  ACCOUNT_TOKEN_CONTEXT,
  fetchAccountChannels,
  queueChannelFetches,
  unsubscribeLeftChannels,
  workAccountChannelFetches,
  type ChannelFetchDeps,
} from './channel-fetch';
import { workCommentSync } from './comment-sync';
import { bindingOf, issueOAuthState, takeReturnState } from './oauth-states';
import { presentFacebookAccount, presentLinkedInAccount, PROVIDER_NAMES } from './presenters';
import { ProviderError } from './providers/provider-error';

const MINUTE = 60_000;

/** Round trips finished per user: a few retries after a declined consent, not a code-replaying script. */
export const ACCOUNT_STORE_LIMIT: Limit = {
  max: 20,
  windowMs: 15 * MINUTE,
  backoffMs: MINUTE,
  maxBackoffMs: 15 * MINUTE,
};

/**
 * What a provider's failure answers (contract/integrations.ts): a code it refuses (or a token it
 * takes back at once) is the code's fault, 422; the provider's own trouble is a 502.
 */
export function providerFailure(error: ProviderError): Error {
  const provider = PROVIDER_NAMES[error.provider];
  switch (error.problem) {
    case 'refused':
    case 'expired':
    case 'revoked':
      return fieldError('code', 'providerCodeRefused');
    case 'rateLimited':
      return new HttpError(502, 'providerRateLimited', { provider });
    case 'unreachable':
      return new HttpError(502, 'providerUnreachable', { provider });
    case 'answer':
      return new HttpError(502, 'providerBadAnswer', { provider });
  }
}

const OPERATIONS = {
  facebook: {
    list: integrations.listFacebookAccounts,
    authorize: integrations.authorizeFacebookAccount,
    store: integrations.storeFacebookAccount,
    refresh: integrations.refreshFacebookAccount,
    makePrimary: integrations.makeFacebookAccountPrimary,
    remove: integrations.deleteFacebookAccount,
    present: presentFacebookAccount,
    redirectOf: (body: { facebook_redirect_uri: string }) => body.facebook_redirect_uri,
  },
  linkedin: {
    list: integrations.listLinkedInAccounts,
    authorize: integrations.authorizeLinkedInAccount,
    store: integrations.storeLinkedInAccount,
    refresh: integrations.refreshLinkedInAccount,
    makePrimary: integrations.makeLinkedInAccountPrimary,
    remove: integrations.deleteLinkedInAccount,
    present: presentLinkedInAccount,
    redirectOf: (body: { redirect_uri: string }) => body.redirect_uri,
  },
} as const;

/** The connected accounts of each provider (contract/integrations.ts; decision 025). */
export function accountRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  const encryption = createEncryption(s.config.tokenEncryptionKey);
  const deps: ChannelFetchDeps = {
    db: s.db,
    clock: s.clock,
    log: s.log,
    adapters: s.adapters,
    encryption,
    publisher: s.publisher,
    judge: s.judge,
  };
  workAccountChannelFetches(s.jobs, deps);
  // The sync tells of the negative comments it brings, by mail too (docs/product.md#alerts).
  workCommentSync(s.jobs, { ...deps, jobs: s.jobs, mailer: s.mailer, config: s.config }, s.config.commentSyncMinutes);

  for (const provider of ['facebook', 'linkedin'] as const) {
    const ops = OPERATIONS[provider];
    const name = PROVIDER_NAMES[provider];
    // One loop serves both providers; TypeScript cannot pair each provider's presenter with its
    // operation's schema through the union, so answers are typed `never` here (every answer is
    // still checked against its operation's schema outside production: server/http/operation.ts).
    const present = (account: AccountWithChannels) => ops.present(account) as never;
    const adapterOrRefuse = (): ProviderAdapter => {
      const adapter = s.adapters[provider];
      if (!adapter) throw new HttpError(409, 'providerNotConfigured', { provider: name });
      return adapter;
    };
    const returnUri = `${s.config.appUrl}${OAUTH_RETURN_PATHS[`${provider}-account`]}`;
    const accountsOf = async (ownerId: string) => (await listAccounts(s.db, ownerId, provider)).map(present);

    route(routes, s, ops.list, async (c) =>
      reply(c, ops.list, 200, {
        data: await accountsOf(c.get('user').id),
        configured: s.adapters[provider] !== undefined,
      } as never),
    );

    route(routes, s, ops.authorize, async (c, { body }) => {
      const adapter = adapterOrRefuse();
      const user = c.get('user');
      const account = body.accountId ? await findAccount(s.db, user.id, provider, body.accountId) : undefined;
      if (body.accountId && !account) throw notFound();
      const state = await issueOAuthState(
        s.db,
        {
          bindingHash: bindingOf(c.get('sessionId')),
          userId: user.id,
          provider,
          purpose: account ? 'reconnect' : 'connect',
          redirectUri: returnUri,
          accountId: account?.id ?? null,
        },
        s.clock(),
      );
      return reply(c, ops.authorize, 200, {
        url: adapter.authorizeUrl({ state, redirectUri: returnUri, rerequest: body.rerequest }),
      });
    });

    route(routes, s, ops.store, async (c, { body }) => {
      const adapter = adapterOrRefuse();
      const user = c.get('user');
      const perUser = rateLimitCheck('account_store', 'account', ACCOUNT_STORE_LIMIT, user.id);
      await s.rateLimiter.enforce([perUser]);
      const now = s.clock();
      const state = await takeReturnState(s, c, body.state, {
        provider,
        // A LinkedIn organization connected from a project is a LinkedIn account stored like any.
        purposes: provider === 'linkedin' ? ['connect', 'reconnect', 'project-channel'] : ['connect', 'reconnect'],
        redirectUri: ops.redirectOf(body as never),
      });
      const reconnecting = state.accountId ? await findAccount(s.db, user.id, provider, state.accountId) : undefined;
      // The state passed: its code is exchanged now, once.
      let person;
      try {
        person = await adapter.connect(body.code, state.redirectUri);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        c.get('log').warn(
          { userId: user.id, provider, problem: error.problem, status: error.status },
          'code exchange failed',
        );
        throw providerFailure(error);
      }
      if (reconnecting && reconnecting.externalId !== person.externalId)
        throw fieldError('code', 'otherProviderAccount');
      const { row, created } = await upsertAccount(
        s.db,
        { ownerId: user.id, provider },
        {
          externalId: person.externalId,
          name: person.name,
          accessToken: encryption.encrypt(person.accessToken, ACCOUNT_TOKEN_CONTEXT.access),
          refreshToken: person.refreshToken
            ? encryption.encrypt(person.refreshToken, ACCOUNT_TOKEN_CONTEXT.refresh)
            : null,
          tokenExpiresAt: person.expiresIn === undefined ? null : new Date(now + person.expiresIn * 1000),
          grantedScopes: person.grantedScopes,
        },
        new Date(now),
      );
      await s.rateLimiter.refund([perUser]);
      // The project it was connected for (its state names it) follows what it brings.
      await queueChannelFetches(s.db, s.jobs, row, adapter.channelKinds, { projectId: state.projectId });
      const outcome = created ? 'connected' : reconnecting ? 'reconnected' : 'alreadyConnected';
      c.get('log').info({ userId: user.id, provider, accountId: row.id, outcome }, 'account stored');
      // Read again: queueing marked its channels as being fetched.
      const [account] = await withChannels(s.db, [(await findAccount(s.db, user.id, provider, row.id)) ?? row]);
      return reply(c, ops.store, 200, { account: present(account!), outcome, projectId: state.projectId } as never);
    });

    /** The caller's account of this provider with `id`; anybody else's is not found. */
    const ownAccount = async (userId: string, id: string) => {
      const account = await findAccount(s.db, userId, provider, id);
      if (!account) throw notFound();
      return account;
    };

    route(routes, s, ops.refresh, async (c, { params }) => {
      const adapter = adapterOrRefuse();
      const account = await ownAccount(c.get('user').id, params.id);
      if (account.status !== 'authorized') throw new HttpError(409, 'accountNeedsReconnect', { provider: name });
      try {
        for (const kind of adapter.channelKinds) await fetchAccountChannels(deps, account, kind);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        c.get('log').warn({ accountId: account.id, problem: error.problem }, 'account refresh failed');
        if (error.needsReconnect || error.problem === 'refused') {
          throw new HttpError(409, 'accountNeedsReconnect', { provider: name });
        }
        throw providerFailure(error);
      }
      await clearFetchFailure(s.db, account.id);
      const [fresh] = await withChannels(s.db, [(await findAccount(s.db, account.ownerId, provider, account.id))!]);
      return reply(c, ops.refresh, 200, present(fresh!));
    });

    route(routes, s, ops.makePrimary, async (c, { params }) => {
      const account = await ownAccount(c.get('user').id, params.id);
      await makePrimary(s.db, account, new Date(s.clock()));
      return reply(c, ops.makePrimary, 200, { data: await accountsOf(account.ownerId) } as never);
    });

    route(routes, s, ops.remove, async (c, { params }) => {
      const account = await ownAccount(c.get('user').id, params.id);
      const [withItsChannels] = await withChannels(s.db, [account]);
      if (!(await deleteConnectedAccount(s.db, account, new Date(s.clock())))) throw notFound();
      await unsubscribeLeftChannels(deps, account, withItsChannels?.channels ?? []);
      c.get('log').info({ userId: account.ownerId, provider, accountId: account.id }, 'account deleted');
      return reply(c, ops.remove, 204);
    });
  }

  route(routes, s, integrations.authorizeLinkedInOrganization, async (c, { params }) => {
    const user = c.get('user');
    const project = await findOwnProject(s.db, user.id, params.projectId);
    if (!project) throw notFound();
    const adapter = s.adapters.linkedin;
    if (!adapter) throw new HttpError(409, 'providerNotConfigured', { provider: PROVIDER_NAMES.linkedin });
    // A full project starts no round trip: it would follow nothing it brings.
    await assertRoomForChannel(s.db, user.id, project.id);
    const redirectUri = `${s.config.appUrl}${OAUTH_RETURN_PATHS['linkedin-organization']}`;
    const state = await issueOAuthState(
      s.db,
      {
        bindingHash: bindingOf(c.get('sessionId')),
        userId: user.id,
        provider: 'linkedin',
        purpose: 'project-channel',
        redirectUri,
        projectId: project.id,
      },
      s.clock(),
    );
    return reply(c, integrations.authorizeLinkedInOrganization, 200, {
      url: adapter.authorizeUrl({ state, redirectUri }),
    });
  });
  return routes;
}
