import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sandboxProviders from '../../contract/sandbox/providers';
import { COMMENTS_ARRIVED, COMMENTS_CHANGED } from '../../contract/realtime';
import { channels, comments, connectedAccounts } from '../db/schema';
import type { Publisher } from '../realtime/publisher';
import { createEncryption } from '../security/encryption';
import { createAdapters } from './adapters';
import { jobsOf } from '../test/jobs';
import { connectSandboxFacebook, connectSandboxLinkedIn } from '../test/sandbox';
import { startHarness, type Harness } from '../test/harness';
import { runCommentSyncRound, SYNC_CHANNEL_COMMENTS, SYNC_COMMENTS_ROUND, syncChannelComments } from './comment-sync';
import type { ChannelFetchDeps } from './channel-fetch';
import { createCommentJudge } from '../sentiment/judge';

/**
 * The scheduled sync (docs/decisions/044): a round spreads one job per followed channel over the
 * period; each reads what is new since the last sync, keeps it once, tells the owner, and marks
 * an account whose token stopped working.
 */
let h: Harness;
const published: Array<{ userId: string; event: string; payload: unknown }> = [];
const recorder: Publisher = {
  async toUser(userId, event, payload) {
    published.push({ userId, event, payload });
  },
};
let deps: ChannelFetchDeps;

beforeAll(async () => {
  h = await startHarness({ publisher: recorder });
  deps = {
    db: h.db,
    clock: h.clock.now,
    log: h.logs.log,
    adapters: createAdapters(h.config, (url, init) => Promise.resolve(h.app.request(url, init))),
    encryption: createEncryption(h.config.tokenEncryptionKey),
    judge: createCommentJudge({ threshold: h.config.sentimentThreshold }),
    publisher: recorder,
  };
});
afterAll(async () => {
  await h?.stop();
});

// Sofia Esposito's page; no other test of this file's harness connects her.
const SOFIA = '100000000000003';
const FIORI = '200000000000004';

async function connectedPage() {
  const { accessToken, user } = await h.signedInUser();
  expect((await connectSandboxFacebook(h, accessToken, SOFIA)).status).toBe(200);
  await h.runJobs();
  const [page] = await h.db
    .select()
    .from(channels)
    .where(and(eq(channels.ownerId, user._id), eq(channels.externalId, FIORI)));
  return { user, page: page! };
}

const count = async (channelId: string) =>
  (await h.db.select({ id: comments.id }).from(comments).where(eq(comments.channelId, channelId))).length;

