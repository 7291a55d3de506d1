import { z } from 'zod/mini';
import { ProviderError, providerFetch, type FetchLike } from './provider-error';

/**
 * Facebook's Graph API as the product uses it (decision 025): the login dialog, the
 * code exchange, who the person is and which permissions they granted, and what they manage:
 * pages (with their Instagram business accounts) and ad accounts. The same code talks to
 * graph.facebook.com and to the sandbox the API serves outside production; only `FacebookApp`'s
 * URLs differ. Every failure ends as a ProviderError saying which kind (decision 025).
 */

export interface FacebookApp {
  appId: string;
  appSecret: string;
  /** `https://www.facebook.com` (where the login dialog is), or the sandbox's. */
  dialogUrl: string;
  /** `https://graph.facebook.com`, or the sandbox's. */
  graphUrl: string;
  /** The Graph API version every call names (`v26.0`). */
  version: string;
}

/**
 * What the product asks for: who the person is, their pages and Instagram accounts, their ads,
 * and the right to answer, hide and delete comments as the page (`pages_manage_engagement`) and
 * as the Instagram account (`instagram_manage_comments`).
 */
export const FACEBOOK_SCOPES = [
  'email',
  'public_profile',
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_engagement',
  'instagram_basic',
  'instagram_manage_comments',
  'ads_read',
] as const;

/** The login dialog's address (Facebook Login, manual flow): `return_scopes` brings `granted_scopes` back. */
export function facebookAuthorizeUrl(
  app: FacebookApp,
  { state, redirectUri, scopes = FACEBOOK_SCOPES }: { state: string; redirectUri: string; scopes?: readonly string[] },
): string {
  const url = new URL(`${app.dialogUrl}/${app.version}/dialog/oauth`);
  url.search = new URLSearchParams({
    client_id: app.appId,
    redirect_uri: redirectUri,
    state,
    response_type: 'code',
    scope: scopes.join(','),
    return_scopes: 'true',
  }).toString();
  return url.toString();
}

const TokenSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  expires_in: z.optional(z.number()),
});
const MeSchema = z.object({ id: z.string(), name: z.string(), email: z.optional(z.string()) });
const PermissionsSchema = z.object({
  data: z.array(z.object({ permission: z.string(), status: z.string() })),
});
const PagesSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      instagram_business_account: z.optional(z.object({ id: z.string(), username: z.optional(z.string()) })),
    }),
  ),
});
const AdAccountsSchema = z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) });
const CommentsSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      message: z.optional(z.string()),
      from: z.optional(z.object({ name: z.optional(z.string()) })),
      created_time: z.string(),
      parent: z.optional(z.object({ id: z.string() })),
      fromChannel: z.optional(z.boolean()),
    }),
  ),
});
const PostedSchema = z.object({ id: z.string() });
const SuccessSchema = z.object({ success: z.boolean() });

/**
 * Graph's error answer (`{ error: { code, error_subcode, type, message } }`) as our kinds: 190 is
 * an access token that no longer works (expired, or the person logged out or changed password);
 * 10 and 200–299 a permission not (or no longer) granted; 4, 17, 32 and 613 the rate limits;
 * 100 on the token endpoint a code that is invalid or used.
 */
function graphError(status: number, body: unknown, exchanging: boolean): ProviderError {
  const error = (body as { error?: { code?: number; error_subcode?: number } } | null)?.error;
  const code = error?.code;
  if (code === 190) return new ProviderError('facebook', 'expired', status, code);
  if (code === 10 || (code !== undefined && code >= 200 && code <= 299)) {
    return new ProviderError('facebook', 'revoked', status, code);
  }
  if (code === 4 || code === 17 || code === 32 || code === 613) {
    return new ProviderError('facebook', 'rateLimited', status, code);
  }
  if (exchanging && code === 100) return new ProviderError('facebook', 'refused', status, code);
  return new ProviderError('facebook', 'answer', status, code);
}

