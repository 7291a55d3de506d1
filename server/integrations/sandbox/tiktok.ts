import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { readForm, withParams } from '../../http/form-body';
import { html } from '../../mail/html';
import { sandboxPage, sandboxPagePolicy } from '../../mautic/sandbox-pages';

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
}

export const SANDBOX_TIKTOK_USERS: SandboxTikTokUser[] = [
  { openId: 'tt-sandbox-caffe', displayName: 'Caffè Orbita', username: 'caffeorbita' },
  { openId: 'tt-sandbox-gelato', displayName: 'Gelato Lab', username: 'gelatolab' },
];

type Grant = { openId: string; scopes: string[]; expiresAt: number };

export function tiktokSandbox({
  clientKey,
  clientSecret,
  redirectUris = [],
  clock = Date.now,
}: {
  clientKey: string;
  clientSecret: string;
  redirectUris?: string[];
  clock?: () => number;
}) {
  const codes = new Map<string, Grant & { redirectUri: string }>();
  const tokens = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  let rateLimitedCalls = 0;
  const routes = new Hono().basePath('/sandbox/tiktok');

  const showError = (c: Context, problem: string) =>
    c.html(
      sandboxPage(
        'Error',
        html`<h1>This authorization request cannot go on</h1>
          <p>${problem}</p>
          <p class="note">The local TikTok sandbox.</p>`,
        'TikTok',
      ),
      400,
      { 'Content-Security-Policy': sandboxPagePolicy() },
    );
  const refusal = (key: string | undefined, redirectUri: string | undefined) =>
    key !== clientKey
      ? 'No app has this client_key.'
      : !redirectUri || !redirectUris.includes(redirectUri)
        ? "The redirect_uri is not one of the app's registered redirect URIs."
        : undefined;

  routes.get('/v2/auth/authorize/', (c) => {
    const { client_key: key, redirect_uri: redirectUri, state, scope = '', response_type: type } = c.req.query();
    const problem = refusal(key, redirectUri);
    if (problem) return showError(c, problem);
    if (type !== 'code') return c.redirect(withParams(redirectUri!, { error: 'invalid_request', state }), 303);
    const scopes = scope.split(',').filter(Boolean);
    const users = SANDBOX_TIKTOK_USERS.map(
      (user, index) =>
        html`<label
          ><input type="radio" name="user" value="${user.openId}" ${index === 0 ? html`checked` : html``} />
          <span>${user.displayName} <span class="note">(@${user.username})</span></span></label
        >`,
    );
    const body = html`<h1>Log in to the app with TikTok</h1>
      <p>The app asks for:</p>
      <ul>
        ${scopes.map((each) => html`<li><code>${each}</code></li>`)}
      </ul>
      <p class="note">
        This is the local sandbox standing in for TikTok; it exists outside a deployment only. Its users are made up.
      </p>
      <form method="post">
        <input type="hidden" name="client_key" value="${clientKey}" />
        <input type="hidden" name="redirect_uri" value="${redirectUri!}" />
        <input type="hidden" name="scope" value="${scopes.join(',')}" />
        ${state === undefined ? html`` : html`<input type="hidden" name="state" value="${state}" />`}
        <fieldset>
          <legend>Log in as</legend>
          ${users}
        </fieldset>
        <div class="actions wrap">
          <button type="submit" name="decision" value="allow" class="allow">Allow</button>
          <button type="submit" name="decision" value="cancel" class="deny">Cancel</button>
        </div>
      </form>`;
    return c.html(sandboxPage('Log in with TikTok', body, 'TikTok'), 200, {
      'Content-Security-Policy': sandboxPagePolicy([new URL(redirectUri!).origin]),
    });
  });

  routes.post('/v2/auth/authorize/', async (c) => {
    const form = (await readForm(c)) ?? {};
    const { client_key: key, redirect_uri: redirectUri, state, decision, user: openId, scope = '' } = form;
    const problem = refusal(key, redirectUri);
    if (problem) return showError(c, problem);
    const user = SANDBOX_TIKTOK_USERS.find((each) => each.openId === openId);
    if (!user || !['allow', 'cancel'].includes(decision ?? '')) {
      return showError(c, 'The consent form came back incomplete.');
    }
    if (decision === 'cancel') {
      return c.redirect(
        withParams(redirectUri!, { error: 'access_denied', error_description: 'The user denied the request', state }),
        303,
      );
    }
    const code = sandbox.consent(user.openId, scope.split(',').filter(Boolean), redirectUri!);
    return c.redirect(withParams(redirectUri!, { code, scopes: scope, state }), 303);
  });

  const issue = (grant: Grant) => {
    const accessToken = `act.${randomBytes(24).toString('base64url')}`;
    const refreshToken = `rft.${randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, { ...grant, expiresAt: clock() + SANDBOX_TIKTOK_TOKEN_SECONDS * 1000 });
    refreshTokens.set(refreshToken, { ...grant, expiresAt: clock() + 365 * 24 * 3600 * 1000 });
    return {
      access_token: accessToken,
      expires_in: SANDBOX_TIKTOK_TOKEN_SECONDS,
      open_id: grant.openId,
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
    if (form.client_key !== clientKey || form.client_secret !== clientSecret) {
      return oauthError('invalid_client', 'Client key or secret is incorrect.');
    }
    if (form.grant_type === 'authorization_code') {
      const issued = form.code ? codes.get(form.code) : undefined;
      if (form.code) codes.delete(form.code);
      if (!issued || issued.expiresAt <= clock() || issued.redirectUri !== form.redirect_uri) {
        return oauthError('invalid_grant', 'Authorization code is expired or invalid.');
      }
      return c.json(issue(issued));
    }
    if (form.grant_type === 'refresh_token') {
      const grant = form.refresh_token ? refreshTokens.get(form.refresh_token) : undefined;
      if (!grant || grant.expiresAt <= clock())
        return oauthError('invalid_grant', 'Refresh token is invalid or expired.');
      return c.json(issue(grant));
    }
    return oauthError('unsupported_grant_type', 'Only authorization_code and refresh_token are supported.');
  });

  routes.get('/v2/user/info/', (c) => {
    const apiError = (status: 401 | 429, code: string, message: string) =>
      c.json({ data: {}, error: { code, message, log_id: 'sandbox' } }, status);
    if (rateLimitedCalls > 0) {
      rateLimitedCalls -= 1;
      return apiError(429, 'rate_limit_exceeded', 'Rate limit exceeded.');
    }
    const token = c.req.header('authorization')?.replace(/^Bearer /, '');
    const grant = token ? tokens.get(token) : undefined;
    if (!grant || grant.expiresAt <= clock()) {
      return apiError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    }
    if (!grant.scopes.includes('user.info.basic')) {
      return apiError(401, 'scope_not_authorized', 'The user did not authorize the scope required.');
    }
    const user = SANDBOX_TIKTOK_USERS.find((each) => each.openId === grant.openId)!;
    return c.json({
      data: {
        user: {
          open_id: user.openId,
          display_name: user.displayName,
          username: user.username,
          avatar_url: '',
        },
      },
      error: { code: 'ok', message: '', log_id: 'sandbox' },
    });
  });

  const sandbox = {
    routes,
    consent(openId: string, scopes: string[], redirectUri: string): string {
      const code = randomBytes(24).toString('base64url');
      codes.set(code, { openId, scopes, redirectUri, expiresAt: clock() + SANDBOX_TIKTOK_CODE_TTL_MS });
      return code;
    },
    rateLimit(calls: number) {
      rateLimitedCalls = calls;
    },
    expireTokensOf(openId: string) {
      for (const grant of tokens.values()) if (grant.openId === openId) grant.expiresAt = 0;
    },
  };
  return sandbox;
}
