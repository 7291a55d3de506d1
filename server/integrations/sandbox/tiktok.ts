import { Hono, type Context } from 'hono';
import { readForm, withParams } from '../../http/form-body';
import { sameSecret } from '../../security/same-secret';
import { consentErrorPage, consentPage, readConsentAnswer, registrationRefusal } from './consent';
import { SandboxGrants, type SandboxGrant } from './grants';

/**
 * The sandbox TikTok (decision 025): Login Kit's authorization page, the token endpoint (codes and
 * refresh tokens) and the Display API's user info, with TikTok's shapes and error answers, from
 * fixtures. TikTok asks no email, so its page has Allow and Cancel only.
 */

/** TikTok's lifetimes: a code for minutes, an access token for a day. */
export const SANDBOX_TIKTOK_CODE_TTL_MS = 10 * 60_000;
export const SANDBOX_TIKTOK_TOKEN_SECONDS = 24 * 3600;

export interface SandboxTikTokUser {
  openId: string;
  displayName: string;
  username: string;
  videoCount: number;
}

export const SANDBOX_TIKTOK_USERS: SandboxTikTokUser[] = [
  { openId: 'tt-sandbox-caffe', displayName: 'Caffè Orbita', username: 'caffeorbita', videoCount: 42 },
  { openId: 'tt-sandbox-gelato', displayName: 'Gelato Lab', username: 'gelatolab', videoCount: 18 },
];

const TOPICS = ['Morning espresso', 'Latte art', 'New blend', 'Behind the bar', 'Sunday brunch', 'Gelato of the day'];

/** A user's made-up videos, newest first, the same every time: a video a day, counts from its number. */
export function sandboxTikTokVideos(user: SandboxTikTokUser) {
  const newest = Date.UTC(2026, 9, 31, 9) / 1000;
  return Array.from({ length: user.videoCount }, (_, index) => ({
    id: `${user.openId}-video-${user.videoCount - index}`,
    title: `${TOPICS[index % TOPICS.length]} #${user.videoCount - index}`,
    create_time: newest - index * 86_400,
    view_count: 1000 + ((index * 7919) % 9000),
    like_count: 100 + ((index * 613) % 900),
    comment_count: (index * 37) % 60,
    share_count: (index * 11) % 25,
  }));
}

type Grant = SandboxGrant;

/**
 * TikTok asks no email: Allow and Cancel, and (as a person who unticks a permission at TikTok)
 * Allow without the videos: the user connects, and their import is refused, as a revoked
 * permission is.
 */
const DECISIONS = [
  { value: 'allow', label: 'Allow' },
  { value: 'allow-without-videos', label: 'Allow without videos' },
  { value: 'cancel', label: 'Cancel' },
];