export function facebookClient(app: FacebookApp, fetchImpl: FetchLike = fetch) {
  const graph = async <T>(
    path: string,
    params: Record<string, string>,
    schema: z.ZodMiniType<T>,
    exchanging = false,
    method: 'GET' | 'POST' | 'DELETE' = 'GET',
  ): Promise<T> => {
    const url = new URL(`${app.graphUrl}/${app.version}${path}`);
    url.search = new URLSearchParams(params).toString();
    const { status, body } = await providerFetch('facebook', fetchImpl, url.toString(), { method });
    if (status < 200 || status >= 300) throw graphError(status, body, exchanging);
    const parsed = z.safeParse(schema, body);
    if (!parsed.success) throw new ProviderError('facebook', 'answer', status);
    return parsed.data;
  };
  // A user token on every call after the exchange, with its proof (appsecret_proof is what
  // Facebook asks of server calls; the sandbox ignores it).
  const asUser = (token: string) => ({ access_token: token });

  return {
    /** The code the dialog sent back, for a user token (a short-lived one; 1–2 hours). */
    async exchangeCode(code: string, redirectUri: string): Promise<{ accessToken: string; expiresIn?: number }> {
      const answer = await graph(
        '/oauth/access_token',
        { client_id: app.appId, client_secret: app.appSecret, redirect_uri: redirectUri, code },
        TokenSchema,
        true,
      );
      return { accessToken: answer.access_token, expiresIn: answer.expires_in };
    },
    /**
     * The short-lived user token for a long-lived one (about 60 days): what an account keeps, so it
     * does not need reconnecting every two hours. Facebook has no refresh token; past that, a
     * reconnect.
     */
    async longLivedToken(token: string): Promise<{ accessToken: string; expiresIn?: number }> {
      const answer = await graph(
        '/oauth/access_token',
        {
          grant_type: 'fb_exchange_token',
          client_id: app.appId,
          client_secret: app.appSecret,
          fb_exchange_token: token,
        },
        TokenSchema,
      );
      return { accessToken: answer.access_token, expiresIn: answer.expires_in };
    },
    /** Who the token belongs to; `email` only when the person granted it. */
    me: (token: string) => graph('/me', { ...asUser(token), fields: 'id,name,email' }, MeSchema),
    /** The permissions the person granted (declined ones are left out). */
    async grantedScopes(token: string): Promise<string[]> {
      const answer = await graph('/me/permissions', asUser(token), PermissionsSchema);
      return answer.data.filter((entry) => entry.status === 'granted').map((entry) => entry.permission);
    },
    /** The pages the person manages, each with its Instagram business account if it has one. */
    async pages(token: string) {
      const answer = await graph(
        '/me/accounts',
        { ...asUser(token), fields: 'id,name,instagram_business_account{id,username}' },
        PagesSchema,
      );
      return answer.data.map((page) => ({
        id: page.id,
        name: page.name,
        instagramAccount: page.instagram_business_account
          ? { id: page.instagram_business_account.id, name: page.instagram_business_account.username ?? page.name }
          : null,
      }));
    },
    async adAccounts(token: string) {
      const answer = await graph('/me/adaccounts', { ...asUser(token), fields: 'id,name' }, AdAccountsSchema);
      return answer.data;
    },
    /** The comments on a page or an Instagram account (made `since` then, when given), replies naming their parent. */
    async comments(objectId: string, token: string, since?: Date) {
      const answer = await graph(
        `/${encodeURIComponent(objectId)}/comments`,
        {
          ...asUser(token),
          fields: 'id,message,from{name},created_time,parent{id}',
          ...(since ? { since: String(Math.floor(since.getTime() / 1000)) } : {}),
        },
        CommentsSchema,
      );
      return answer.data;
    },
    /**
     * Subscribes the page to the app's webhooks for its `feed` (its comments; an Instagram
     * account's come through its page), or ends that (docs/decisions/044).
     */
    async subscribeApp(pageId: string, token: string): Promise<void> {
      const path = `/${encodeURIComponent(pageId)}/subscribed_apps`;
      await graph(path, { ...asUser(token), subscribed_fields: 'feed' }, SuccessSchema, false, 'POST');
    },
    async unsubscribeApp(pageId: string, token: string): Promise<void> {
      const path = `/${encodeURIComponent(pageId)}/subscribed_apps`;
      await graph(path, asUser(token), SuccessSchema, false, 'DELETE');
    },
    /**
     * Hides a comment on a page (`is_hidden`) or an Instagram account (`hide`) from everyone but
     * its author and their friends, or shows it again.
     */
    async hide(commentId: string, hidden: boolean, token: string, instagram: boolean): Promise<void> {
      await graph(
        `/${encodeURIComponent(commentId)}`,
        { ...asUser(token), [instagram ? 'hide' : 'is_hidden']: String(hidden) },
        SuccessSchema,
        false,
        'POST',
      );
    },
    /** Deletes a comment on a page or an Instagram account, for everyone (Graph's `DELETE /{comment-id}`). */
    async deleteComment(commentId: string, token: string): Promise<void> {
      await graph(`/${encodeURIComponent(commentId)}`, asUser(token), SuccessSchema, false, 'DELETE');
    },
    /** Replies under a comment as the page: the reply's id. */
    async reply(commentId: string, message: string, token: string): Promise<string> {
      const answer = await graph(
        `/${encodeURIComponent(commentId)}/comments`,
        { ...asUser(token), message },
        PostedSchema,
        false,
        'POST',
      );
      return answer.id;
    },
  };
}

export type FacebookClient = ReturnType<typeof facebookClient>;
