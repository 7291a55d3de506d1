import { Hono } from 'hono';
import { OAUTH_RETURN_PATHS } from '../../../contract/integrations';
import * as sandboxProviders from '../../../contract/sandbox/providers';
import type { AppEnv, Services } from '../../http/context';
import { reply, route } from '../../http/operation';
import { facebookSandbox, SANDBOX_FACEBOOK_PEOPLE } from './facebook';
import { linkedinSandbox, SANDBOX_LINKEDIN_PEOPLE } from './linkedin';
import { SANDBOX_TIKTOK_USERS, tiktokSandbox } from './tiktok';

/**
 * The sandbox providers (decision 025), mounted outside a deployment only: Facebook's login dialog
 * and Graph endpoints, LinkedIn's authorization page, token endpoint and API, for the app ids
 * the config gives them, with the app's return addresses as their registered redirect URIs, and
 * TikTok's Login Kit and user info (for the TikTok users projects import). A
 * dev control makes a person's tokens stop working, as logging out of Facebook does, so an
 * account needing a reconnect can be shown and tested.
 */
export function sandboxProviderRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  const redirect = (path: string) => `${s.config.appUrl}${path}`;
  const facebook = s.config.facebook?.sandbox
    ? facebookSandbox({
        appId: s.config.facebook.appId,
        appSecret: s.config.facebook.appSecret,
        redirectUris: [
          redirect(OAUTH_RETURN_PATHS['facebook-account']),
          redirect(OAUTH_RETURN_PATHS['facebook-login']),
          redirect(OAUTH_RETURN_PATHS['facebook-register']),
        ],
        clock: s.clock,
      })
    : undefined;
  const linkedin = s.config.linkedin?.sandbox
    ? linkedinSandbox({
        clientId: s.config.linkedin.clientId,
        clientSecret: s.config.linkedin.clientSecret,
        redirectUris: [
          redirect(OAUTH_RETURN_PATHS['linkedin-account']),
          redirect(OAUTH_RETURN_PATHS['linkedin-organization']),
        ],
        clock: s.clock,
      })
    : undefined;
  const tiktok = s.config.tiktok?.sandbox
    ? tiktokSandbox({
        clientKey: s.config.tiktok.clientKey,
        clientSecret: s.config.tiktok.clientSecret,
        redirectUris: [redirect(OAUTH_RETURN_PATHS['tiktok-user'])],
        clock: s.clock,
        latencyMs: s.config.sandboxLatencyMs,
      })
    : undefined;
  if (facebook) routes.route('/', facebook.routes);
  if (linkedin) routes.route('/', linkedin.routes);
  if (tiktok) routes.route('/', tiktok.routes);

  route(routes, s, sandboxProviders.sandboxExpireTokens, (c, { params }) => {
    const person =
      SANDBOX_FACEBOOK_PEOPLE.find((each) => each.id === params.personId) ??
      SANDBOX_LINKEDIN_PEOPLE.find((each) => each.id === params.personId) ??
      SANDBOX_TIKTOK_USERS.map((user) => ({ id: user.openId })).find((each) => each.id === params.personId);
    if (!person)
      return reply(c, sandboxProviders.sandboxExpireTokens, 404, { message: 'No sandbox person has this id.' });
    facebook?.expireTokensOf(person.id);
    linkedin?.expireTokensOf(person.id);
    tiktok?.expireTokensOf(person.id);
    return reply(c, sandboxProviders.sandboxExpireTokens, 204);
  });
  return routes;
}
