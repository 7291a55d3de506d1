import { describe, expect, it } from 'vitest';
import {
  facebookSandbox,
  SANDBOX_FACEBOOK_LONG_LIVED_SECONDS,
  SANDBOX_FACEBOOK_PEOPLE,
  SANDBOX_FACEBOOK_TOKEN_SECONDS,
} from '../sandbox/facebook';
import { facebookAuthorizeUrl, facebookClient, FACEBOOK_SCOPES, type FacebookApp } from './facebook';
import { providerErrorOf } from '../../test/provider-error';

/** The adapter against the sandbox's Graph endpoints (decision 025), as it will talk to Facebook's. */
const app: FacebookApp = {
  appId: 'sandbox-app',
  appSecret: 'sandbox-secret',
  dialogUrl: 'http://api.test/sandbox/facebook',
  graphUrl: 'http://api.test/sandbox/facebook',
  version: 'v26.0',
};
const REDIRECT = 'http://app.test/integrations';
const [giulia, marco] = SANDBOX_FACEBOOK_PEOPLE;

function setUp() {
  let now = Date.now();
  const sandbox = facebookSandbox({ appId: app.appId, appSecret: app.appSecret, clock: () => now });
  const client = facebookClient(app, (url, init) => Promise.resolve(sandbox.routes.request(url, init)));
  return { sandbox, client, advance: (ms: number) => (now += ms) };
}

describe('the Facebook adapter', () => {
  it('builds the login dialog address with the scopes, the state and return_scopes', () => {
    const url = new URL(facebookAuthorizeUrl(app, { state: 'st4te', redirectUri: REDIRECT }));
    expect(url.origin + url.pathname).toBe('http://api.test/sandbox/facebook/v26.0/dialog/oauth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'sandbox-app',
      redirect_uri: REDIRECT,
      state: 'st4te',
      response_type: 'code',
      scope: FACEBOOK_SCOPES.join(','),
      return_scopes: 'true',
    });
  });

  it('exchanges a code once, then reads the person, the granted scopes, the pages with Instagram, the ad accounts', async () => {
    const { sandbox, client } = setUp();
    const code = sandbox.consent(giulia.id, [...FACEBOOK_SCOPES], REDIRECT);
    const { accessToken, expiresIn } = await client.exchangeCode(code, REDIRECT);
    expect(expiresIn).toBe(SANDBOX_FACEBOOK_TOKEN_SECONDS);
    expect(await client.me(accessToken)).toEqual({ id: giulia.id, name: 'Giulia Rossi', email: giulia.email });
    expect(await client.grantedScopes(accessToken)).toEqual([...FACEBOOK_SCOPES]);
    expect(await client.pages(accessToken)).toEqual([
      {
        id: giulia.pages[0].id,
        name: 'Espresso Bar Milano',
        instagramAccount: { id: giulia.pages[0].instagram!.id, name: 'espressobarmilano' },
      },
      { id: giulia.pages[1].id, name: 'Trattoria Roma', instagramAccount: null },
    ]);
    expect(await client.adAccounts(accessToken)).toEqual(giulia.adAccounts);
    // The short-lived token for a long-lived one, which works the same.
    const longLived = await client.longLivedToken(accessToken);
    expect(longLived.expiresIn).toBe(SANDBOX_FACEBOOK_LONG_LIVED_SECONDS);
    expect((await client.me(longLived.accessToken)).id).toBe(giulia.id);
    // The same code again is refused: a code is exchanged once.
    expect((await providerErrorOf(client.exchangeCode(code, REDIRECT))).problem).toBe('refused');
  });

  it('refuses a code for another redirect address, or past its time', async () => {
    const { sandbox, client, advance } = setUp();
    expect(
      (await providerErrorOf(client.exchangeCode(sandbox.consent(marco.id, ['email'], REDIRECT), 'http://evil.test/')))
        .problem,
    ).toBe('refused');
    const late = sandbox.consent(marco.id, ['email'], REDIRECT);
    advance(11 * 60_000);
    expect((await providerErrorOf(client.exchangeCode(late, REDIRECT))).problem).toBe('refused');
  });

  it('leaves the email out when the person declined it', async () => {
    const { sandbox, client } = setUp();
    const withoutEmail = FACEBOOK_SCOPES.filter((scope) => scope !== 'email');
    const { accessToken } = await client.exchangeCode(sandbox.consent(marco.id, withoutEmail, REDIRECT), REDIRECT);
    expect(await client.me(accessToken)).toEqual({ id: marco.id, name: 'Marco Bianchi' });
    expect(await client.grantedScopes(accessToken)).not.toContain('email');
  });

  it('maps an expired token and a revoked permission to a reconnect, a rate limit to a wait', async () => {
    const { sandbox, client, advance } = setUp();
    const { accessToken } = await client.exchangeCode(
      sandbox.consent(giulia.id, [...FACEBOOK_SCOPES], REDIRECT),
      REDIRECT,
    );

    sandbox.revoke(accessToken, 'ads_read');
    const revoked = await providerErrorOf(client.adAccounts(accessToken));
    expect([revoked.problem, revoked.needsReconnect, revoked.providerCode]).toEqual(['revoked', true, 200]);

    sandbox.rateLimit(1);
    const limited = await providerErrorOf(client.pages(accessToken));
    expect([limited.problem, limited.needsReconnect, limited.status]).toEqual(['rateLimited', false, 429]);
    expect(await client.pages(accessToken)).toHaveLength(2);

    advance(SANDBOX_FACEBOOK_TOKEN_SECONDS * 1000);
    const expired = await providerErrorOf(client.me(accessToken));
    expect([expired.problem, expired.needsReconnect, expired.providerCode]).toEqual(['expired', true, 190]);
    expect((await providerErrorOf(client.me('made-up'))).problem).toBe('expired');
  });

  it('says unreachable when Facebook does not answer, and answer when it says nonsense', async () => {
    const down = facebookClient(app, () => Promise.reject(new TypeError('fetch failed')));
    expect((await providerErrorOf(down.me('token'))).problem).toBe('unreachable');
    const nonsense = facebookClient(app, () => Promise.resolve(new Response('<html>oops</html>', { status: 200 })));
    expect((await providerErrorOf(nonsense.me('token'))).problem).toBe('answer');
    const broken = facebookClient(app, () => Promise.resolve(new Response('{}', { status: 502 })));
    const error = await providerErrorOf(broken.me('token'));
    expect([error.problem, error.status]).toEqual(['answer', 502]);
  });
});
