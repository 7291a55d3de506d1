import { z } from 'zod/mini';
import type { TikTokConfig } from '../../config';
import { ProviderError, providerFetch, type FetchLike } from './provider-error';

/**
 * TikTok as the product uses it (decision 025): Login Kit's OAuth 2 (v2) and the
 * Display API's user info, for the TikTok users a project imports (docs/product.md#tiktok-users).
 * The same code talks to www.tiktok.com / open.tiktokapis.com and to the sandbox the API serves
 * outside production.
 */
export type TikTokApp = Pick<TikTokConfig, 'clientKey' | 'clientSecret' | 'authUrl' | 'apiUrl'>;

export const TIKTOK_SCOPES = ['user.info.basic', 'user.info.profile', 'user.info.stats', 'video.list'] as const;

/** Videos asked for a page (TikTok gives up to 20): small enough that an import says how far it is often. */
export const TIKTOK_VIDEOS_PAGE = 10;

export function tiktokAuthorizeUrl(
  app: TikTokApp,
  { state, redirectUri, scopes = TIKTOK_SCOPES }: { state: string; redirectUri: string; scopes?: readonly string[] },
): string {
  const url = new URL(`${app.authUrl}/v2/auth/authorize/`);
  url.search = new URLSearchParams({
    client_key: app.clientKey,
    response_type: 'code',
    scope: scopes.join(','),
    redirect_uri: redirectUri,
    state,
  }).toString();
  return url.toString();
}

const TokenSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  expires_in: z.number(),
  open_id: z.string(),
  refresh_token: z.string(),
  refresh_expires_in: z.optional(z.number()),
  scope: z.optional(z.string()),
});
const UserInfoSchema = z.object({
  data: z.object({
    user: z.object({
      open_id: z.string(),
      display_name: z.string(),
      username: z.optional(z.string()),
      avatar_url: z.optional(z.string()),
      // With `user.info.stats`.
      video_count: z.optional(z.number()),
    }),
  }),
});
const VideoListSchema = z.object({
  data: z.object({
    videos: z.array(
      z.object({
        id: z.string(),
        title: z.optional(z.string()),
        video_description: z.optional(z.string()),
        create_time: z.number(),
        view_count: z.optional(z.number()),
        like_count: z.optional(z.number()),
        comment_count: z.optional(z.number()),
        share_count: z.optional(z.number()),
      }),
    ),
    cursor: z.number(),
    has_more: z.boolean(),
  }),
});

export type TikTokVideo = {
  id: string;
  caption: string;
  publishedAt: Date;
  views: number;
  likes: number;
  comments: number;
  shares: number;
};

export type TikTokTokens = {
  accessToken: string;
  expiresIn: number;
  openId: string;
  refreshToken: string;
  scopes: string[];
};

/**
 * TikTok's error answers as our kinds: the token endpoint's `error` (`invalid_grant`: a code or
 * refresh token that is invalid, expired or used), the API's `error.code`
 * (`access_token_invalid`, `scope_not_authorized`, `rate_limit_exceeded`).
 */
function tiktokError(status: number, body: unknown, exchanging: boolean): ProviderError {
  const answer = body as { error?: string | { code?: string } } | null;
  const code = typeof answer?.error === 'string' ? answer.error : answer?.error?.code;
  if (exchanging && (code === 'invalid_grant' || code === 'invalid_request')) {
    return new ProviderError('tiktok', 'refused', status, code);
  }
  if (code === 'access_token_invalid') return new ProviderError('tiktok', 'expired', status, code);
  if (code === 'scope_not_authorized' || code === 'scope_permission_missed') {
    return new ProviderError('tiktok', 'revoked', status, code);
  }
  if (code === 'rate_limit_exceeded' || status === 429) return new ProviderError('tiktok', 'rateLimited', status, code);
  return new ProviderError('tiktok', 'answer', status, code);
}

export function tiktokClient(app: TikTokApp, fetchImpl: FetchLike = fetch) {
  const read = async <T>(url: string, init: RequestInit, schema: z.ZodMiniType<T>, exchanging = false) => {
    const { status, body } = await providerFetch('tiktok', fetchImpl, url, init);
    const apiError = (body as { error?: { code?: string } } | null)?.error;
    // The Display API answers `error.code: "ok"` beside its data when all is well.
    const failed = status < 200 || status >= 300 || (typeof apiError === 'object' && apiError?.code !== 'ok');
    if (failed || (exchanging && typeof apiError === 'string')) throw tiktokError(status, body, exchanging);
    const parsed = z.safeParse(schema, body);
    if (!parsed.success) throw new ProviderError('tiktok', 'answer', status);
    return parsed.data;
  };
  const token = async (fields: Record<string, string>): Promise<TikTokTokens> => {
    const answer = await read(
      `${app.apiUrl}/v2/oauth/token/`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...fields, client_key: app.clientKey, client_secret: app.clientSecret }).toString(),
      },
      TokenSchema,
      true,
    );
    return {
      accessToken: answer.access_token,
      expiresIn: answer.expires_in,
      openId: answer.open_id,
      refreshToken: answer.refresh_token,
      scopes: (answer.scope ?? '').split(',').filter(Boolean),
    };
  };
  return {
    exchangeCode: (code: string, redirectUri: string) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async me(accessToken: string) {
      const answer = await read(
        `${app.apiUrl}/v2/user/info/?fields=open_id,display_name,username,avatar_url,video_count`,
        { method: 'GET', headers: { authorization: `Bearer ${accessToken}` } },
        UserInfoSchema,
      );
      const user = answer.data.user;
      return { id: user.open_id, name: user.display_name, username: user.username, videoCount: user.video_count };
    },
    /** One page of the user's videos, newest first; `cursor` from the previous page (none for the first). */
    async videos(accessToken: string, cursor?: number) {
      const answer = await read(
        `${app.apiUrl}/v2/video/list/?fields=id,title,video_description,create_time,view_count,like_count,comment_count,share_count`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ max_count: TIKTOK_VIDEOS_PAGE, ...(cursor === undefined ? {} : { cursor }) }),
        },
        VideoListSchema,
      );
      return {
        videos: answer.data.videos.map((video): TikTokVideo => ({
          id: video.id,
          caption: video.title ?? video.video_description ?? '',
          publishedAt: new Date(video.create_time * 1000),
          views: video.view_count ?? 0,
          likes: video.like_count ?? 0,
          comments: video.comment_count ?? 0,
          shares: video.share_count ?? 0,
        })),
        cursor: answer.data.cursor,
        hasMore: answer.data.has_more,
      };
    },
  };
}

export type TikTokClient = ReturnType<typeof tiktokClient>;