describe('the scheduled sync', () => {
  it('reads what is new since the last sync, keeps it once, and tells the owner', async () => {
    const { user, page } = await connectedPage();
    const fetched = await count(page.id);
    expect(fetched).toBeGreaterThan(0);

    // Said at Facebook; its webhook is still waiting in the queue when the sync comes.
    const said = await h.call(sandboxProviders.sandboxAddComment, {
      body: { channelId: FIORI, authorName: 'Kenji Sato', message: 'Fiori bellissimi' },
    });
    expect(said.status).toBe(201);
    published.length = 0;

    expect(await syncChannelComments(deps, page.id)).toBe(1);
    expect(await count(page.id)).toBe(fetched + 1);
    expect(published.filter((each) => each.event === COMMENTS_CHANGED)).toEqual([
      {
        userId: user._id,
        event: COMMENTS_CHANGED,
        payload: {
          channelId: page.id,
          added: 1,
          addedIds: [expect.any(String)],
          edited: [],
          removed: [],
          refresh: false,
          // One more on its chart: the day it was said, as it was judged.
          counted: [{ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), sentiment: expect.any(String), change: 1 }],
        },
      },
    ]);
    // The admins hear of it too, for the sentiment review.
    const admins = published.filter((each) => each.event === COMMENTS_ARRIVED);
    expect(admins.length).toBeGreaterThan(0);
    expect(admins.every((each) => (each.payload as { added: number }).added === 1)).toBe(true);
    const [synced] = await h.db.select().from(channels).where(eq(channels.id, page.id));
    expect(synced!.commentsSyncedAt?.getTime()).toBe(h.clock.now());

    // Again: nothing new, nobody told; and the webhook, when it comes, adds nothing either.
    published.length = 0;
    expect(await syncChannelComments(deps, page.id)).toBe(0);
    expect(published).toEqual([]);
    await h.runJobs();
    expect(await count(page.id)).toBe(fetched + 1);
  });

  it("reads a LinkedIn organization's new comments, replies under their comment, members unnamed", async () => {
    const { accessToken, user } = await h.signedInUser();
    expect((await connectSandboxLinkedIn(h, accessToken, 'li-sandbox-luca')).status).toBe(200);
    await h.runJobs();
    const [organization] = await h.db
      .select()
      .from(channels)
      .where(and(eq(channels.ownerId, user._id), eq(channels.externalId, '10000001')));
    // The first fetch brought what was already said, the reply under its comment.
    const fetched = await h.db.select().from(comments).where(eq(comments.channelId, organization!.id));
    expect(fetched.length).toBeGreaterThan(0);
    const reply = fetched.find((comment) => comment.parentId !== null)!;
    expect(fetched.find((comment) => comment.id === reply.parentId)).toBeDefined();
    expect(fetched.every((comment) => comment.authorName === '')).toBe(true);

    h.clock.advance(60_000);
    const said = await h.call(sandboxProviders.sandboxAddComment, {
      body: {
        channelId: '10000001',
        authorName: 'Orbita Coffee Roasters',
        message: 'Thanks!',
        parentId: '10000001_c2',
      },
    });
    expect(said.status).toBe(201);
    published.length = 0;
    expect(await syncChannelComments(deps, organization!.id)).toBe(1);
    const [answer] = await h.db
      .select()
      .from(comments)
      .where(and(eq(comments.channelId, organization!.id), eq(comments.message, 'Thanks!')));
    expect(answer).toMatchObject({ authorName: 'Orbita Coffee Roasters', fromChannel: true });
    expect(fetched.find((comment) => comment.id === answer!.parentId)?.externalId).toMatch(/,10000001_c2\)$/);
    // The organization's own reply is counted on the comment it answers, and only there.
    const counts = await h.db
      .select({ id: comments.id, channelReplyCount: comments.channelReplyCount })
      .from(comments)
      .where(and(eq(comments.channelId, organization!.id), isNull(comments.parentId)));
    const before = new Map(fetched.map((comment) => [comment.id, comment.channelReplyCount]));
    for (const each of counts) {
      expect(each.channelReplyCount).toBe((before.get(each.id) ?? 0) + (each.id === answer!.parentId ? 1 : 0));
    }
    expect(published.filter((each) => each.event === COMMENTS_CHANGED)).toHaveLength(1);
    expect(await syncChannelComments(deps, organization!.id)).toBe(0);
  });

  it('marks the account as needing a reconnect when the provider no longer takes its token', async () => {
    const { page } = await connectedPage();
    expect((await h.call(sandboxProviders.sandboxExpireTokens, { params: { personId: SOFIA } })).status).toBe(204);
    expect(await syncChannelComments(deps, page.id)).toBe(0);
    const [account] = await h.db.select().from(connectedAccounts).where(eq(connectedAccounts.id, page.accountId!));
    expect(account!.status).toBe('needs_reconnect');
    // Waiting for the reconnect: the sync leaves it alone.
    expect(await syncChannelComments(deps, page.id)).toBe(0);
  });

  it('a round queues each followed channel once, spread over the period, and the next round', async () => {
    await connectedPage();
    await runCommentSyncRound(deps, h.jobsQueue(), 900);
    const queued = await jobsOf(h.db, SYNC_CHANNEL_COMMENTS);
    expect(queued.length).toBeGreaterThan(0);
    const waits = queued.map((job) => job.wait).sort((a, b) => a - b);
    expect(waits[0]!).toBeLessThan(5);
    expect(waits.at(-1)!).toBeLessThan(900);
    const rounds = await jobsOf(h.db, SYNC_COMMENTS_ROUND);
    expect(rounds).toHaveLength(1);
    expect(rounds[0]!.wait).toBeGreaterThan(890);

    // A second round meanwhile queues nothing twice: one job a channel, one round waiting.
    await runCommentSyncRound(deps, h.jobsQueue(), 900);
    expect((await jobsOf(h.db, SYNC_CHANNEL_COMMENTS)).length).toBe(queued.length);
    expect(await jobsOf(h.db, SYNC_COMMENTS_ROUND)).toHaveLength(1);
  });
});