export function tiktokSandbox({
  clientKey,
  clientSecret,
  redirectUris = [],
  clock = Date.now,
  latencyMs = 0,
}: {
  clientKey: string;
  clientSecret: string;
  redirectUris?: string[];
  clock?: () => number;
  /** How long each page of videos takes, as TikTok's own does (the import's progress can be seen). */
  latencyMs?: number;
}) {
  const grants = new SandboxGrants(clock, {
    codeMs: SANDBOX_TIKTOK_CODE_TTL_MS,
    accessSeconds: SANDBOX_TIKTOK_TOKEN_SECONDS,
    refreshSeconds: 365 * 24 * 3600,
  });
  const routes = new Hono().basePath('/sandbox/tiktok');

  const showError = (c: Context, problem: string) => consentErrorPage(c, 'TikTok', problem);
  const refusal = (key: string | undefined, redirectUri: string | undefined) =>
    registrationRefusal(
      { clientId: clientKey, redirectUris, clientWord: 'client_key', urisWord: 'registered redirect URIs' },
      key,
      redirectUri,
    );

  routes.get('/v2/auth/authorize/', (c) => {
    const { client_key: key, redirect_uri: redirectUri, state, scope = '', response_type: type } = c.req.query();
    const problem = refusal(key, redirectUri);
    if (problem) return showError(c, problem);
    if (type !== 'code') return c.redirect(withParams(redirectUri!, { error: 'invalid_request', state }), 303);
    const scopes = scope.split(',').filter(Boolean);
    return consentPage(c, {
      product: 'TikTok',
      title: 'Log in with TikTok',
      heading: 'Log in to the app with TikTok',
      intro: 'The app asks for:',
      scopes,
      madeUp: 'Its users are made up.',
      hidden: { client_key: clientKey, redirect_uri: redirectUri, scope: scopes.join(','), state },
      choose: {
        field: 'user',
        legend: 'Log in as',
        choices: SANDBOX_TIKTOK_USERS.map((user) => ({
          value: user.openId,
          label: user.displayName,
          note: `@${user.username}`,
        })),
      },
      decisions: DECISIONS,
      redirectUri: redirectUri!,
    });
  });

  routes.post('/v2/auth/authorize/', async (c) => {
    const answer = await readConsentAnswer(c, {
      product: 'TikTok',
      clientField: 'client_key',
      choiceField: 'user',
      choices: SANDBOX_TIKTOK_USERS.map((user) => user.openId),
      decisions: DECISIONS.map((each) => each.value),
      refusal,
    });
    if (answer instanceof Response) return answer;
    const { redirectUri, state, decision, subject: openId, scope } = answer;
    if (decision === 'cancel') {
      return c.redirect(
        withParams(redirectUri, { error: 'access_denied', error_description: 'The user denied the request', state }),
        303,
      );
    }
    const asked = scope.split(',').filter(Boolean);
    const granted = decision === 'allow' ? asked : asked.filter((each) => each !== 'video.list');
    const code = sandbox.consent(openId, granted, redirectUri);
    return c.redirect(withParams(redirectUri, { code, scopes: granted.join(','), state }), 303);
  });

  const issue = (grant: Grant) => {
    const { accessToken, refreshToken } = grants.issueTokens(grant, 'act.');
    return {
      access_token: accessToken,
      expires_in: SANDBOX_TIKTOK_TOKEN_SECONDS,
      open_id: grant.subject,
      refresh_token: refreshToken,
      refresh_expires_in: 365 * 24 * 3600,
      scope: grant.scopes.join(','),
      token_type: 'Bearer',
    };
  };

  routes.post('/v2/oauth/token/', async (c) => {
    const form = await readForm(c);
    const oauthError = (error: string, description: string) =>
      c.json({ error, error_description: description, log_id: 'sandbox' }, 400);
    if (!form) return oauthError('invalid_request', 'The body must be form-encoded.');
    if (form.client_key !== clientKey || !sameSecret(form.client_secret ?? '', clientSecret)) {
      return oauthError('invalid_client', 'Client key or secret is incorrect.');
    }
    if (form.grant_type === 'authorization_code') {
      const issued = grants.takeCode(form.code, form.redirect_uri);
      if (!issued) {
        return oauthError('invalid_grant', 'Authorization code is expired or invalid.');
      }
      return c.json(issue(issued));
    }
    if (form.grant_type === 'refresh_token') {
      const grant = grants.refreshGrant(form.refresh_token);
      if (!grant) return oauthError('invalid_grant', 'Refresh token is invalid or expired.');
      return c.json(issue(grant));
    }
    return oauthError('unsupported_grant_type', 'Only authorization_code and refresh_token are supported.');
  });

  /** The Display API's errors, as TikTok answers them. */
  const apiError = (c: Context, status: 400 | 401 | 429, code: string, message: string) =>
    c.json({ data: {}, error: { code, message, log_id: 'sandbox' } }, status);
  /** The grant behind the call's bearer token, if it holds `scope`; else TikTok's error answer. */
  const apiGrant = (c: Context, scope: string): Grant | Response => {
    if (grants.takeRateLimited()) return apiError(c, 429, 'rate_limit_exceeded', 'Rate limit exceeded.');
    const access = grants.accessGrant(c.req.header('authorization')?.replace(/^Bearer /, ''));
    if (!access?.grant || access.expired) {
      return apiError(c, 401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    }
    if (!access.grant.scopes.includes(scope)) {
      return apiError(c, 401, 'scope_not_authorized', 'The user did not authorize the scope required.');
    }
    return access.grant;
  };

  routes.get('/v2/user/info/', (c) => {
    const grant = apiGrant(c, 'user.info.basic');
    if (grant instanceof Response) return grant;
    const user = SANDBOX_TIKTOK_USERS.find((each) => each.openId === grant.subject)!;
    return c.json({
      data: {
        user: {
          open_id: user.openId,
          display_name: user.displayName,
          username: user.username,
          avatar_url: '',
          ...(grant.scopes.includes('user.info.stats') ? { video_count: user.videoCount } : {}),
        },
      },
      error: { code: 'ok', message: '', log_id: 'sandbox' },
    });
  });

  // The Display API's video list: newest first, `max_count` (1 to 20) a page, `cursor` the
  // position of the next page, as TikTok pages.
  routes.post('/v2/video/list/', async (c) => {
    const grant = apiGrant(c, 'video.list');
    if (grant instanceof Response) return grant;
    const body = (await c.req.json().catch(() => null)) as { max_count?: unknown; cursor?: unknown } | null;
    const maxCount = body?.max_count ?? 20;
    const cursor = body?.cursor ?? 0;
    if (!Number.isInteger(maxCount) || (maxCount as number) < 1 || (maxCount as number) > 20) {
      return apiError(c, 400, 'invalid_params', 'max_count must be 1 to 20.');
    }
    if (!Number.isInteger(cursor) || (cursor as number) < 0) return apiError(c, 400, 'invalid_params', 'Bad cursor.');
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const videos = sandboxTikTokVideos(SANDBOX_TIKTOK_USERS.find((each) => each.openId === grant.subject)!);
    const page = videos.slice(cursor as number, (cursor as number) + (maxCount as number));
    const next = (cursor as number) + page.length;
    return c.json({
      data: { videos: page, cursor: next, has_more: next < videos.length },
      error: { code: 'ok', message: '', log_id: 'sandbox' },
    });
  });

  const sandbox = {
    routes,
    consent: (openId: string, scopes: string[], redirectUri: string) => grants.issueCode(openId, scopes, redirectUri),
    rateLimit: (calls: number) => grants.rateLimit(calls),
    expireTokensOf: (openId: string) => grants.expire(openId),
  };
  return sandbox;
}
