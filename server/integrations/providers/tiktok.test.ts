import { describe, expect, it } from 'vitest';
import { SANDBOX_TIKTOK_USERS, tiktokSandbox } from '../sandbox/tiktok';
import { tiktokAuthorizeUrl, tiktokClient, TIKTOK_SCOPES, type TikTokApp } from './tiktok';
import { providerErrorOf } from '../../test/provider-error';

/** The TikTok adapter against the sandbox's endpoints (decision 025), as it talks to TikTok's. */
const app: TikTokApp = {
  clientKey: 'sandboxkey',
  clientSecret: 'sandbox-secret',
  authUrl: 'http://app.test/sandbox/tiktok',
  apiUrl: 'http://api.test/sandbox/tiktok',
};
const REDIRECT = 'http://app.test/integrations/tiktok-user/callback';
const [caffe] = SANDBOX_TIKTOK_USERS;

function setUp() {
  let now = Date.now();
  const sandbox = tiktokSandbox({ ...app, redirectUris: [REDIRECT], clock: () => now });
  const client = tiktokClient(app, (url, init) => Promise.resolve(sandbox.routes.request(url, init)));
  return { sandbox, client, advance: (ms: number) => (now += ms) };
}

describe('the TikTok adapter', () => {
  it('builds the authorize address', () => {
    const url = new URL(tiktokAuthorizeUrl(app, { state: 'st', redirectUri: REDIRECT }));
    expect(url.origin + url.pathname).toBe('http://app.test/sandbox/tiktok/v2/auth/authorize/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: 'sandboxkey',
      response_type: 'code',
      scope: TIKTOK_SCOPES.join(','),
      redirect_uri: REDIRECT,
      state: 'st',
    });
  });

  it('goes round the consent page, exchanges the code once, reads the user, refreshes the token', async () => {
    const { sandbox, client } = setUp();
    const page = await sandbox.routes.request(
      tiktokAuthorizeUrl(app, { state: 'st', redirectUri: REDIRECT }).replace('http://app.test', ''),
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Caffè Orbita');
    const answered = await sandbox.routes.request('/sandbox/tiktok/v2/auth/authorize/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_key: app.clientKey,
        redirect_uri: REDIRECT,
        scope: TIKTOK_SCOPES.join(','),
        state: 'st',
        user: caffe!.openId,
        decision: 'allow',
      }).toString(),
    });
    const back = new URL(answered.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('st');
    const code = back.searchParams.get('code')!;
    const tokens = await client.exchangeCode(code, REDIRECT);
    expect(tokens.openId).toBe(caffe!.openId);
    expect(await client.me(tokens.accessToken)).toEqual({
      id: caffe!.openId,
      name: 'Caffè Orbita',
      username: 'caffeorbita',
      videoCount: 42,
    });
    // The videos, newest first, ten a page, each page's cursor leading to the next.
    const first = await client.videos(tokens.accessToken);
    expect(first.videos).toHaveLength(10);
    expect(first.videos[0]).toMatchObject({ id: 'tt-sandbox-caffe-video-42', caption: 'Morning espresso #42' });
    expect(first).toMatchObject({ cursor: 10, hasMore: true });
    const last = await client.videos(tokens.accessToken, 40);
    expect(last.videos.map((video) => video.id)).toEqual(['tt-sandbox-caffe-video-2', 'tt-sandbox-caffe-video-1']);
    expect(last).toMatchObject({ cursor: 42, hasMore: false });
    expect((await providerErrorOf(client.exchangeCode(code, REDIRECT))).problem).toBe('refused');

    // TikTok takes the token back: it says so, and the refresh token gets a new one.
    sandbox.expireTokensOf(caffe!.openId);
    expect((await providerErrorOf(client.me(tokens.accessToken))).problem).toBe('expired');
    const refreshed = await client.refresh(tokens.refreshToken);
    expect((await client.me(refreshed.accessToken)).name).toBe('Caffè Orbita');
  });

  it('maps a missing scope and the rate limit', async () => {
    const { sandbox, client } = setUp();
    const narrow = await client.exchangeCode(sandbox.consent(caffe!.openId, ['video.list'], REDIRECT), REDIRECT);
    expect((await providerErrorOf(client.me(narrow.accessToken))).problem).toBe('revoked');
    const noVideos = await client.exchangeCode(sandbox.consent(caffe!.openId, ['user.info.basic'], REDIRECT), REDIRECT);
    expect((await providerErrorOf(client.videos(noVideos.accessToken))).problem).toBe('revoked');
    sandbox.rateLimit(1);
    expect((await providerErrorOf(client.me(narrow.accessToken))).problem).toBe('rateLimited');
  });

  it('refuses a code past its time or for another redirect', async () => {
    const { sandbox, client, advance } = setUp();
    const code = sandbox.consent(caffe!.openId, [...TIKTOK_SCOPES], REDIRECT);
    expect((await providerErrorOf(client.exchangeCode(code, 'http://evil.test/'))).problem).toBe('refused');
    const late = sandbox.consent(caffe!.openId, [...TIKTOK_SCOPES], REDIRECT);
    advance(11 * 60_000);
    expect((await providerErrorOf(client.exchangeCode(late, REDIRECT))).problem).toBe('refused');
  });
});
