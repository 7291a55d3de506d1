import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestQuery } from '../../contract/operation';
import { COMMENTS_ARRIVED, COMMENTS_CHANGED, type CommentsChangedEvent } from '../../contract/realtime';
import * as webhooks from '../../contract/webhooks';
import { comments, type ChannelRow } from '../db/schema';
import type { Publisher } from '../realtime/publisher';
import { jobsOf, retriesDueNow } from '../test/jobs';
import { startHarness, type Harness } from '../test/harness';
import { APPLY_FACEBOOK_WEBHOOK } from './job';
import { pageFeedDelivery, instagramCommentsDelivery, type FeedCommentChange } from './meta-deliveries';
import { signatureOf } from './routes';
import { createCommentJudge } from '../sentiment/judge';

/**
 * Meta's webhooks (contract/webhooks.ts; docs/decisions/044): the verification, the signature
 * before anything is read, and comments that end right whatever the order and the repeats.
 */
let h: Harness;
const published: Array<{ userId: string; event: string; payload: unknown }> = [];
const recorder: Publisher = {
  async toUser(userId, event, payload) {
    published.push({ userId, event, payload });
  },
};
const VERIFY_TOKEN = 'verify-token-0123456789';

beforeAll(async () => {
  h = await startHarness({ publisher: recorder, env: { FACEBOOK_WEBHOOK_VERIFY_TOKEN: VERIFY_TOKEN } });
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(() => {
  published.length = 0;
});
/** What the channels' owners were told (admins are told too, of what arrived anywhere). */
const told = () => published.filter((each) => each.event === COMMENTS_CHANGED);

let pageSequence = 0;
/** A page id nobody else's test uses. */
const newPageId = () => `2${String(Date.now()).slice(-9)}${String(++pageSequence).padStart(4, '0')}`;

/** Posts `body` as Meta does: JSON, signed with the app secret (or `signature`). */
function deliver(body: string | object, signature?: string | null) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const sign = signature === undefined ? signatureOf(raw, h.config.facebookAppSecret) : signature;
  if (sign !== null) headers['x-hub-signature-256'] = sign;
  return h.call('POST', '/webhooks/facebook', { raw, headers });
}

/** A Page `feed` delivery, a comment by Alessia Greco unless another author is given. */
const feed = (pageId: string, changes: Array<Omit<FeedCommentChange, 'from'> & { from?: FeedCommentChange['from'] }>) =>
  pageFeedDelivery(
    pageId,
    changes.map((change) => ({ from: { id: '9001', name: 'Alessia Greco' }, ...change })),
  );

async function followingUser(pageId: string, kind: ChannelRow['kind'] = 'facebook-page') {
  const { row: owner } = await h.factories.user();
  const channel = await h.factories.channel(owner, { kind, externalId: pageId, name: 'Espresso Bar Milano' });
  return { owner, channel };
}

const rowsOn = (channelId: string) =>
  h.db
    .select({
      externalId: comments.externalId,
      message: comments.message,
      parentId: comments.parentId,
      fromChannel: comments.fromChannel,
      channelReplyCount: comments.channelReplyCount,
    })
    .from(comments)
    .where(eq(comments.channelId, channelId))
    .orderBy(comments.externalId);

/** Runs the queued deliveries; a reply waiting for its parent fails its job (a retry), which is said. */
async function runAll(): Promise<number> {
  try {
    return await h.runJobs();
  } catch (error) {
    if (error instanceof Error && /wait for their parent/.test(error.message)) return -1;
    throw error;
  }
}

describe('GET /webhooks/facebook (the callback URL check)', () => {
  const verify = (query: RequestQuery<typeof webhooks.verifyFacebookWebhook>) =>
    h.call(webhooks.verifyFacebookWebhook, { query });

  it('echoes the challenge for a subscription with our verify token, as plain text', async () => {
    const res = await verify({
      'hub.mode': 'subscribe',
      'hub.verify_token': VERIFY_TOKEN,
      'hub.challenge': '1158201444',
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe('1158201444');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it.each([
    ['another token', { 'hub.mode': 'subscribe', 'hub.verify_token': 'not-ours-0123456789', 'hub.challenge': '1' }],
    ['another mode', { 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1' }],
    ['no token', { 'hub.mode': 'subscribe', 'hub.challenge': '1' }],
    ['no challenge', { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN }],
    ['nothing', {}],
  ])('refuses %s with 403', async (_, query) => {
    const res = await verify(query);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/verify token/);
  });

  it('verifies nothing while the setting is not set', async () => {
    const other = await startHarness();
    try {
      const res = await other.call(webhooks.verifyFacebookWebhook, {
        query: { 'hub.mode': 'subscribe', 'hub.verify_token': 'anything-at-all-123', 'hub.challenge': '1' },
      });
      expect(res.status).toBe(403);
    } finally {
      await other.stop();
    }
  });
});

describe('POST /webhooks/facebook (a delivery)', () => {
  it('refuses a missing, wrong, other-secret or one-byte-changed signature with 401, keeping nothing', async () => {
    const pageId = newPageId();
    const { channel } = await followingUser(pageId);
    const body = JSON.stringify(
      feed(pageId, [{ verb: 'add', commentId: `${pageId}_1`, message: 'Ciao', time: 1_800_000_000 }]),
    );
    const signed = signatureOf(body, h.config.facebookAppSecret);
    const refusals = [
      await deliver(body, null),
      await deliver(body, 'sha256=' + '0'.repeat(64)),
      await deliver(body, signatureOf(body, 'another-secret-another-secret-0123')),
      await deliver(body.replace('Ciao', 'Ciap'), signed),
      await deliver(body, signed.replace('sha256=', 'sha1=')),
      await deliver(body, signed.slice(0, -2)),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(/X-Hub-Signature-256/);
    }
    expect(await runAll()).toBe(0);
    expect(await rowsOn(channel.id)).toEqual([]);
  });

  it('checks the signature before reading the body: an unsigned bad body is 401, a signed one says what is wrong', async () => {
    expect((await deliver('{not json', null)).status).toBe(401);
    expect((await deliver('{not json')).status).toBe(400);
    expect((await deliver({ object: 'page' })).status).toBe(422);
    expect((await deliver({ object: 'page', entry: [{ id: 1, time: 'x' }] })).status).toBe(422);
    const notJson = await h.call('POST', '/webhooks/facebook', {
      raw: 'a=1',
      headers: { 'content-type': 'text/plain', 'x-hub-signature-256': signatureOf('a=1', h.config.facebookAppSecret) },
    });
    expect(notJson.status).toBe(415);
    const huge = `{"object":"page","entry":[],"pad":"${'x'.repeat(1024 * 1024)}"}`;
    expect((await deliver(huge)).status).toBe(413);
    expect(await runAll()).toBe(0);
  });

  // A 500 is retried by Meta for as long as it keeps failing: odd JSON must be refused (4xx) or kept.
  const nested = (depth: number, inner = '1') => '{"a":'.repeat(depth) + inner + '}'.repeat(depth);
  const inChange = (value: string) =>
    `{"object":"page","entry":[{"id":"1","time":1800000000,"changes":[{"field":"feed","value":${value}}]}]}`;

  it.each([
    ['in a change, 10,000 deep', inChange(nested(10_000)), 'entry.0.changes.0.value' + '.a'.repeat(27)],
    [
      'beside the delivery, 10,000 deep',
      `{"object":"page","entry":[],"extra":${nested(10_000)}}`,
      'extra' + '.a'.repeat(31),
    ],
    ['as arrays, 10,000 deep', '['.repeat(10_000) + ']'.repeat(10_000), Array(32).fill('0').join('.')],
    ['one level past the limit', inChange(nested(28)), 'entry.0.changes.0.value' + '.a'.repeat(27)],
  ])('refuses a signed delivery nested too deep (%s) with 422, keeping nothing', async (_, raw, field) => {
    const res = await deliver(raw);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [field]: [`The ${field} field is nested more than 32 levels deep.`] });
    expect(await runAll()).toBe(0);
  });

  it('refuses the deepest JSON a body can hold (half a million brackets) with a 4xx', async () => {
    const res = await deliver('['.repeat(500_000) + ']'.repeat(500_000));
    expect(res.status).toBe(422);
    expect(await runAll()).toBe(0);
  });

  it('keeps a signed delivery nested to the limit, and one of many nested objects within the limits', async () => {
    expect((await deliver(inChange(nested(27)))).status).toBe(200);
    const many = JSON.stringify(Array.from({ length: 10_000 }, (_, n) => ({ n, a: { b: { c: [{ d: [] }] } } })));
    expect(many.length).toBeGreaterThan(300_000);
    expect((await deliver(inChange(many))).status).toBe(200);
    // Nothing in them is a comment: the job skips them.
    expect(await runAll()).toBe(2);
  });

  it.each([
    ['in a change', inChange('{"item":"comment","__proto__":{"verb":"add"}}'), 'entry.0.changes.0.value'],
    ['at the top', '{"__proto__":{"object":"page"},"object":"page","entry":[]}', 'body'],
  ])('refuses a `__proto__` key (%s) with 422, keeping nothing and changing no prototype', async (_, raw, field) => {
    const res = await deliver(raw);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      [field]: [`The ${field} field holds a key named __proto__, which is not taken.`],
    });
    expect(await runAll()).toBe(0);
    expect(({} as Record<string, unknown>).verb).toBeUndefined();
  });

  it('keeps a signed delivery as a job and answers 200 at once; the job adds the comment and tells the owner', async () => {
    const pageId = newPageId();
    const { owner, channel } = await followingUser(pageId);
    const res = await deliver(
      feed(pageId, [{ verb: 'add', commentId: `${pageId}_1`, message: 'Che buono!', time: 1_800_000_000 }]),
    );
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect(await rowsOn(channel.id)).toEqual([]);
    expect(await runAll()).toBe(1);
    expect(await rowsOn(channel.id)).toEqual([
      { externalId: `${pageId}_1`, message: 'Che buono!', parentId: null, fromChannel: false, channelReplyCount: 0 },
    ]);
    const [row] = await h.db
      .select()
      .from(comments)
      .where(eq(comments.externalId, `${pageId}_1`));
    // Born judged by the classifier, as every comment is (docs/decisions/048).
    expect(row).toMatchObject({
      authorName: 'Alessia Greco',
      ...createCommentJudge({ threshold: h.config.sentimentThreshold }).judge('Che buono!'),
    });
    expect(row!.publishedAt.toISOString()).toBe(new Date(1_800_000_000_000).toISOString());
    expect(told()).toEqual([
      {
        userId: owner.id,
        event: COMMENTS_CHANGED,
        payload: {
          channelId: channel.id,
          added: 1,
          addedIds: [row!.id],
          edited: [],
          removed: [],
          refresh: false,
          // Its chart's day and sentiment, one more.
          counted: [{ date: '2027-01-15', sentiment: row!.sentiment, change: 1 }],
        },
      },
    ]);
  });

  it('the same delivery twice gives one row, and tells nobody the second time', async () => {
    const pageId = newPageId();
    const { channel } = await followingUser(pageId);
    const delivery = feed(pageId, [{ verb: 'add', commentId: `${pageId}_1`, message: 'Once', time: 1_800_000_000 }]);
    await deliver(delivery);
    await deliver(delivery);
    expect(await runAll()).toBe(2);
    expect(await rowsOn(channel.id)).toHaveLength(1);
    expect(told()).toHaveLength(1);
  });

  it('an edit applies in place, and one that comes before its add leaves the edited text', async () => {
    const pageId = newPageId();
    const { channel } = await followingUser(pageId);
    const add = feed(pageId, [{ verb: 'add', commentId: `${pageId}_1`, message: 'Buono', time: 1_800_000_000 }]);
    const edit = feed(pageId, [
      { verb: 'edited', commentId: `${pageId}_1`, message: 'Buonissimo', time: 1_800_000_060 },
    ]);
    await deliver(edit);
    await runAll();
    await deliver(add);
    await runAll();
    expect((await rowsOn(channel.id)).map((row) => row.message)).toEqual(['Buonissimo']);

    // In order, on another page: the edit is told with the comment's id and new text.
    const other = newPageId();
    const { channel: second } = await followingUser(other);
    await deliver(feed(other, [{ verb: 'add', commentId: `${other}_1`, message: 'Buono', time: 1_800_000_000 }]));
    await runAll();
    published.length = 0;
    await deliver(
      feed(other, [{ verb: 'edited', commentId: `${other}_1`, message: 'Buonissimo', time: 1_800_000_060 }]),
    );
    await runAll();
    const [row] = await h.db.select().from(comments).where(eq(comments.channelId, second.id));
    expect(row!.message).toBe('Buonissimo');
    expect(told()[0]?.payload).toMatchObject({ added: 0, edited: [{ _id: row!.id, message: 'Buonissimo' }] });
  });

  it('an edit in the same second as its add wins, whichever comes first (Meta gives whole seconds)', async () => {
    const pageId = newPageId();
    const { channel } = await followingUser(pageId);
    await deliver(feed(pageId, [{ verb: 'edited', commentId: `${pageId}_1`, message: 'Edited', time: 1_800_000_000 }]));
    await deliver(feed(pageId, [{ verb: 'add', commentId: `${pageId}_1`, message: 'First', time: 1_800_000_000 }]));
    await runAll();
    expect((await rowsOn(channel.id)).map((row) => row.message)).toEqual(['Edited']);
  });

  it('a removal takes the comment and its replies away, and a late add or edit does not bring it back', async () => {
    const pageId = newPageId();
    const { channel } = await followingUser(pageId);
    await deliver(
      feed(pageId, [
        { verb: 'add', commentId: `${pageId}_1`, message: 'Top', time: 1_800_000_000 },
        { verb: 'add', commentId: `${pageId}_2`, message: 'Reply', parentId: `${pageId}_1`, time: 1_800_000_010 },
      ]),
    );
    await runAll();
    const ids = (await h.db.select({ id: comments.id }).from(comments).where(eq(comments.channelId, channel.id))).map(
      (row) => row.id,
    );
    published.length = 0;
    await deliver(feed(pageId, [{ verb: 'remove', commentId: `${pageId}_1`, time: 1_800_000_100 }]));
    await runAll();
    expect(await rowsOn(channel.id)).toEqual([]);
    expect(new Set((told()[0]?.payload as { removed: string[] }).removed)).toEqual(new Set(ids));

    await deliver(
      feed(pageId, [{ verb: 'edited', commentId: `${pageId}_1`, message: 'Late edit', time: 1_800_000_050 }]),
    );
    await deliver(feed(pageId, [{ verb: 'add', commentId: `${pageId}_1`, message: 'Top', time: 1_800_000_000 }]));
    await deliver(
      feed(pageId, [
        { verb: 'add', commentId: `${pageId}_3`, message: 'Late reply', parentId: `${pageId}_1`, time: 1_800_000_020 },
      ]),
    );
    await runAll();
    expect(await rowsOn(channel.id)).toEqual([]);
  });

  it('a reply before its parent waits for it (a retry), then joins it', async () => {
    const pageId = newPageId();
    const { channel } = await followingUser(pageId);
    await deliver(
      feed(pageId, [
        { verb: 'add', commentId: `${pageId}_2`, message: 'Reply', parentId: `${pageId}_1`, time: 1_800_000_010 },
      ]),
    );
    expect(await runAll()).toBe(-1);
    expect(await rowsOn(channel.id)).toEqual([]);
    expect((await jobsOf(h.db, APPLY_FACEBOOK_WEBHOOK)).map((job) => job.state)).toContain('retry');

    await deliver(feed(pageId, [{ verb: 'add', commentId: `${pageId}_1`, message: 'Top', time: 1_800_000_000 }]));
    expect(await runAll()).toBe(1);
    await retriesDueNow(h.db, APPLY_FACEBOOK_WEBHOOK);
    expect(await runAll()).toBe(1);
    const rows = await rowsOn(channel.id);
    expect(rows.map((row) => row.externalId)).toEqual([`${pageId}_1`, `${pageId}_2`]);
    const [top] = await h.db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.channelId, channel.id), eq(comments.externalId, `${pageId}_1`)));
    expect(rows[1]!.parentId).toBe(top!.id);
  });

  it('a burst applied as one batch ends as the same deliveries one by one would: order and repeats do not matter', async () => {
    const pageId = newPageId();
    const { owner, channel } = await followingUser(pageId);
    const c = (n: number) => `${pageId}_${n}`;
    const burst = [
      // A reply before its parent, both in the batch.
      feed(pageId, [{ verb: 'add', commentId: c(2), message: 'Reply', parentId: c(1), time: 1_800_000_010 }]),
      feed(pageId, [{ verb: 'add', commentId: c(1), message: 'Top', time: 1_800_000_000 }]),
      feed(pageId, [{ verb: 'add', commentId: c(1), message: 'Top', time: 1_800_000_000 }]),
      // An edit before its add.
      feed(pageId, [{ verb: 'edited', commentId: c(3), message: 'Edited', time: 1_800_000_060 }]),
      feed(pageId, [{ verb: 'add', commentId: c(3), message: 'First', time: 1_800_000_000 }]),
      // A removal, then its add and an edit that come late.
      feed(pageId, [{ verb: 'remove', commentId: c(4), time: 1_800_000_100 }]),
      feed(pageId, [{ verb: 'add', commentId: c(4), message: 'Gone', time: 1_800_000_000 }]),
      feed(pageId, [{ verb: 'edited', commentId: c(4), message: 'Gone edited', time: 1_800_000_200 }]),
      // The page's own reply to the edited comment.
      feed(pageId, [
        {
          verb: 'add',
          commentId: c(5),
          message: 'Thanks!',
          parentId: c(3),
          from: { id: pageId, name: 'Espresso Bar Milano' },
          time: 1_800_000_300,
        },
      ]),
    ];
    for (const delivery of burst) expect((await deliver(delivery)).status).toBe(200);
    expect(await runAll()).toBe(burst.length);
    expect(await rowsOn(channel.id)).toMatchObject([
      { externalId: c(1), message: 'Top', parentId: null },
      { externalId: c(2), message: 'Reply' },
      { externalId: c(3), message: 'Edited', channelReplyCount: 1 },
      { externalId: c(5), message: 'Thanks!', fromChannel: true },
    ]);
    // One event for the channel and the batch.
    expect(told()).toEqual([
      {
        userId: owner.id,
        event: COMMENTS_CHANGED,
        payload: {
          channelId: channel.id,
          added: 4,
          addedIds: expect.arrayContaining([expect.any(String)]),
          edited: [],
          removed: [],
          refresh: false,
          counted: expect.any(Array),
        },
      },
    ]);
    expect((told()[0]!.payload as { addedIds: string[] }).addedIds).toHaveLength(4);
    // What a chart adds: the two top-level comments that are there, by day and sentiment (the
    // replies and the removed one not counted).
    const tops = await h.db
      .select({ sentiment: comments.sentiment })
      .from(comments)
      .where(and(eq(comments.channelId, channel.id), isNull(comments.parentId)));
    const changes = (told()[0]!.payload as CommentsChangedEvent).counted;
    expect(changes.reduce((sum, each) => sum + each.change, 0)).toBe(2);
    for (const top of tops) {
      expect(changes).toContainEqual(expect.objectContaining({ date: '2027-01-15', sentiment: top.sentiment }));
    }
  });

  it('takes in more deliveries at once than it works on: the others wait their turn, and all are kept', async () => {
    const pageId = newPageId();
    const { channel } = await followingUser(pageId);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        deliver(
          feed(pageId, [{ verb: 'add', commentId: `${pageId}_${n}`, message: `n${n}`, time: 1_800_000_000 + n }]),
        ),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(200));
    expect(await runAll()).toBe(12);
    expect(await rowsOn(channel.id)).toHaveLength(12);
  });

  it("the page's own reply counts as the channel's reply on its parent, until removed", async () => {
    const pageId = newPageId();
    const { channel } = await followingUser(pageId);
    await deliver(
      feed(pageId, [
        { verb: 'add', commentId: `${pageId}_1`, message: 'Open Sunday?', time: 1_800_000_000 },
        {
          verb: 'add',
          commentId: `${pageId}_2`,
          message: 'Yes, from 8.',
          parentId: `${pageId}_1`,
          from: { id: pageId, name: 'Espresso Bar Milano' },
          time: 1_800_000_010,
        },
      ]),
    );
    await runAll();
    expect(await rowsOn(channel.id)).toMatchObject([
      { externalId: `${pageId}_1`, fromChannel: false, channelReplyCount: 1 },
      { externalId: `${pageId}_2`, fromChannel: true },
    ]);
    await deliver(feed(pageId, [{ verb: 'remove', commentId: `${pageId}_2`, time: 1_800_000_100 }]));
    await runAll();
    expect(await rowsOn(channel.id)).toMatchObject([{ externalId: `${pageId}_1`, channelReplyCount: 0 }]);
  });

  it('every user following the page gets the comment; a page nobody follows is acknowledged and ignored', async () => {
    const pageId = newPageId();
    const first = await followingUser(pageId);
    const second = await followingUser(pageId);
    await deliver(feed(pageId, [{ verb: 'add', commentId: `${pageId}_1`, message: 'Hi', time: 1_800_000_000 }]));
    const unknown = await deliver(
      feed(newPageId(), [{ verb: 'add', commentId: 'x_1', message: 'Nobody', time: 1_800_000_000 }]),
    );
    expect(unknown.status).toBe(200);
    await runAll();
    expect(await rowsOn(first.channel.id)).toHaveLength(1);
    expect(await rowsOn(second.channel.id)).toHaveLength(1);
    expect(
      told()
        .map((each) => each.userId)
        .sort(),
    ).toEqual([first.owner.id, second.owner.id].sort());
  });

  it("adds an Instagram account's new comments and replies", async () => {
    const accountId = newPageId();
    const { channel } = await followingUser(accountId, 'instagram-account');
    const from = { id: '777', username: 'gelato_fan' };
    await deliver(
      instagramCommentsDelivery(accountId, 1_800_000_000, [
        { id: 'c1', text: 'Bellissimo 😍', from, mediaId: 'm1' },
        { id: 'c2', text: 'Vero!', from, mediaId: 'm1', parentId: 'c1' },
      ]),
    );
    await runAll();
    expect(await rowsOn(channel.id)).toMatchObject([
      { externalId: 'c1', message: 'Bellissimo 😍', parentId: null },
      { externalId: 'c2', message: 'Vero!' },
    ]);
  });

  it('tells every admin how many comments arrived, once a batch, on their own channel', async () => {
    const { row: admin } = await h.factories.user({ role: 'admin' });
    const pageId = newPageId();
    await followingUser(pageId);
    await followingUser(pageId);
    await deliver(
      feed(pageId, [
        { verb: 'add', commentId: `${pageId}_1`, message: 'Uno', time: 1_800_000_000 },
        { verb: 'add', commentId: `${pageId}_2`, message: 'Due', time: 1_800_000_001 },
      ]),
    );
    await deliver(feed(pageId, [{ verb: 'edited', commentId: `${pageId}_1`, message: 'Uno!', time: 1_800_000_090 }]));
    await runAll();
    // Two comments on two users' channels: four rows for the review; "Uno" and "Due" tell the
    // classifier nothing, so all four wait for a person.
    const toAdmin = () => published.filter((each) => each.event === COMMENTS_ARRIVED && each.userId === admin.id);
    expect(toAdmin()).toEqual([{ userId: admin.id, event: COMMENTS_ARRIVED, payload: { added: 4, toReview: 4 } }]);
    // Each admin hears it, the seeded ones too; a user does not.
    expect(published.filter((each) => each.event === COMMENTS_ARRIVED).length).toBeGreaterThan(1);
    // An edit alone brings nothing new to review.
    published.length = 0;
    await deliver(feed(pageId, [{ verb: 'edited', commentId: `${pageId}_2`, message: 'Due!', time: 1_800_000_095 }]));
    await runAll();
    expect(toAdmin()).toEqual([]);
  });

  it('skips what is not about comments (a post, a reaction, a hidden comment, unknown shapes) without failing', async () => {
    const pageId = newPageId();
    const { channel } = await followingUser(pageId);
    const res = await deliver({
      object: 'page',
      entry: [
        {
          id: pageId,
          time: 1_800_000_000,
          changes: [
            { field: 'feed', value: { item: 'status', verb: 'add', post_id: `${pageId}_9`, message: 'A post' } },
            { field: 'feed', value: { item: 'reaction', verb: 'add', reaction_type: 'like' } },
            { field: 'feed', value: { item: 'comment', verb: 'hide', comment_id: `${pageId}_1` } },
            { field: 'feed', value: { item: 'comment', verb: 'add', comment_id: 42 } },
            { field: 'mention', value: null },
          ],
        },
      ],
    });
    expect(res.status).toBe(200);
    await runAll();
    expect(await rowsOn(channel.id)).toEqual([]);
    expect(told()).toEqual([]);
  });
});
