import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as inbox from '../../contract/inbox';
import * as commentsContract from '../../contract/comments';
import type { OperationInput } from '../../contract/operation';
import { INBOX_CHANGED } from '../../contract/realtime';
import { projectChannels } from '../db/schema';
import type { Publisher } from '../realtime/publisher';
import { startHarness, type Harness } from '../test/harness';

/**
 * The inbox (docs/product.md#inbox): every comment of a user's projects in one list, negatives
 * first; done and open again, by id, by filter and by undo; the open count; and nobody else's.
 */
let h: Harness;
/** What the API told users' tabs of their inbox (InboxChanged), as a publisher would send it. */
const told: Array<{ userId: string; updated: number; exceptSocketId: string | undefined }> = [];
const recorder = {
  toUser: async (userId: string, name: string, event: { updated: number }, options?: { exceptSocketId?: string }) => {
    if (name === INBOX_CHANGED) told.push({ userId, updated: event.updated, exceptSocketId: options?.exceptSocketId });
  },
  toAdmins: async () => {},
} as unknown as Publisher;
beforeAll(async () => {
  h = await startHarness({ publisher: recorder });
});
afterAll(async () => {
  await h?.stop();
});

/** Two projects, one channel shared by both, one channel of each, one followed by none. */
async function userWithInbox() {
  const owner = await h.signedInUser();
  const me = { id: owner.user._id };
  const cafe = await h.factories.project(me, { name: 'Café' });
  const bistro = await h.factories.project(me, { name: 'Bistro' });
  const page = await h.factories.channel(me, { name: 'Café page' });
  const instagram = await h.factories.channel(me, { kind: 'instagram-account', name: '@bistro' });
  const unfollowed = await h.factories.channel(me, { name: 'Not followed' });
  await h.db.insert(projectChannels).values([
    { projectId: cafe.id, channelId: page.id },
    { projectId: bistro.id, channelId: page.id },
    { projectId: bistro.id, channelId: instagram.id },
  ]);
  const now = h.clock.now();
  const settled = { inReview: false, proposedSentiment: null };
  const [praise, complaint, question, oldComplaint] = await h.factories.comments(
    page,
    [
      { message: 'Great espresso', sentiment: 'POSITIVE', ...settled },
      { message: 'Cold coffee, rude staff', sentiment: 'NEGATIVE', ...settled },
      { message: 'Open on Sunday?', sentiment: 'NEUTRAL', ...settled },
      { message: 'Waited forever', sentiment: 'NEGATIVE', authorName: 'Paola Neri', ...settled },
    ],
    now,
  );
  const [reply] = await h.factories.comments(
    page,
    [{ message: 'Same here', parentId: complaint!.id, sentiment: 'NEGATIVE', ...settled }],
    now + 60_000,
  );
  const [story] = await h.factories.comments(
    instagram,
    [{ message: 'Lovely cups', sentiment: 'POSITIVE', ...settled }],
    now + 30_000,
  );
  await h.factories.comments(unfollowed, [{ message: 'Not in any project', sentiment: 'NEGATIVE' }], now);
  return {
    owner,
    cafe,
    bistro,
    page,
    instagram,
    praise: praise!,
    complaint: complaint!,
    question: question!,
    oldComplaint: oldComplaint!,
    reply: reply!,
    story: story!,
  };
}

type InboxQuery = OperationInput<typeof inbox.listInbox>['query'];
const list = (token: string, query: InboxQuery = {}) => h.call(inbox.listInbox, { query, token });
const ids = (answer: Awaited<ReturnType<typeof list>>) => answer.body.data.map((comment) => comment.id);
const openCount = async (token: string) => (await h.call(inbox.inboxCount, { token })).body.open;

