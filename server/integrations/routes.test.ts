import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../../contract/auth';
import type { FacebookAccount } from '../../contract/integrations';
import * as integrations from '../../contract/integrations';
import * as projects from '../../contract/projects';
import * as sandboxProviders from '../../contract/sandbox/providers';
import { channels, connectedAccounts } from '../db/schema';
import { JobQueue } from '../jobs/queue';
import type { Publisher } from '../realtime/publisher';
import { retriesDueNow } from '../test/jobs';
import { createEncryption } from '../security/encryption';
import { startHarness, TEST_ENV, type Harness, type OperationResult } from '../test/harness';
import { answerConsent } from '../test/sandbox';
import { createAdapters } from './adapters';
import { ACCOUNT_TOKEN_CONTEXT, FETCH_ACCOUNT_CHANNELS, workAccountChannelFetches } from './channel-fetch';
import { ProviderError } from './providers/provider-error';
import { SANDBOX_FACEBOOK_PEOPLE } from './sandbox/facebook';
import { SANDBOX_LINKEDIN_PEOPLE } from './sandbox/linkedin';
import { createCommentJudge } from '../sentiment/judge';

/**
 * Connected accounts end to end through the sandbox providers the API serves itself (decision
 * 025): the consent page's form, the return, the store, the background fetch of channels, and
 * every refusal on the way.
 */
let h: Harness;
const published: Array<{ userId: string; event: string; payload: unknown }> = [];
const recorder: Publisher = {
  async toUser(userId, event, payload) {
    published.push({ userId, event, payload });
  },
};
const [giulia, marco] = SANDBOX_FACEBOOK_PEOPLE;
const [luca] = SANDBOX_LINKEDIN_PEOPLE;
const FACEBOOK_RETURN = `${TEST_ENV.APP_URL}/integrations/facebook-account/callback`;
const LINKEDIN_RETURN = `${TEST_ENV.APP_URL}/integrations/linkedin-account/callback`;

beforeAll(async () => {
  h = await startHarness({ publisher: recorder });
});
afterAll(async () => {
  await h?.stop();
});

type Signed = { accessToken: string };
type Decision = 'allow' | 'allow-without-email' | 'cancel';

/** What the browser does: start, open the consent page, press a button, come back. */
async function roundTrip(
  who: Signed,
  provider: 'facebook' | 'linkedin',
  { person, decision = 'allow', accountId }: { person: string; decision?: Decision; accountId?: string },
) {
  const input = { token: who.accessToken, body: accountId ? { accountId } : {} };
  const started =
    provider === 'facebook'
      ? await h.call(integrations.authorizeFacebookAccount, input)
      : await h.call(integrations.authorizeLinkedInAccount, input);
  expect(started.status).toBe(200);
  return answerConsent(h, started.body.url, { person, decision });
}

/** The end of the round trip: the code and state it came back with, sent on (`overrides` replace them). */
function store(
  who: Signed,
  provider: 'facebook',
  back: URL,
  overrides?: Record<string, string>,
): Promise<OperationResult<typeof integrations.storeFacebookAccount>>;
function store(
  who: Signed,
  provider: 'linkedin',
  back: URL,
  overrides?: Record<string, string>,
): Promise<OperationResult<typeof integrations.storeLinkedInAccount>>;
function store(who: Signed, provider: 'facebook' | 'linkedin', back: URL, overrides: Record<string, string> = {}) {
  const code = back.searchParams.get('code')!;
  const state = back.searchParams.get('state')!;
  const token = who.accessToken;
  return provider === 'facebook'
    ? h.call(integrations.storeFacebookAccount, {
        token,
        body: { code, state, facebook_redirect_uri: FACEBOOK_RETURN, ...overrides },
      })
    : h.call(integrations.storeLinkedInAccount, {
        token,
        body: { code, state, redirect_uri: LINKEDIN_RETURN, ...overrides },
      });
}

const storedAccount = <R extends { body: { account: unknown } }>(result: R): R['body']['account'] =>
  result.body.account;
const outcomeOf = (result: { body: { outcome: string } }) => result.body.outcome;

async function listFacebook(who: Signed): Promise<FacebookAccount[]> {
  const listed = await h.call(integrations.listFacebookAccounts, { token: who.accessToken });
  expect(listed.status).toBe(200);
  return listed.body.data;
}

