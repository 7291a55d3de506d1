import { Hono } from 'hono';
import { OAUTH_RETURN_PATHS } from '../../contract/oauth';
import * as tiktokUsers from '../../contract/tiktok-users';
import type { AppEnv, Services } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import { reply, route } from '../http/operation';
import { rateLimitCheck } from '../http/rate-limiter';
import { upsertAccount } from '../integrations/accounts';
import { ACCOUNT_TOKEN_CONTEXT } from '../integrations/channel-fetch';
import { bindingOf, issueOAuthState, takeReturnState } from '../integrations/oauth-states';
import { ProviderError } from '../integrations/providers/provider-error';
import { tiktokAuthorizeUrl, type TikTokClient } from '../integrations/providers/tiktok';
import { ACCOUNT_STORE_LIMIT, providerFailure } from '../integrations/routes';
import { createEncryption } from '../security/encryption';
import { queueTiktokImport, workTiktokImports } from './import-job';
import { assertRoomForChannel } from '../projects/limits';
import { findOwnProject } from '../projects/queries';
import {
  connectTiktokUser,
  findChannel,
  importRunning,
  listProjectTiktokUsers as listUsers,
  restartImport,
} from './queries';

/**
 * TikTok users connected into projects, and their imports (contract/tiktok-users.ts; decision 026).
 */
export function tiktokUserRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  const encryption = createEncryption(s.config.tokenEncryptionKey);
  if (s.tiktok) {
    workTiktokImports(s.jobs, {
      db: s.db,
      clock: s.clock,
      log: s.log,
      tiktok: s.tiktok,
      encryption,
      publisher: s.publisher,
    });
  }
  const returnUri = `${s.config.appUrl}${OAUTH_RETURN_PATHS['tiktok-user']}`;
  const tiktokOrRefuse = (): TikTokClient => {
    if (!s.tiktok || !s.config.tiktok) throw new HttpError(409, 'providerNotConfigured', { provider: 'TikTok' });
    return s.tiktok;
  };
  const ownProject = async (ownerId: string, id: string) => {
    const project = await findOwnProject(s.db, ownerId, id);
    if (!project) throw notFound();
    return project;
  };

  route(routes, s, tiktokUsers.authorizeTiktokUser, async (c, { params }) => {
    const user = c.get('user');
    const project = await ownProject(user.id, params.projectId);
    tiktokOrRefuse();
    // A full project starts no round trip; joining the user checks again under the project's lock.
    await assertRoomForChannel(s.db, user.id, project.id);
    const state = await issueOAuthState(
      s.db,
      {
        bindingHash: bindingOf(c.get('sessionId')),
        userId: user.id,
        provider: 'tiktok',
        purpose: 'project-channel',
        redirectUri: returnUri,
        projectId: project.id,
      },
      s.clock(),
    );
    return reply(c, tiktokUsers.authorizeTiktokUser, 200, {
      url: tiktokAuthorizeUrl(s.config.tiktok!, { state, redirectUri: returnUri }),
    });
  });

  route(routes, s, tiktokUsers.storeTiktokUser, async (c, { body }) => {
    const tiktok = tiktokOrRefuse();
    const user = c.get('user');
    const perUser = rateLimitCheck('tiktok_store', 'account', ACCOUNT_STORE_LIMIT, user.id);
    await s.rateLimiter.enforce([perUser]);
    const now = s.clock();
    const state = await takeReturnState(s, c, body.state, {
      provider: 'tiktok',
      purposes: ['project-channel'],
      redirectUri: body.redirect_uri,
    });
    if (!state.projectId) throw new HttpError(409, 'oauthStateRefused');
    // The project may have gone while the user was at TikTok (its state with it: then `unknown`).
    const project = await ownProject(user.id, state.projectId);
    let tokens;
    let person;
    try {
      tokens = await tiktok.exchangeCode(body.code, state.redirectUri);
      person = await tiktok.me(tokens.accessToken);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      c.get('log').warn(
        { userId: user.id, problem: error.problem, status: error.status },
        'tiktok code exchange failed',
      );
      throw providerFailure(error);
    }
    const { row: account } = await upsertAccount(
      s.db,
      { ownerId: user.id, provider: 'tiktok' },
      {
        externalId: person.id,
        name: person.name,
        accessToken: encryption.encrypt(tokens.accessToken, ACCOUNT_TOKEN_CONTEXT.access),
        refreshToken: encryption.encrypt(tokens.refreshToken, ACCOUNT_TOKEN_CONTEXT.refresh),
        tokenExpiresAt: new Date(now + tokens.expiresIn * 1000),
        grantedScopes: tokens.scopes,
      },
      new Date(now),
    );
    await s.rateLimiter.refund([perUser]);
    // A new run: whatever an earlier import of this user left queued finds itself stale.
    const channel = await connectTiktokUser(
      s.db,
      { ownerId: user.id, projectId: project.id, accountId: account.id },
      { externalId: person.id, name: person.name },
      new Date(now),
    );
    if (!channel) throw notFound();
    await queueTiktokImport(s.jobs, channel, project.id);
    c.get('log').info({ userId: user.id, projectId: project.id, channelId: channel.id }, 'tiktok user connected');
    return reply(c, tiktokUsers.storeTiktokUser, 202, { tiktokUser: await listedUser(project.id, channel.id) });
  });

  /** One of the project's TikTok users as listed; not found when the project does not follow it. */
  const listedUser = async (projectId: string, channelId: string) => {
    const [listed] = (await listUsers(s.db, projectId, s.clock())).filter((each) => each._id === channelId);
    if (!listed) throw notFound();
    return listed;
  };

  route(routes, s, tiktokUsers.restartTiktokImport, async (c, { params }) => {
    const user = c.get('user');
    const project = await ownProject(user.id, params.projectId);
    await listedUser(project.id, params.tiktokUserId);
    tiktokOrRefuse();
    const channel = (await findChannel(s.db, params.tiktokUserId))!;
    if (importRunning(channel, s.clock())) throw new HttpError(409, 'tiktokImportRunning', { name: channel.name });
    const restarted = await restartImport(s.db, channel.id, new Date(s.clock()));
    if (!restarted) throw notFound();
    await queueTiktokImport(s.jobs, restarted, project.id);
    c.get('log').info({ userId: user.id, projectId: project.id, channelId: channel.id }, 'tiktok import restarted');
    return reply(c, tiktokUsers.restartTiktokImport, 202, { tiktokUser: await listedUser(project.id, channel.id) });
  });

  route(routes, s, tiktokUsers.listProjectTiktokUsers, async (c, { params }) => {
    const project = await ownProject(c.get('user').id, params.projectId);
    return reply(c, tiktokUsers.listProjectTiktokUsers, 200, { data: await listUsers(s.db, project.id, s.clock()) });
  });

  return routes;
}
