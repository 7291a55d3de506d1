import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as integrations from '../../contract/integrations';
import * as projects from '../../contract/projects';
import * as tiktokUsers from '../../contract/tiktok-users';
import type { Publisher } from '../realtime/publisher';
import { SANDBOX_TIKTOK_USERS } from '../integrations/sandbox/tiktok';
import { ProviderError } from '../integrations/providers/provider-error';
import { tiktokClient } from '../integrations/providers/tiktok';
import { JobQueue, MAINTENANCE_INTERVAL_SECONDS } from '../jobs/queue';
import { createEncryption } from '../security/encryption';
import { startHarness, TEST_ENV, type Harness } from '../test/harness';
import { dieWhileActive, jobsOf, retriesDueNow } from '../test/jobs';
import { answerConsent } from '../test/sandbox';
import { IMPORT_TIKTOK_USER, workTiktokImports } from './import-job';
import { IMPORT_STALLS_AFTER_MS } from './queries';

/**
 * A TikTok user connected into a project through the sandbox TikTok (docs/product.md#tiktok-users):
 * the round trip, the import of their videos in the background, the progress it announces to the
 * owner, and the refusals on the way.
 */
let h: Harness;
const published: Array<{ userId: string; event: string; payload: unknown }> = [];
const recorder: Publisher = {
  async toUser(userId, event, payload) {
    published.push({ userId, event, payload });
  },
};
const [caffe, gelato] = SANDBOX_TIKTOK_USERS;
const RETURN = `${TEST_ENV.APP_URL}/integrations/tiktok-user/callback`;

beforeAll(async () => {
  h = await startHarness({ publisher: recorder });
});
afterAll(async () => {
  await h?.stop();
});

type Signed = { accessToken: string; user: { _id: string } };

async function roundTrip(who: Signed, projectId: string, user = caffe!.openId, decision = 'allow') {
  const started = await h.call(tiktokUsers.authorizeTiktokUser, { params: { projectId }, token: who.accessToken });
  expect(started.status, started.text).toBe(200);
  const url = started.body.url;
  expect(url).toContain('/sandbox/tiktok/v2/auth/authorize/');
  expect(new URL(url).searchParams.get('scope')).toBe('user.info.basic,user.info.profile,user.info.stats,video.list');
  return answerConsent(h, url, { user, decision });
}

const store = (who: Signed, back: URL, overrides: Record<string, string> = {}) =>
  h.call(tiktokUsers.storeTiktokUser, {
    token: who.accessToken,
    body: {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
      redirect_uri: RETURN,
      ...overrides,
    },
  });

async function projectOf(who: Signed, name = 'Caffè') {
  const made = await h.call(projects.createProject, { token: who.accessToken, body: { name } });
  expect(made.status).toBe(201);
  return made.body._id;
}

const listed = async (who: Signed, projectId: string) => {
  const answer = await h.call(tiktokUsers.listProjectTiktokUsers, { params: { projectId }, token: who.accessToken });
  expect(answer.status).toBe(200);
  return answer.body.data;
};