describe('connecting a Facebook account', () => {
  it('goes round the consent page, stores the account, and fetches its channels in the background', async () => {
    const user = await h.signedInUser();
    const back = await roundTrip(user, 'facebook', { person: giulia.id });
    expect(back.origin + back.pathname).toBe(FACEBOOK_RETURN);
    expect(back.searchParams.get('granted_scopes')).toContain('email');

    const stored = await store(user, 'facebook', back);
    expect(stored.status).toBe(200);
    expect(outcomeOf(stored)).toBe('connected');
    const account = storedAccount(stored);
    expect(account).toMatchObject({ name: 'Giulia Rossi', is_primary: true, status: 'authorized', missingScopes: [] });
    expect(account.channelsFetchedAt).toBeNull();
    expect(account.fetchingChannels).toBe(true);

    // One job per kind of channel, run here as another instance's worker would.
    expect(await h.runJobs()).toBe(3);
    const [listed] = await listFacebook(user);
    expect(listed!.facebook_pages.map((page) => page.name)).toEqual(['Espresso Bar Milano', 'Trattoria Roma']);
    expect(listed!.instagram_accounts.map((each) => each.name)).toEqual(['espressobarmilano']);
    expect(listed!.facebook_ad_accounts.map((each) => each.name)).toEqual(['Espresso Bar Milano Ads']);
    expect(listed!.channelsFetchedAt).not.toBeNull();
    expect(listed!.fetchingChannels).toBe(false);

    // The tokens are encrypted at rest, bound to their column; the one kept is long-lived (60 days).
    const [row] = await h.db.select().from(connectedAccounts).where(eq(connectedAccounts.id, account._id));
    expect(row!.tokenExpiresAt!.getTime() - h.clock.now()).toBe(60 * 24 * 3600 * 1000);
    expect(row!.accessToken.startsWith('EAA')).toBe(false);
    expect(
      createEncryption(h.config.tokenEncryptionKey).decrypt(row!.accessToken, ACCOUNT_TOKEN_CONTEXT.access),
    ).toMatch(/^EAA/);
  });

  it('refuses a replayed state, a reused code, a state of another session, and a made-up one', async () => {
    const user = await h.signedInUser();
    const back = await roundTrip(user, 'facebook', { person: marco.id });
    expect((await store(user, 'facebook', back)).status).toBe(200);
    // A reload of the return page: the same state again.
    const replayed = await store(user, 'facebook', back);
    expect(replayed.status).toBe(409);
    expect(replayed.body.message).toMatch(/unknown, expired or already finished/);

    // The used code with a fresh state: the state passes, the provider refuses the code.
    const fresh = await roundTrip(user, 'facebook', { person: marco.id });
    const reused = await store(user, 'facebook', fresh, { code: back.searchParams.get('code')! });
    expect(reused.status).toBe(422);
    expect(reused.body.errors?.code).toEqual([expect.stringMatching(/refused this authorization code/)]);

    // The same user signed in elsewhere (another session) cannot finish this browser's round trip.
    const elsewhere = await h.signIn(user.email, user.password);
    const other = await roundTrip(user, 'facebook', { person: marco.id });
    expect((await store(elsewhere, 'facebook', other)).status).toBe(409);
    // Nor can another user.
    const stranger = await h.signedInUser();
    const theirs = await roundTrip(user, 'facebook', { person: marco.id });
    expect((await store(stranger, 'facebook', theirs)).status).toBe(409);

    expect((await store(user, 'facebook', back, { state: 'x'.repeat(43) })).status).toBe(409);
    // A redirect URI other than the state's.
    const wrongUri = await roundTrip(user, 'facebook', { person: marco.id });
    expect(
      (await store(user, 'facebook', wrongUri, { facebook_redirect_uri: 'https://evil.test/integrations' })).status,
    ).toBe(409);
  });

  it('answers a clear 422 for malformed and hostile payloads, never reaching the provider', async () => {
    const user = await h.signedInUser();
    for (const body of [
      {},
      { code: '', state: '', facebook_redirect_uri: '' },
      { code: '<script>', state: 'a b', facebook_redirect_uri: 'javascript:alert(1)' },
      { code: 'x'.repeat(3000), state: 'y'.repeat(200), facebook_redirect_uri: FACEBOOK_RETURN },
      { code: 'ok', state: 'ok\u0000', facebook_redirect_uri: FACEBOOK_RETURN },
    ]) {
      const answer = await h.call('POST', '/v1.0/facebook-accounts', { token: user.accessToken, json: body });
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
    const notJson = await h.call('POST', '/v1.0/facebook-accounts', { token: user.accessToken, raw: 'code=1' });
    expect(notJson.status).toBe(415);
    expect((await h.call('POST', '/v1.0/facebook-accounts', { json: {} })).status).toBe(401);
  });

  it('comes back with the provider error when the person cancels, and names a declined email', async () => {
    const user = await h.signedInUser();
    const cancelled = await roundTrip(user, 'facebook', { person: giulia.id, decision: 'cancel' });
    expect(cancelled.searchParams.get('error')).toBe('access_denied');
    expect(cancelled.searchParams.get('code')).toBeNull();

    const withoutEmail = await roundTrip(user, 'facebook', { person: giulia.id, decision: 'allow-without-email' });
    expect(withoutEmail.searchParams.get('granted_scopes')).not.toContain('email');
    expect(withoutEmail.searchParams.get('denied_scopes')).toBe('email');
    const stored = await store(user, 'facebook', withoutEmail);
    expect(storedAccount(stored).missingScopes).toEqual(['email']);
  });

  it('marks an account whose token stopped working, and reconnects it in place: same row, same channels', async () => {
    const user = await h.signedInUser();
    const account = storedAccount(
      await store(user, 'facebook', await roundTrip(user, 'facebook', { person: giulia.id })),
    );
    await h.runJobs();
    const before = await h.db.select().from(channels).where(eq(channels.accountId, account._id));
    expect(before).toHaveLength(4);

    // Giulia logs out of Facebook: the next fetch meets an expired token.
    expect((await h.call(sandboxProviders.sandboxExpireTokens, { params: { personId: giulia.id } })).status).toBe(204);
    const refreshed = await h.call(integrations.refreshFacebookAccount, {
      params: { id: account._id },
      token: user.accessToken,
    });
    expect(refreshed.status).toBe(409);
    expect(refreshed.body.message).toMatch(/reconnect it/);
    expect((await listFacebook(user))[0]!.status).toBe('needs_reconnect');

    // Reconnecting as somebody else is refused; as Giulia, the same row is authorised again.
    const wrongPerson = await store(
      user,
      'facebook',
      await roundTrip(user, 'facebook', { person: marco.id, accountId: account._id }),
    );
    expect(wrongPerson.status).toBe(422);
    expect(wrongPerson.body.errors?.code).toEqual([expect.stringMatching(/different account/)]);
    const again = await store(
      user,
      'facebook',
      await roundTrip(user, 'facebook', { person: giulia.id, accountId: account._id }),
    );
    expect(again.status).toBe(200);
    expect(outcomeOf(again)).toBe('reconnected');
    expect(storedAccount(again)._id).toBe(account._id);
    const rows = await h.db.select().from(connectedAccounts).where(eq(connectedAccounts.ownerId, user.user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('authorized');
    const after = await h.db.select().from(channels).where(eq(channels.accountId, account._id));
    expect(after.map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort());

    const refreshedNow = await h.call(integrations.refreshFacebookAccount, {
      params: { id: account._id },
      token: user.accessToken,
    });
    expect(refreshedNow.status).toBe(200);
    expect(refreshedNow.body.facebook_pages).toHaveLength(2);
  });

  it('keeps exactly one primary: the first, the one chosen (even when two are chosen at once), the next after a delete', async () => {
    const user = await h.signedInUser();
    const first = storedAccount(
      await store(user, 'facebook', await roundTrip(user, 'facebook', { person: giulia.id })),
    );
    const second = storedAccount(
      await store(user, 'facebook', await roundTrip(user, 'facebook', { person: marco.id })),
    );
    expect([first.is_primary, second.is_primary]).toEqual([true, false]);

    const made = await h.call(integrations.makeFacebookAccountPrimary, {
      params: { id: second._id },
      token: user.accessToken,
    });
    expect(made.status).toBe(200);
    const primaries = made.body.data.filter((each) => each.is_primary);
    expect(primaries.map((each) => each._id)).toEqual([second._id]);

    await Promise.all([
      h.call(integrations.makeFacebookAccountPrimary, { params: { id: first._id }, token: user.accessToken }),
      h.call(integrations.makeFacebookAccountPrimary, { params: { id: second._id }, token: user.accessToken }),
    ]);
    expect((await listFacebook(user)).filter((each) => each.is_primary)).toHaveLength(1);

    await h.call(integrations.makeFacebookAccountPrimary, { params: { id: second._id }, token: user.accessToken });
    await h.runJobs();
    expect(
      (await h.call(integrations.deleteFacebookAccount, { params: { id: second._id }, token: user.accessToken }))
        .status,
    ).toBe(204);
    const left = await listFacebook(user);
    expect(left.map((each) => [each._id, each.is_primary])).toEqual([[first._id, true]]);
    // The deleted account's channels went with it.
    expect(await h.db.select().from(channels).where(eq(channels.accountId, second._id))).toEqual([]);
  });

  it("never shows, refreshes, promotes, reconnects or deletes another user's account", async () => {
    const owner = await h.signedInUser();
    const account = storedAccount(
      await store(owner, 'facebook', await roundTrip(owner, 'facebook', { person: giulia.id })),
    );
    const stranger = await h.signedInUser();
    expect(await listFacebook(stranger)).toEqual([]);
    for (const [method, path, json] of [
      ['POST', `/v1.0/facebook-accounts/${account._id}/refresh`, undefined],
      ['POST', `/v1.0/facebook-accounts/${account._id}/primary`, undefined],
      ['DELETE', `/v1.0/facebook-accounts/${account._id}`, undefined],
      ['POST', '/v1.0/facebook-accounts/authorize', { accountId: account._id }],
      ['POST', '/v1.0/linkedin-accounts/authorize', { accountId: account._id }],
      ['DELETE', `/v1.0/linkedin-accounts/${account._id}`, undefined],
      ['DELETE', '/v1.0/facebook-accounts/not-a-uuid', undefined],
    ] as const) {
      const answer = await h.call(method, path, { token: stranger.accessToken, json });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await listFacebook(owner)).map((each) => each._id)).toEqual([account._id]);
  });

  it('keeps its jobs across a restart: a new queue on the same database runs them', async () => {
    await h.runJobs(); // what earlier tests left queued
    const user = await h.signedInUser();
    const account = storedAccount(
      await store(user, 'facebook', await roundTrip(user, 'facebook', { person: marco.id })),
    );
    // Storing the same account again while its jobs wait queues nothing more (one per key).
    const again = await store(user, 'facebook', await roundTrip(user, 'facebook', { person: marco.id }));
    expect(outcomeOf(again)).toBe('alreadyConnected');

    // "After the restart": another process's queue, with its own adapters, on the same database.
    const restarted = new JobQueue(h.db, {
      onError: (error) => {
        throw error;
      },
    });
    workAccountChannelFetches(restarted, {
      db: h.db,
      clock: h.clock.now,
      log: h.logs.log,
      adapters: createAdapters(h.config, (url, init) => Promise.resolve(h.app.request(url, init))),
      encryption: createEncryption(h.config.tokenEncryptionKey),
      judge: createCommentJudge({ threshold: h.config.sentimentThreshold }),
    });
    try {
      expect(await restarted.runPending()).toBe(3);
    } finally {
      await restarted.stop();
    }
    expect(await h.runJobs()).toBe(0);
    const [listed] = (await listFacebook(user)).filter((each) => each._id === account._id);
    expect(listed!.facebook_pages.map((page) => page.name)).toEqual(['Bianchi Bottega']);
  });
});

describe('connecting a LinkedIn account', () => {
  it('stores the account with its organizations, and refreshes its token when LinkedIn takes it back', async () => {
    const user = await h.signedInUser();
    const back = await roundTrip(user, 'linkedin', { person: luca.id });
    expect(back.origin + back.pathname).toBe(LINKEDIN_RETURN);
    const stored = await store(user, 'linkedin', back);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const account = storedAccount(stored);
    expect(account).toMatchObject({ name: 'Luca Verdi', is_primary: true, missingScopes: [] });
    expect(await h.runJobs()).toBe(1);

    const listed = await h.call(integrations.listLinkedInAccounts, { token: user.accessToken });
    const [withOrganizations] = listed.body.data;
    expect(withOrganizations!.organizations.map((each) => each.name)).toEqual([
      'Milano Design Studio',
      'Orbita Coffee Roasters',
    ]);

    // LinkedIn has refresh tokens: an access token taken back is replaced, the account stays authorised.
    await h.call(sandboxProviders.sandboxExpireTokens, { params: { personId: luca.id } });
    const refreshed = await h.call(integrations.refreshLinkedInAccount, {
      params: { id: account._id },
      token: user.accessToken,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.status).toBe('authorized');

    // The cancelled consent comes back with LinkedIn's own error.
    const cancelled = await roundTrip(user, 'linkedin', { person: luca.id, decision: 'cancel' });
    expect(cancelled.searchParams.get('error')).toBe('user_cancelled_authorize');
  });

  it('connects LinkedIn organizations into the project it was started from', async () => {
    const user = await h.signedInUser();
    const made = await h.call(projects.createProject, { token: user.accessToken, body: { name: 'Agency' } });
    const projectId = made.body._id;
    const started = await h.call(integrations.authorizeLinkedInOrganization, {
      params: { projectId },
      token: user.accessToken,
    });
    expect(started.status).toBe(200);
    const back = await answerConsent(h, started.body.url, {
      person: luca.id,
      decision: 'allow',
    });
    // A registered, fixed address: the project is the state's, not the address's.
    const orgReturn = `${TEST_ENV.APP_URL}/integrations/linkedin-organization/callback`;
    expect(back.origin + back.pathname).toBe(orgReturn);
    expect(back.searchParams.get('project')).toBeNull();
    // The redirect URI must be the one the round trip started with.
    expect((await store(user, 'linkedin', back, { redirect_uri: LINKEDIN_RETURN })).status).toBe(409);

    const again = await answerConsent(
      h,
      (await h.call(integrations.authorizeLinkedInOrganization, { params: { projectId }, token: user.accessToken }))
        .body.url,
      { person: luca.id, decision: 'allow' },
    );
    const stored = await store(user, 'linkedin', again, { redirect_uri: orgReturn });
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body).toMatchObject({ outcome: 'connected', projectId });
    expect(await h.runJobs()).toBe(1);

    const project = await h.call(projects.showProject, { params: { id: projectId }, token: user.accessToken });
    const followed = project.body.channels;
    expect(followed.map((channel) => [channel.type, channel.name])).toEqual([
      ['linkedin-organization', 'Milano Design Studio'],
      ['linkedin-organization', 'Orbita Coffee Roasters'],
    ]);
    // A plain connection names no project.
    const plain = await store(user, 'linkedin', await roundTrip(user, 'linkedin', { person: luca.id }));
    expect(plain.body).toMatchObject({ outcome: 'alreadyConnected', projectId: null });
  });

  it('refuses a LinkedIn organization for a project that is not the caller’s', async () => {
    const owner = await h.signedInUser();
    const other = await h.signedInUser();
    const made = await h.call(projects.createProject, { token: owner.accessToken, body: { name: 'Mine' } });
    const projectId = made.body._id;
    const started = await h.call(integrations.authorizeLinkedInOrganization, {
      params: { projectId },
      token: other.accessToken,
    });
    expect(started.status).toBe(404);
  });
});

describe('the sandbox pages', () => {
  it('refuse an unknown app or a redirect URI that is not registered, with an error page', async () => {
    const bad = await h.call(
      'GET',
      `/sandbox/facebook/v26.0/dialog/oauth?client_id=${h.config.facebook!.appId}&redirect_uri=${encodeURIComponent('https://evil.test/')}&state=x`,
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Valid OAuth Redirect URIs');
    const unknown = await h.call('GET', `/sandbox/linkedin/oauth/v2/authorization?client_id=nobody&response_type=code`);
    expect(unknown.status).toBe(400);
    // Text from the query is escaped, never markup.
    const hostile = await h.call(
      'GET',
      `/sandbox/facebook/v26.0/dialog/oauth?client_id=${h.config.facebook!.appId}&redirect_uri=${encodeURIComponent(FACEBOOK_RETURN)}&scope=${encodeURIComponent('<script>alert(1)</script>')}`,
    );
    expect(hostile.status).toBe(200);
    expect(hostile.text).not.toContain('<script>alert(1)</script>');
    expect(hostile.headers.get('content-security-policy')).toContain("default-src 'none'");
    // TikTok's page is there for the TikTok users projects import.
    const tiktok = await h.call(
      'GET',
      `/sandbox/tiktok/v2/auth/authorize/?client_key=${h.config.tiktok!.clientKey}&response_type=code&scope=user.info.basic&redirect_uri=${encodeURIComponent(`${TEST_ENV.APP_URL}/integrations/tiktok-user/callback`)}`,
    );
    expect(tiktok.status).toBe(200);
    expect(tiktok.text).toContain('Caffè Orbita');
  });
});

describe('an installation without a provider app', () => {
  it('lists accounts as not configured, and refuses to start a round trip with a clear 409', async () => {
    // Neither the sandbox (no dev endpoints) nor FACEBOOK_APP_ID / LINKEDIN_CLIENT_ID.
    const bare = await startHarness({ env: { DEV_ENDPOINTS: '0' } });
    try {
      const user = await bare.signedInUser();
      for (const provider of ['facebook', 'linkedin'] as const) {
        const input = { token: user.accessToken };
        const listed =
          provider === 'facebook'
            ? await bare.call(integrations.listFacebookAccounts, input)
            : await bare.call(integrations.listLinkedInAccounts, input);
        expect(listed.body).toEqual({ data: [], configured: false });
        const started =
          provider === 'facebook'
            ? await bare.call(integrations.authorizeFacebookAccount, { ...input, body: {} })
            : await bare.call(integrations.authorizeLinkedInAccount, { ...input, body: {} });
        expect(started.status).toBe(409);
        expect(started.body.message).toMatch(/is not configured on this installation/);
      }
      const signIn = await bare.call(auth.authorizeFacebookAuth, { body: { purpose: 'sign-in' } });
      expect(signIn.status).toBe(409);
    } finally {
      await bare.stop();
    }
  });
});

describe('a channel fetch that stops', () => {
  it('refused by the provider: the account says so (failed, why, when), is told, and stops fetching', async () => {
    await h.runJobs();
    const user = await h.signedInUser();
    const account = storedAccount(
      await store(user, 'facebook', await roundTrip(user, 'facebook', { person: giulia.id })),
    );
    // Giulia logs out of Facebook before the fetch runs.
    expect((await h.call(sandboxProviders.sandboxExpireTokens, { params: { personId: giulia.id } })).status).toBe(204);
    published.length = 0;
    await h.runJobs();
    const [listed] = await listFacebook(user);
    expect(listed).toMatchObject({ status: 'needs_reconnect', fetchingChannels: false });
    expect(listed!.fetchFailure).toEqual({ reason: 'reconnect', failedAt: new Date(h.clock.now()).toISOString() });
    const failed = published.filter((each) => each.event === 'AccountChannelsFetchFailed');
    expect(failed[0]).toMatchObject({
      userId: user.user._id,
      payload: { account: { _id: account._id, provider: 'facebook' }, reason: 'reconnect' },
    });

    // Reconnected: fetched again, the failure is past.
    await store(user, 'facebook', await roundTrip(user, 'facebook', { person: giulia.id, accountId: account._id }));
    expect((await listFacebook(user))[0]!.fetchFailure).toBeNull();
    await h.runJobs();
    expect((await listFacebook(user))[0]).toMatchObject({ fetchFailure: null, fetchingChannels: false });
  });

  it('given up after its retries (the provider unreachable): the account says why, and is no longer fetching', async () => {
    await h.runJobs();
    const user = await h.signedInUser();
    const account = storedAccount(
      await store(user, 'facebook', await roundTrip(user, 'facebook', { person: marco.id })),
    );
    // Another instance, whose Facebook never answers.
    const adapters = createAdapters(h.config, (url, init) => Promise.resolve(h.app.request(url, init)));
    const down = new JobQueue(h.db, { onError: () => {} });
    workAccountChannelFetches(down, {
      db: h.db,
      clock: h.clock.now,
      log: h.logs.log,
      adapters: {
        ...adapters,
        facebook: {
          ...adapters.facebook!,
          channels: () => Promise.reject(new ProviderError('facebook', 'unreachable')),
        },
      },
      encryption: createEncryption(h.config.tokenEncryptionKey),
      judge: createCommentJudge({ threshold: h.config.sentimentThreshold }),
      publisher: recorder,
    });
    published.length = 0;
    try {
      for (let attempt = 0; attempt <= 8; attempt++) {
        await expect(down.runPending()).rejects.toThrow(/unreachable/);
        // Still fetching while a retry is due; the last one gives up (in the same run here).
        expect((await listFacebook(user))[0]!.fetchingChannels).toBe(attempt < 8);
        await retriesDueNow(h.db, FETCH_ACCOUNT_CHANNELS);
      }
      expect(await down.runPending()).toBe(0);
    } finally {
      await down.stop();
    }
    const [listed] = await listFacebook(user);
    expect(listed).toMatchObject({
      _id: account._id,
      status: 'authorized',
      fetchingChannels: false,
      fetchFailure: { reason: 'unreachable' },
    });
    expect(
      published.filter((each) => each.event === 'AccountChannelsFetchFailed').map((each) => each.payload),
    ).toHaveLength(3);

    // The screen's refresh fetches every kind now: done, the failure is past.
    const refreshed = await h.call(integrations.refreshFacebookAccount, {
      params: { id: account._id },
      token: user.accessToken,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.fetchFailure).toBeNull();
  });
});
