import { describe, expect, it } from 'vitest';
import { LINKEDIN_API_VERSION } from '../../config';
import { linkedinSandbox, SANDBOX_LINKEDIN_PEOPLE } from '../sandbox/linkedin';
import { linkedinAuthorizeUrl, linkedinClient, LINKEDIN_SCOPES, type LinkedInApp } from './linkedin';
import { providerErrorOf } from '../../test/provider-error';

/** The LinkedIn adapter against the sandbox's endpoints (decision 025), as it talks to LinkedIn's. */
const app: LinkedInApp = {
  version: LINKEDIN_API_VERSION,
  clientId: 'sandbox-client',
  clientSecret: 'sandbox-secret',
  authUrl: 'http://app.test/sandbox/linkedin',
  tokenUrl: 'http://api.test/sandbox/linkedin',
  apiUrl: 'http://api.test/sandbox/linkedin',
};
const REDIRECT = 'http://app.test/integrations/linkedin-account/callback';
const [luca, sara] = SANDBOX_LINKEDIN_PEOPLE;

function setUp() {
  let now = Date.now();
  const sandbox = linkedinSandbox({ ...app, redirectUris: [REDIRECT], clock: () => now });
  const client = linkedinClient(app, (url, init) => Promise.resolve(sandbox.routes.request(url, init)));
  return { sandbox, client, advance: (ms: number) => (now += ms) };
}