describe('the inbox', () => {
  it("lists every open top-level comment of the user's projects once, negatives first, then newest first", async () => {
    const { owner, praise, complaint, question, oldComplaint, reply, story } = await userWithInbox();
    const answer = await list(owner.accessToken);
    expect(answer.status).toBe(200);
    expect(ids(answer)).toEqual([complaint.id, oldComplaint.id, story.id, praise.id, question.id]);
    expect(answer.body.meta).toMatchObject({ total: 5 });
    const first = answer.body.data[0]!;
    // The shared channel's comment names both projects, by name.
    expect(first.projects.map((project) => project.name)).toEqual(['Bistro', 'Café']);
    expect(first.replies.map((each) => each.id)).toEqual([reply.id]);
    expect(first.doneAt).toBeNull();
    expect(await openCount(owner.accessToken)).toBe(5);

    const newest = await list(owner.accessToken, { orderBy: 'newest' });
    expect(ids(newest)).toEqual([story.id, praise.id, complaint.id, question.id, oldComplaint.id]);
  });

  it('filters by project, channel, network, sentiment, words and author', async () => {
    const { owner, cafe, instagram, complaint, oldComplaint, story } = await userWithInbox();
    const token = owner.accessToken;
    expect((await list(token, { projectId: cafe.id })).body.meta.total).toBe(4);
    expect(ids(await list(token, { channelId: instagram.id }))).toEqual([story.id]);
    expect(ids(await list(token, { network: 'instagram' }))).toEqual([story.id]);
    expect(ids(await list(token, { sentiment: 'NEGATIVE' }))).toEqual([complaint.id, oldComplaint.id]);
    expect(ids(await list(token, { message: 'coffee' }))).toEqual([complaint.id]);
    expect(ids(await list(token, { authorName: 'paola' }))).toEqual([oldComplaint.id]);
    expect((await list(token, { network: 'linkedin' })).body.meta.total).toBe(0);
  });

  it('lists one comment by id, where a notification leads: open or done, with the other filters, never a reply', async () => {
    const { owner, cafe, bistro, instagram, complaint, reply, story } = await userWithInbox();
    const token = owner.accessToken;
    const one = await list(token, { projectId: cafe.id, commentId: complaint.id });
    expect(ids(one)).toEqual([complaint.id]);
    expect(one.body.meta.total).toBe(1);
    expect(one.body.data[0]!.replies.map((each) => each.id)).toEqual([reply.id]);
    // Not in that project's channels, and a reply is no row of the inbox.
    expect((await list(token, { projectId: cafe.id, commentId: story.id })).body.meta.total).toBe(0);
    expect(ids(await list(token, { projectId: bistro.id, commentId: story.id }))).toEqual([story.id]);
    expect(ids(await list(token, { commentId: reply.id }))).toEqual([]);
    expect(ids(await list(token, { channelId: instagram.id, commentId: complaint.id }))).toEqual([]);

    // Done: it leaves the open ones and is found among the done.
    const done = await h.call(inbox.markMatchingInboxDone, {
      body: { filter: { commentId: complaint.id }, expectedTotal: 1 },
      token,
    });
    expect(done.body.updated).toBe(1);
    expect(await openCount(token)).toBe(4);
    expect((await list(token, { commentId: complaint.id })).body.meta).toMatchObject({ total: 0 });
    expect(ids(await list(token, { commentId: complaint.id, state: 'done' }))).toEqual([complaint.id]);

    // Nobody else's, by id either.
    const stranger = await h.signedInUser();
    expect((await list(stranger.accessToken, { commentId: story.id })).body.meta.total).toBe(0);
    expect(
      (
        await h.call(inbox.markMatchingInboxDone, {
          body: { filter: { commentId: story.id }, expectedTotal: 1 },
          token: stranger.accessToken,
        })
      ).body.updated,
    ).toBe(0);
    expect(ids(await list(token, { commentId: story.id }))).toEqual([story.id]);
  });

  it('pages by cursor across the negatives and the rest, skipping nothing when rows are done meanwhile', async () => {
    const { owner } = await userWithInbox();
    const token = owner.accessToken;
    const all = ids(await list(token));
    const seen: string[] = [];
    // One comment a page: the cursor alone carries the place.
    let after: string | undefined;
    for (let n = 0; n < all.length; n++) {
      const answer = await h.call(inbox.listInbox, { query: after ? { after } : {}, token });
      const next = answer.body.data.find((comment) => !seen.includes(comment.id))!;
      seen.push(next.id);
      after = next.cursor;
      // Done while the list scrolls: it leaves, and the next page still starts after it.
      await h.call(inbox.markInboxComments, { body: { ids: [next.id], done: true }, token });
    }
    expect(seen).toEqual(all);
    expect((await list(token)).body.meta.total).toBe(0);
  });

  it("refuses a page by number and by cursor at once, in the caller's language", async () => {
    const { owner } = await userWithInbox();
    const first = await list(owner.accessToken);
    const after = first.body.data[0]!.cursor;
    const answer = await h.call(inbox.listInbox, { query: { after, pageNumber: '2' }, token: owner.accessToken });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      errors: {
        pageNumber: [
          'The page number field is not taken with after: a page goes by its number or by a cursor, not both.',
        ],
      },
    });
    // Either alone is a page.
    expect((await h.call(inbox.listInbox, { query: { after }, token: owner.accessToken })).status).toBe(200);
    expect((await h.call(inbox.listInbox, { query: { pageNumber: '2' }, token: owner.accessToken })).status).toBe(200);
  });

  it("refuses a cursor of one order for the other's page past the negatives", async () => {
    const { owner } = await userWithInbox();
    const token = owner.accessToken;
    const listed = (await list(token)).body.data;
    const pastNegatives = listed.find((comment) => comment.cursor.startsWith('1_'))!.cursor;
    const answer = await h.call(inbox.listInbox, { query: { orderBy: 'newest', after: pastNegatives }, token });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors ?? {})).toEqual(['after']);
  });

  it('marks done and open again by id, counts it, and undoes a batch', async () => {
    const { owner, complaint, praise, reply } = await userWithInbox();
    const token = owner.accessToken;
    const done = await h.call(inbox.markInboxComments, {
      body: { ids: [complaint.id, praise.id, reply.id], done: true },
      token,
    });
    // A reply is not an item of the inbox: it goes with its comment.
    expect(done.body).toMatchObject({ updated: 2 });
    expect(done.body.batchId).not.toBeNull();
    expect(await openCount(token)).toBe(3);
    expect(ids(await list(token))).not.toContain(complaint.id);
    const doneList = await list(token, { state: 'done' });
    expect(ids(doneList).sort()).toEqual([complaint.id, praise.id].sort());
    expect(doneList.body.data[0]!.doneAt).not.toBeNull();

    // One comment twice, in either case, is refused.
    for (const twice of [
      [complaint.id, complaint.id],
      [complaint.id, complaint.id.toUpperCase()],
    ]) {
      expect((await h.call(inbox.markInboxComments, { body: { ids: twice, done: true }, token })).status).toBe(422);
    }
    // Done again: nothing changes.
    expect((await h.call(inbox.markInboxComments, { body: { ids: [complaint.id], done: true }, token })).body).toEqual({
      batchId: null,
      updated: 0,
    });
    const undone = await h.call(inbox.undoInboxDone, { params: { batchId: done.body.batchId! }, token });
    expect(undone.body.updated).toBe(2);
    expect(await openCount(token)).toBe(5);
    // Nothing left to undo.
    expect((await h.call(inbox.undoInboxDone, { params: { batchId: done.body.batchId! }, token })).status).toBe(404);

    await h.call(inbox.markInboxComments, { body: { ids: [praise.id], done: true }, token });
    expect((await h.call(inbox.markInboxComments, { body: { ids: [praise.id], done: false }, token })).body).toEqual({
      batchId: null,
      updated: 1,
    });
    expect(await openCount(token)).toBe(5);
  });

  it("tells the user's other tabs of a change, not the tab that made it (X-Socket-ID), and nothing when nothing changed", async () => {
    const { owner, complaint, praise } = await userWithInbox();
    const token = owner.accessToken;
    const from = (socket: string) => ({ headers: { 'x-socket-id': socket } });
    told.length = 0;
    const done = await h.call(inbox.markInboxComments, {
      body: { ids: [complaint.id, praise.id], done: true },
      token,
      ...from('1234.5678'),
    });
    expect(told).toEqual([{ userId: owner.user._id, updated: 2, exceptSocketId: '1234.5678' }]);
    told.length = 0;
    await h.call(inbox.markInboxComments, { body: { ids: [praise.id], done: true }, token, ...from('1234.5678') });
    expect(told).toEqual([]);
    await h.call(inbox.undoInboxDone, { params: { batchId: done.body.batchId! }, token, ...from('99.1') });
    expect(told).toEqual([{ userId: owner.user._id, updated: 2, exceptSocketId: '99.1' }]);
    // A header that names no socket is no socket: every tab is told, the one that asked too.
    told.length = 0;
    await h.call(inbox.markMatchingInboxDone, {
      body: { filter: { sentiment: 'NEGATIVE' }, expectedTotal: 2 },
      token,
      ...from('all'),
    });
    expect(told).toEqual([{ userId: owner.user._id, updated: 2, exceptSocketId: undefined }]);
  });

  it('marks every open comment matching done once the count is confirmed, and refuses a count that grew', async () => {
    const { owner, page, complaint, oldComplaint } = await userWithInbox();
    const token = owner.accessToken;
    const refused = await h.call(inbox.markMatchingInboxDone, {
      body: { filter: { sentiment: 'NEGATIVE' }, expectedTotal: 1 },
      token,
    });
    expect(refused.status).toBe(409);
    expect(await openCount(token)).toBe(5);
    const done = await h.call(inbox.markMatchingInboxDone, {
      body: { filter: { sentiment: 'NEGATIVE' }, expectedTotal: 2 },
      token,
    });
    expect(done.body.updated).toBe(2);
    expect(ids(await list(token, { state: 'done' })).sort()).toEqual([complaint.id, oldComplaint.id].sort());
    // A negative comment arriving afterwards is open.
    await h.factories.comments(page, [{ message: 'Terrible', sentiment: 'NEGATIVE', inReview: false }]);
    expect((await list(token, { sentiment: 'NEGATIVE' })).body.meta.total).toBe(1);
    expect((await h.call(inbox.undoInboxDone, { params: { batchId: done.body.batchId! }, token })).body.updated).toBe(
      2,
    );
  });

  it("never lists, counts or changes another user's comments", async () => {
    const { owner, complaint, cafe, page } = await userWithInbox();
    const stranger = await h.signedInUser();
    const token = stranger.accessToken;
    expect((await list(token)).body.meta.total).toBe(0);
    expect((await list(token, { projectId: cafe.id })).body.data).toEqual([]);
    expect((await list(token, { channelId: page.id })).body.data).toEqual([]);
    expect(await openCount(token)).toBe(0);
    expect(
      (await h.call(inbox.markInboxComments, { body: { ids: [complaint.id], done: true }, token })).body.updated,
    ).toBe(0);
    expect(
      (
        await h.call(inbox.markMatchingInboxDone, {
          body: { filter: { channelId: page.id }, expectedTotal: 10 },
          token,
        })
      ).body.updated,
    ).toBe(0);
    // The owner's batch is not the stranger's to undo.
    const done = await h.call(inbox.markInboxComments, {
      body: { ids: [complaint.id], done: true },
      token: owner.accessToken,
    });
    expect((await h.call(inbox.undoInboxDone, { params: { batchId: done.body.batchId! }, token })).status).toBe(404);
    expect(await openCount(owner.accessToken)).toBe(4);
  });

  it('refuses malformed input with a 422 naming the field', async () => {
    const { owner } = await userWithInbox();
    const token = owner.accessToken;
    for (const [query, field] of [
      ['?state=closed', 'state'],
      ['?network=myspace', 'network'],
      ['?orderBy=oldest', 'orderBy'],
      ['?after=2_2026-01-01T00:00:00Z_00000000-0000-4000-8000-000000000000', 'after'],
      ['?message=ab', 'message'],
      ['?pageNumber=201', 'pageNumber'],
      ['?commentId=42', 'commentId'],
    ] as const) {
      const answer = await h.call('GET', `/v1.0/inbox${query}`, { token });
      expect(answer.status, query).toBe(422);
      expect(Object.keys((answer.body as { errors: object }).errors), query).toEqual([field]);
    }
    for (const body of [
      { ids: [], done: true },
      { ids: ['not-a-uuid'], done: true },
      { ids: [randomUUID()], done: 'yes' },
    ]) {
      expect((await h.call('POST', '/v1.0/inbox/done', { json: body, token })).status).toBe(422);
    }
    // As many as the contract takes fit in a body; one more is named.
    const most = Array.from({ length: commentsContract.MAX_BULK_COMMENTS }, () => randomUUID());
    const largest = await h.call(inbox.markInboxComments, { body: { ids: most, done: true }, token });
    expect(largest.status).toBe(200);
    expect(largest.body).toEqual({ batchId: null, updated: 0 });
    const tooMany = await h.call('POST', '/v1.0/inbox/done', {
      json: { ids: [...most, randomUUID()], done: true },
      token,
    });
    expect(tooMany.status).toBe(422);
    // A list's size is said in items, a number's in its value: not in characters.
    expect((tooMany.body as { errors: object }).errors).toEqual({
      ids: ['The ids field must not have more than 1000 items.'],
    });
    const none = await h.call('POST', '/v1.0/inbox/done-matching', {
      json: { filter: {}, expectedTotal: 0 },
      token,
      headers: { 'accept-language': 'it' },
    });
    expect(none.status).toBe(422);
    expect((none.body as { errors: object }).errors).toEqual({
      expectedTotal: ['Il campo totale atteso deve essere almeno 1.'],
    });
    const badId = await h.call('POST', '/v1.0/inbox/done-matching', {
      json: { filter: { commentId: 'x' }, expectedTotal: 1 },
      token,
    });
    expect(badId.status).toBe(422);
    expect(Object.keys((badId.body as { errors: object }).errors)).toEqual(['filter.commentId']);
    expect((await h.call('GET', '/v1.0/inbox')).status).toBe(401);
  });
});