describe('connecting a TikTok user to a project', () => {
  it('stores the user in the project, imports every video in the background, and tells the owner how far it is', async () => {
    const owner = (await h.signedInUser()) as Signed;
    const projectId = await projectOf(owner);
    const back = await roundTrip(owner, projectId);
    const stored = await store(owner, back);
    expect(stored.status, stored.text).toBe(202);
    const tiktokUser = stored.body.tiktokUser;
    expect(tiktokUser).toMatchObject({ name: 'Caffè Orbita', projectId, importProgress: 0, importedAt: null });
    expect(await listed(owner, projectId)).toEqual([tiktokUser]);

    published.length = 0;
    await h.runJobs();
    const mine = published.filter((each) => each.userId === owner.user._id);
    const progress = mine
      .filter((each) => each.event === 'TiktokUserImportProgress')
      .map((each) => (each.payload as { progress: number }).progress);
    // 42 videos, ten a page: after each page, then done.
    expect(progress).toEqual([23, 47, 71, 95, 100]);
    const last = mine.at(-1)!;
    expect(last.event).toBe('TiktokUserFetched');
    expect(last.payload).toMatchObject({
      channel: { _id: tiktokUser._id, type: 'tiktok-user', name: 'Caffè Orbita', externalId: caffe!.openId },
      tiktokUser: { _id: tiktokUser._id, projectId, importProgress: null, videoCount: 42 },
    });
    const [imported] = await listed(owner, projectId);
    expect(imported).toMatchObject({ importProgress: null, videoCount: 42 });
    expect(imported!.importedAt).not.toBeNull();

    // Connected again (a second project, or the same one later): one channel, imported again, no duplicates.
    const second = await projectOf(owner, 'Second');
    const again = await store(owner, await roundTrip(owner, second));
    expect(again.status).toBe(202);
    expect(again.body.tiktokUser._id).toBe(tiktokUser._id);
    await h.runJobs();
    expect(await listed(owner, second)).toMatchObject([{ _id: tiktokUser._id, videoCount: 42 }]);
    expect(await listed(owner, projectId)).toMatchObject([{ _id: tiktokUser._id, videoCount: 42 }]);
  });

  it("refuses another user's project (404 for its list and its round trip), a replayed state and an account's state", async () => {
    const owner = (await h.signedInUser()) as Signed;
    const stranger = (await h.signedInUser()) as Signed;
    const projectId = await projectOf(owner);
    for (const [method, path] of [
      ['POST', `/v1.0/projects/${projectId}/tiktok-users/authorize`],
      ['GET', `/v1.0/projects/${projectId}/tiktok-users`],
    ] as const) {
      expect((await h.call(method, path, { token: stranger.accessToken })).status).toBe(404);
    }
    expect((await h.call('GET', '/v1.0/projects/not-a-uuid/tiktok-users', { token: owner.accessToken })).status).toBe(
      404,
    );

    // Another session of another user cannot finish it; the round trip stays its owner's.
    const good = await roundTrip(owner, projectId, gelato!.openId);
    expect((await store(stranger, good)).status).toBe(409);
    expect((await store(owner, good)).status).toBe(202);
    // Single-use: a replay is refused.
    expect((await store(owner, good)).status).toBe(409);
    // Bound to the address it was started for.
    const elsewhere = await roundTrip(owner, projectId, gelato!.openId);
    expect((await store(owner, elsewhere, { redirect_uri: 'http://elsewhere.test/back' })).status).toBe(409);

    // A Facebook account's round trip is not a project's.
    const facebook = await h.call(integrations.authorizeFacebookAccount, { token: owner.accessToken, body: {} });
    const fbState = new URL(facebook.body.url).searchParams.get('state')!;
    expect((await store(owner, good, { state: fbState })).status).toBe(409);
  });

  it('says a cancelled consent plainly, refuses a reused code with 422, and malformed input with 422', async () => {
    const owner = (await h.signedInUser()) as Signed;
    const projectId = await projectOf(owner);
    const cancelled = await roundTrip(owner, projectId, caffe!.openId, 'cancel');
    expect(cancelled.searchParams.get('error')).toBe('access_denied');

    const back = await roundTrip(owner, projectId);
    expect((await store(owner, back)).status).toBe(202);
    const next = await roundTrip(owner, projectId);
    const reused = await store(owner, next, { code: back.searchParams.get('code')! });
    expect(reused.status).toBe(422);
    expect(reused.body.errors).toHaveProperty('code');

    const bad = await h.call(tiktokUsers.storeTiktokUser, {
      token: owner.accessToken,
      body: { code: '<script>', state: 'x y', redirect_uri: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['code', 'redirect_uri', 'state']);
    expect((await h.call('POST', '/v1.0/tiktok-users', { json: {} })).status).toBe(401);
  });
});

describe('an import that stops', () => {
  const restart = (who: Signed, projectId: string, tiktokUserId: string) =>
    h.call(tiktokUsers.restartTiktokImport, { params: { projectId, tiktokUserId }, token: who.accessToken });
  const progressOf = (ownerId: string) =>
    published
      .filter((each) => each.userId === ownerId && each.event === 'TiktokUserImportProgress')
      .map((each) => (each.payload as { progress: number }).progress);

  it('is taken over from its page within a minute when its instance dies, and can be started again once stalled', async () => {
    await h.runJobs(); // what earlier tests left queued
    const owner = (await h.signedInUser()) as Signed;
    const projectId = await projectOf(owner);
    const stored = await store(owner, await roundTrip(owner, projectId));
    const tiktokUser = stored.body.tiktokUser;
    published.length = 0;

    // Two pages, one job each; the instance that took the third dies with it.
    expect(await h.runJobs(2)).toBe(2);
    expect(progressOf(owner.user._id)).toEqual([23, 47]);
    expect(await dieWhileActive(h.db, IMPORT_TIKTOK_USER, 31)).toEqual([30]);
    expect(await h.runJobs()).toBe(0);
    // Running and moving: starting it again is refused.
    const refused = await restart(owner, projectId, tiktokUser._id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/import of Caffè Orbita's videos is under way/);

    // The next maintenance pass of a live instance hands it over: at worst the expiry, one
    // maintenance interval and the first retry's delay after the death, within a minute.
    await h.maintainJobs();
    const [retry] = (await jobsOf(h.db, IMPORT_TIKTOK_USER)).filter((job) => job.state === 'retry');
    expect(30 + MAINTENANCE_INTERVAL_SECONDS + retry!.wait).toBeLessThan(60);
    await retriesDueNow(h.db, IMPORT_TIKTOK_USER);
    await h.runJobs();
    // From the third page, not from the first.
    expect(progressOf(owner.user._id)).toEqual([23, 47, 71, 95, 100]);
    expect(await listed(owner, projectId)).toMatchObject([
      { importProgress: null, videoCount: 42, importFailure: null },
    ]);

    // Dies again on its next run, and this time nobody takes it over: past two minutes without
    // moving it says it stalled, and may be started again, from the first page.
    expect((await restart(owner, projectId, tiktokUser._id)).status).toBe(202);
    expect(await h.runJobs(1)).toBe(1);
    await dieWhileActive(h.db, IMPORT_TIKTOK_USER, 1);
    expect(await listed(owner, projectId)).toMatchObject([{ importProgress: 23, importStalled: false }]);
    h.clock.advance(IMPORT_STALLS_AFTER_MS + 1000);
    expect(await listed(owner, projectId)).toMatchObject([{ importProgress: 23, importStalled: true }]);
    const again = await restart(owner, projectId, tiktokUser._id);
    expect(again.status).toBe(202);
    expect(again.body.tiktokUser).toMatchObject({
      importProgress: 0,
      importStalled: false,
    });
    // The stalled run's job, taken over at last, finds itself replaced and stops: one import runs.
    await h.maintainJobs();
    await retriesDueNow(h.db, IMPORT_TIKTOK_USER);
    published.length = 0;
    await h.runJobs();
    expect(progressOf(owner.user._id)).toEqual([23, 47, 71, 95, 100]);
    expect(await listed(owner, projectId)).toMatchObject([{ importProgress: null, videoCount: 42 }]);
  });

  it('refused by TikTok, is kept as failed and told, never marked imported with no videos', async () => {
    await h.runJobs();
    const owner = (await h.signedInUser()) as Signed;
    const projectId = await projectOf(owner);
    // The person let the app see who they are, not their videos.
    const back = await roundTrip(owner, projectId, caffe!.openId, 'allow-without-videos');
    const tiktokUser = (await store(owner, back)).body.tiktokUser;
    published.length = 0;
    await h.runJobs();

    const mine = published.filter((each) => each.userId === owner.user._id);
    expect(mine.map((each) => each.event)).toEqual(['TiktokUserImportFailed']);
    expect(mine[0]!.payload).toMatchObject({
      tiktokUser: { _id: tiktokUser._id, importProgress: null, importFailure: { reason: 'reconnect' } },
    });
    // After a reload the same: failed, why and when; not imported.
    const [failed] = await listed(owner, projectId);
    expect(failed).toMatchObject({ importProgress: null, importedAt: null, videoCount: 0 });
    expect(failed!.importFailure).toEqual({ reason: 'reconnect', failedAt: new Date(h.clock.now()).toISOString() });

    // Connected again with the videos allowed: imported, the failure gone.
    expect((await store(owner, await roundTrip(owner, projectId))).status).toBe(202);
    await h.runJobs();
    expect(await listed(owner, projectId)).toMatchObject([{ importFailure: null, videoCount: 42 }]);

    // Started again: only a TikTok user the project follows, only the owner's.
    const stranger = (await h.signedInUser()) as Signed;
    expect((await restart(stranger, projectId, tiktokUser._id)).status).toBe(404);
    const other = await projectOf(owner, 'Other');
    expect((await restart(owner, other, tiktokUser._id)).status).toBe(404);
    expect((await restart(owner, projectId, 'not-a-uuid')).status).toBe(404);
  });

  it('given up after its retries (TikTok slowing us down), says why', async () => {
    await h.runJobs();
    const owner = (await h.signedInUser()) as Signed;
    const projectId = await projectOf(owner);
    const tiktokUser = (await store(owner, await roundTrip(owner, projectId))).body.tiktokUser;
    // Another instance whose TikTok answers every page with its rate limit.
    const slowed = new JobQueue(h.db, { onError: () => {} });
    const tiktok = tiktokClient(h.config.tiktok!, (url, init) => Promise.resolve(h.app.request(url, init)));
    workTiktokImports(slowed, {
      db: h.db,
      clock: h.clock.now,
      log: h.logs.log,
      tiktok: { ...tiktok, videos: () => Promise.reject(new ProviderError('tiktok', 'rateLimited', 429)) },
      encryption: createEncryption(h.config.tokenEncryptionKey),
      publisher: recorder,
    });
    published.length = 0;
    try {
      for (let attempt = 0; attempt <= 8; attempt++) {
        await expect(slowed.runPending()).rejects.toThrow(/rateLimited/);
        await retriesDueNow(h.db, IMPORT_TIKTOK_USER);
      }
      expect(await slowed.runPending()).toBe(0);
    } finally {
      await slowed.stop();
    }
    const told = published.filter((each) => each.userId === owner.user._id);
    expect(told.map((each) => each.event)).toEqual(['TiktokUserImportFailed']);
    expect(await listed(owner, projectId)).toMatchObject([
      { _id: tiktokUser._id, importProgress: null, importFailure: { reason: 'rateLimited' } },
    ]);
  });
});