describe('the LinkedIn adapter', () => {
  it('builds the authorization address with space-separated scopes and the state', () => {
    const url = new URL(linkedinAuthorizeUrl(app, { state: 'st', redirectUri: REDIRECT }));
    expect(url.origin + url.pathname).toBe('http://app.test/sandbox/linkedin/oauth/v2/authorization');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'sandbox-client',
      redirect_uri: REDIRECT,
      state: 'st',
      scope: LINKEDIN_SCOPES.join(' '),
    });
  });

  it('exchanges a code once, reads the person and the organizations they administer', async () => {
    const { sandbox, client } = setUp();
    const code = sandbox.consent(luca!.id, [...LINKEDIN_SCOPES], REDIRECT);
    const tokens = await client.exchangeCode(code, REDIRECT);
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.scopes).toEqual([...LINKEDIN_SCOPES]);
    expect(await client.me(tokens.accessToken)).toEqual({ id: luca!.id, name: 'Luca Verdi', email: luca!.email });
    expect(await client.organizations(tokens.accessToken)).toEqual([
      { id: '10000001', name: 'Orbita Coffee Roasters' },
      { id: '10000002', name: 'Milano Design Studio' },
    ]);
    expect((await providerErrorOf(client.exchangeCode(code, REDIRECT))).problem).toBe('refused');
  });

  it('says an expired token, and a refresh token gets a new one; a bad refresh token is refused', async () => {
    const { sandbox, client } = setUp();
    const tokens = await client.exchangeCode(sandbox.consent(sara!.id, [...LINKEDIN_SCOPES], REDIRECT), REDIRECT);
    sandbox.expireTokensOf(sara!.id);
    expect((await providerErrorOf(client.me(tokens.accessToken))).problem).toBe('expired');
    const refreshed = await client.refresh(tokens.refreshToken!);
    expect((await client.me(refreshed.accessToken)).name).toBe('Sara Neri');
    expect(await client.organizations(refreshed.accessToken)).toEqual([]);
    expect((await providerErrorOf(client.refresh('not-a-refresh-token'))).problem).toBe('refused');
  });

  it('maps a permission not granted, the throttle, a late code and a wrong redirect', async () => {
    const { sandbox, client, advance } = setUp();
    const narrow = await client.exchangeCode(sandbox.consent(luca!.id, ['openid', 'profile'], REDIRECT), REDIRECT);
    expect((await providerErrorOf(client.organizations(narrow.accessToken))).problem).toBe('revoked');
    sandbox.rateLimit(1);
    expect((await providerErrorOf(client.me(narrow.accessToken))).problem).toBe('rateLimited');
    expect(
      (await providerErrorOf(client.exchangeCode(sandbox.consent(luca!.id, ['openid'], REDIRECT), 'http://evil.test/')))
        .problem,
    ).toBe('refused');
    const late = sandbox.consent(luca!.id, ['openid'], REDIRECT);
    advance(31 * 60_000);
    expect((await providerErrorOf(client.exchangeCode(late, REDIRECT))).problem).toBe('refused');
  });

  it('never throws a fetch error: no answer is `unreachable`, nonsense is `answer`', async () => {
    const down = linkedinClient(app, () => Promise.reject(new TypeError('fetch failed')));
    expect((await providerErrorOf(down.me('token'))).problem).toBe('unreachable');
    const nonsense = linkedinClient(app, () => Promise.resolve(new Response('<html>', { status: 200 })));
    expect((await providerErrorOf(nonsense.me('token'))).problem).toBe('answer');
  });

  it('names the configured API version on every REST call; without one, LinkedIn (and the sandbox) refuse it', async () => {
    const { sandbox, client } = setUp();
    const seen: Array<string | null> = [];
    const watching = linkedinClient({ ...app, version: '202607' }, (url, init) => {
      seen.push(new Headers(init?.headers).get('linkedin-version'));
      return Promise.resolve(sandbox.routes.request(url, init));
    });
    const tokens = await client.exchangeCode(sandbox.consent(luca!.id, [...LINKEDIN_SCOPES], REDIRECT), REDIRECT);
    expect(await watching.organizations(tokens.accessToken)).not.toEqual([]);
    expect(new Set(seen)).toEqual(new Set(['202607']));
    const unversioned = await sandbox.routes.request(`${app.apiUrl}/rest/organizationAcls?q=roleAssignee`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(unversioned.status).toBe(400);
    expect(await unversioned.json()).toMatchObject({ code: 'VERSION_MISSING' });
  });

  it("reads what is said under an organization's posts: replies under their comment, members unnamed", async () => {
    const { sandbox, client, advance } = setUp();
    const tokens = await client.exchangeCode(sandbox.consent(luca!.id, [...LINKEDIN_SCOPES], REDIRECT), REDIRECT);
    const comments = await client.organizationComments('10000001', tokens.accessToken);
    const made = sandbox.comments.list('10000001');
    expect(comments).toHaveLength(made.length);
    const reply = comments.find((comment) => comment.parentUrn !== null)!;
    expect(reply).toMatchObject({ text: 'Totally agree!', authorName: '', fromOrganization: false });
    expect(comments.find((comment) => comment.urn === reply.parentUrn)?.text).toBe(made[0]!.message);
    expect(new Set(comments.map((comment) => comment.urn)).size).toBe(comments.length);
    expect(comments.every((comment) => comment.authorName === '' && comment.urn.startsWith('urn:li:comment:('))).toBe(
      true,
    );

    // Only what was said since then; the organization's own answer carries its name.
    const since = new Date(Date.now() + 1000);
    advance(60_000);
    sandbox.comments.say('10000001', 'Orbita Coffee Roasters', 'Thank you, see you soon!', made[1]!.id);
    sandbox.comments.say('10000001', 'Tom Walker', 'Is the roastery open on Sundays?');
    const recent = await client.organizationComments('10000001', tokens.accessToken, since);
    expect(recent.map((comment) => [comment.text, comment.authorName, comment.fromOrganization])).toEqual(
      expect.arrayContaining([
        ['Thank you, see you soon!', 'Orbita Coffee Roasters', true],
        ['Is the roastery open on Sundays?', '', false],
      ]),
    );
    expect(recent).toHaveLength(2);
    expect(recent.find((comment) => comment.fromOrganization)!.parentUrn).toBe(
      comments.find((comment) => comment.text === made[1]!.message)!.urn,
    );
  });

  it('pages through a post with more comments than one answer holds', async () => {
    const { sandbox, client } = setUp();
    const tokens = await client.exchangeCode(sandbox.consent(luca!.id, [...LINKEDIN_SCOPES], REDIRECT), REDIRECT);
    for (let n = 0; n < 150; n++) sandbox.comments.say('10000002', 'Priya Shah', `Comment ${n}`);
    const comments = await client.organizationComments('10000002', tokens.accessToken);
    expect(comments.filter((comment) => comment.text.startsWith('Comment '))).toHaveLength(150);
  });

  it("refuses an organization's comments without the feed permission, or for an organization not administered", async () => {
    const { sandbox, client } = setUp();
    const narrow = await client.exchangeCode(
      sandbox.consent(luca!.id, ['openid', 'profile', 'r_organization_admin'], REDIRECT),
      REDIRECT,
    );
    expect((await providerErrorOf(client.organizationComments('10000001', narrow.accessToken))).problem).toBe(
      'revoked',
    );
    const tokens = await client.exchangeCode(sandbox.consent(sara!.id, [...LINKEDIN_SCOPES], REDIRECT), REDIRECT);
    expect((await providerErrorOf(client.organizationComments('10000001', tokens.accessToken))).problem).toBe(
      'revoked',
    );
  });
});
