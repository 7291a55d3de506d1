import { and, eq, isNotNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { channels } from '../../db/schema';
import { OAUTH_RETURN_PATHS } from '../../../contract/integrations';
import * as sandboxProviders from '../../../contract/sandbox/providers';
import type { AppEnv, Services } from '../../http/context';
import { reply, route } from '../../http/operation';
import { sandboxCommentPage } from './comment-page';
import type { SandboxComment } from './comments';
import { facebookSandbox, SANDBOX_FACEBOOK_PEOPLE, type SandboxDelivery } from './facebook';
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
export function sandboxProviderRoutes(
  s: Services,
  /** Posts a signed delivery to this app's `/webhooks/facebook`, as Meta would. */
  deliverWebhook?: (body: string, signature: string) => Promise<number>,
) {
  const routes = new Hono<AppEnv>();
  const redirect = (path: string) => `${s.config.appUrl}${path}`;
  const facebook = s.config.facebook?.sandbox
    ? facebookSandbox({
        appId: s.config.facebook.appId,
        appSecret: s.config.facebookAppSecret,
        redirectUris: [
          redirect(OAUTH_RETURN_PATHS['facebook-account']),
          redirect(OAUTH_RETURN_PATHS['facebook-login']),
          redirect(OAUTH_RETURN_PATHS['facebook-register']),
        ],
        clock: s.clock,
        deliver: deliverWebhook,
        // A page is subscribed while a connected account in the app follows it: what connecting
        // subscribed, kept where the accounts are, so a restart or another instance agrees.
        isSubscribed: async (pageId) => {
          const [followed] = await s.db
            .select({ id: channels.id })
            .from(channels)
            .where(
              and(eq(channels.kind, 'facebook-page'), eq(channels.externalId, pageId), isNotNull(channels.accountId)),
            )
            .limit(1);
          return followed !== undefined;
        },
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
  if (facebook) {
    routes.route('/', facebook.routes);
    routes.route('/', sandboxCommentPage(facebook));
  }
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

  // A made-up person's comments, delivered as Meta's webhooks (docs/decisions/044).
  const noComment = { message: 'No comment of the sandbox people has this id.' };
  const present = (comment: SandboxComment, delivery?: SandboxDelivery) => ({
    id: comment.id,
    message: comment.message,
    authorName: comment.from.name,
    parentId: comment.parent?.id ?? null,
    ...(delivery && { delivery }),
  });
  route(routes, s, sandboxProviders.sandboxAddComment, async (c, { body }) => {
    const said = await facebook?.comments.add({
      channelId: body.channelId,
      authorName: body.authorName,
      message: body.message,
      parentId: body.parentId,
      twice: body.deliverTwice,
    });
    if (said) return reply(c, sandboxProviders.sandboxAddComment, 201, present(said.comment, said.delivery));
    const onLinkedin = linkedin?.say(body.channelId, body.authorName, body.message, body.parentId);
    if (!onLinkedin) {
      return reply(c, sandboxProviders.sandboxAddComment, 404, {
        message: 'No sandbox page, Instagram account or LinkedIn organization has this id, or no such parent.',
      });
    }
    return reply(c, sandboxProviders.sandboxAddComment, 201, present(onLinkedin));
  });
  route(routes, s, sandboxProviders.sandboxEditComment, async (c, { params, body }) => {
    const edited = await facebook?.comments.edit({
      commentId: params.commentId,
      message: body.message,
      twice: body.deliverTwice,
      late: body.deliverLate,
    });
    if (!edited) return reply(c, sandboxProviders.sandboxEditComment, 404, noComment);
    return reply(c, sandboxProviders.sandboxEditComment, 200, present(edited.comment, edited.delivery));
  });
  route(routes, s, sandboxProviders.sandboxRemoveComment, async (c, { params, query }) => {
    const removed = await facebook?.comments.remove({
      commentId: params.commentId,
      twice: query.deliverTwice === 'true',
    });
    if (!removed) return reply(c, sandboxProviders.sandboxRemoveComment, 404, noComment);
    return reply(c, sandboxProviders.sandboxRemoveComment, 204);
  });
  return routes;
}
