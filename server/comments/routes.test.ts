import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as commentsContract from '../../contract/comments';
import type { RequestBody, RequestQuery } from '../../contract/operation';
import { comments, type CommentRow } from '../db/schema';
import { startHarness, type Harness } from '../test/harness';
import { countComments, COUNT_AT_MOST } from './queries';

/**
 * The sentiment review's API (contract/comments.ts, decision 024). Each test makes its comments on
 * a channel of its own with a mark in every message and lists by that mark, so the demo comments
 * and the other tests never count. Who may call is server/admin-access.test.ts's.
 */
let h: Harness;
let admin: { token: string; id: string };
let otherAdmin: { token: string; id: string };
beforeAll(async () => {
  h = await startHarness();
  const signIn = async () => {
    const signed = await h.signedInUser({ role: 'admin' });
    return { token: signed.accessToken, id: signed.user._id };
  };
  admin = await signIn();
  otherAdmin = await signIn();
});
afterAll(() => h?.stop());

let marks = 0;
/** Comments marked `m<n>` in their message, on a new channel, newest first. */
async function marked(list: Array<Partial<CommentRow>>, start?: number) {
  const mark = `m${++marks}x${Math.random().toString(36).slice(2, 7)}`;
  const { row: owner } = await h.factories.user();
  const channel = await h.factories.channel(owner, { name: 'Espresso Bar' });
  const rows = await h.factories.comments(
    channel,
    list.map((fields, n) => ({
      message: `${mark} ${n + 1}`,
      ...fields,
      ...(fields.message ? { message: `${mark} ${fields.message}` } : {}),
    })),
    start,
  );
  return { mark, rows, ids: rows.map((row) => row.id) };
}

type Listed = { id: string; message: string; sentiment: { sentiment: string; inReview: boolean } };
const list = async (query: RequestQuery<typeof commentsContract.listComments>, token = admin.token) => {
  const res = await h.call(commentsContract.listComments, { query, token });
  return { ...res, data: res.body.data ?? [] };
};
const numbers = (data: Listed[]) => data.map((comment) => comment.message.split(' ').slice(1).join(' '));
const patch = (entries: RequestBody<typeof commentsContract.bulkUpdateComments>['comments'], token = admin.token) =>
  h.call(commentsContract.bulkUpdateComments, { token, body: { comments: entries } });
const stored = async (ids: string[]) =>
  Object.fromEntries(
    (await h.db.select().from(comments).where(inArray(comments.id, ids))).map((row) => [
      row.id,
      { sentiment: row.sentiment, inReview: row.inReview },
    ]),
  );

describe('GET /v1.0/comments', () => {
  it('answers each comment as the contract says, newest first, with its channel', async () => {
    const { mark, rows } = await marked([{ authorName: 'Zoë', isBookmarked: true, channelReplyCount: 2 }, {}]);
    const res = await list({ message: mark });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 2, currentPage: 1, lastPage: 1 });
    expect(res.data[0]).toEqual({
      id: rows[0].id,
      message: `${mark} 1`,
      authorName: 'Zoë',
      sentiment: { sentiment: 'NEUTRAL', inReview: true },
      proposedSentiment: 'POSITIVE',
      proposalConfidence: null,
      reviewReason: null,
      reviewedAt: null,
      publishedAt: rows[0].publishedAt.toISOString(),
      isBookmarked: true,
      isHidden: false,
      channelReplyCount: 2,
      parentId: null,
      fromChannel: false,
      rule: null,
      channel: {
        id: rows[0].channelId,
        kind: 'facebook-page',
        name: 'Espresso Bar',
        canReply: false,
        canDelete: false,
      },
    });
    expect(numbers((await list({ message: mark, orderBy: 'publishedAt:1' })).data)).toEqual(['2', '1']);
  });

  it('filters by message and author ignoring case and accents, and takes LIKE wildcards literally', async () => {
    const { mark } = await marked([
      { message: 'Caffè PERFETTO', authorName: 'José Núñez' },
      { message: '100% good_one', authorName: 'Ann' },
      { message: '1000 goodXone', authorName: 'Bob' },
    ]);
    expect(numbers((await list({ message: mark, authorName: 'jose nunez' })).data)).toEqual(['Caffè PERFETTO']);
    expect(numbers((await list({ message: `${mark} caffe perf` })).data)).toEqual(['Caffè PERFETTO']);
    expect(numbers((await list({ message: `${mark} 100%` })).data)).toEqual(['100% good_one']);
    expect(numbers((await list({ message: mark, authorName: '_' })).data)).toEqual([]);
  });

  it('filters by sentiment, review, bookmark, hidden and replied-by-you', async () => {
    const { mark } = await marked([
      { message: 'negative', sentiment: 'NEGATIVE' },
      { message: 'reviewed', inReview: false },
      { message: 'bookmarked', isBookmarked: true },
      { message: 'hidden', isHidden: true },
      { message: 'replied', channelReplyCount: 1 },
    ]);
    const only = async (query: RequestQuery<typeof commentsContract.listComments>) =>
      numbers((await list({ message: mark, ...query })).data);
    expect(await only({ sentiment: 'NEGATIVE' })).toEqual(['negative']);
    expect(await only({ inReview: 'false' })).toEqual(['reviewed']);
    expect(await only({ inReview: 'true' })).toHaveLength(4);
    expect(await only({ isBookmarked: 'true' })).toEqual(['bookmarked']);
    expect(await only({ isHidden: 'true' })).toEqual(['hidden']);
    expect(await only({ repliedByYou: 'true' })).toEqual(['replied']);
    expect(await only({ repliedByYou: 'false', isHidden: 'false', isBookmarked: 'false', inReview: 'true' })).toEqual([
      'negative',
    ]);
  });

  it('pages by cursor without skipping comments reviewed meanwhile, and by page number', async () => {
    const { mark, ids } = await marked(Array.from({ length: 120 }, () => ({})));
    const first = await list({ message: mark, inReview: 'true' });
    expect(first.data).toHaveLength(50);
    expect(first.body.meta).toEqual({ total: 120, currentPage: 1, lastPage: 3 });
    // Twenty of the first page are reviewed while the admin reads it.
    expect((await patch(ids.slice(0, 20).map((id) => ({ id, sentiment: { inReview: false } })))).status).toBe(200);
    const last = first.data[49] as Listed & { publishedAt: string };
    const second = await list({ message: mark, inReview: 'true', after: `${last.publishedAt}_${last.id}` });
    expect(numbers(second.data)).toEqual(Array.from({ length: 50 }, (_, n) => String(n + 51)));
    expect(second.body.meta?.total).toBe(100);
    // By page number (`pageNumber`), the window shifts by what left: page 2 starts at comment 71.
    expect(numbers((await list({ message: mark, inReview: 'true', pageNumber: '2' })).data)[0]).toBe('71');
  });

  it('refuses a malformed filter with the field named', async () => {
    for (const query of [
      'sentiment=HAPPY',
      'inReview=maybe',
      'pageNumber=0',
      // Deeper than a page by number goes (MAX_COMMENTS_PAGE_NUMBER): by `after` from there.
      'pageNumber=201',
      'pageNumber=999999999',
      // Too short for a filter by words to narrow anything (WORDS_MIN_LENGTH).
      'message=ab',
      'authorName=%20x%20',
      'after=yesterday',
      'orderBy=message',
      // The shape of a cursor, naming no possible row: PostgreSQL would refuse the cast (a 500).
      `after=2030-02-30T00:00:00Z_${'0'.repeat(36)}`,
      `after=2030-01-01T00:00:00Z_${'-'.repeat(36)}`,
      'after=2030-01-01T24:00:00Z_00000000-0000-4000-8000-000000000000',
      'after=0000-01-01T00:00:00Z_00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await h.call('GET', `/v1.0/comments?${query}`, { token: admin.token });
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), query).toEqual([query.split('=')[0]]);
    }
    const tooDeep = await h.call('GET', '/v1.0/comments?pageNumber=201', { token: admin.token });
    expect(tooDeep.body.errors).toEqual({ pageNumber: ['The page number field must not be greater than 200.'] });
    // The deepest page by number is answered (past the last page, empty).
    const deepest = await h.call('GET', '/v1.0/comments?pageNumber=200', { token: admin.token });
    expect(deepest.status).toBe(200);
    expect(deepest.body.meta?.currentPage).toBe(200);
  });
});

describe('GET /v1.0/comments, its count', () => {
  it('counts a filter by words up to COUNT_AT_MOST and then says "at least"; the counts kept are exact at any size', async () => {
    const { mark } = await marked([{ inReview: true, proposedSentiment: 'POSITIVE' }]);
    const { row: owner } = await h.factories.user();
    const channel = await h.factories.channel(owner, { name: 'Busy page' });
    // One more than is counted, written in one statement (the factories would take a while).
    const many = commentsContract.COMMENTS_PAGE_SIZE + COUNT_AT_MOST;
    await h.db.execute(sql`
      insert into comments (channel_id, external_id, message, author_name, sentiment, in_review, proposed_sentiment, published_at)
      select ${channel.id}::uuid, 'many-' || n, ${mark} || ' many ' || n, 'Many Writer', 'UNCLASSIFIED', true, 'NEGATIVE',
             now() - make_interval(secs => n)
      from generate_series(1, ${many}) as n`);

    const byWords = await list({ message: mark, inReview: 'true' });
    expect(byWords.body.meta).toEqual({
      total: COUNT_AT_MOST,
      currentPage: 1,
      lastPage: COUNT_AT_MOST / commentsContract.COMMENTS_PAGE_SIZE,
      totalIsAtLeast: true,
    });
    expect(byWords.data).toHaveLength(commentsContract.COMMENTS_PAGE_SIZE);
    // A filter the counts kept answer (this channel, in review) is exact, however many.
    const kept = await countComments(h.db, { channelId: channel.id, inReview: true });
    expect(kept).toEqual({ total: many, atLeast: false });
    // Under the bound, exact.
    expect((await list({ message: `${mark} 1` })).body.meta?.totalIsAtLeast).toBeUndefined();
  });
});

describe('PATCH /v1.0/comments', () => {
  it('accepts (the proposed sentiment), rejects (kept) and edits (the chosen one), each ending the review', async () => {
    const { ids } = await marked([{ proposedSentiment: 'MIXED' }, { proposedSentiment: 'MIXED' }, {}]);
    const res = await patch([
      { id: ids[0], sentiment: { sentiment: 'MIXED', inReview: false } },
      { id: ids[1], sentiment: { inReview: false } },
      { id: ids[2], sentiment: { sentiment: 'NEGATIVE', inReview: false } },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ batchId: expect.any(String), updated: 3, conflicts: [] });
    expect(await stored(ids)).toEqual({
      [ids[0]]: { sentiment: 'MIXED', inReview: false },
      [ids[1]]: { sentiment: 'NEUTRAL', inReview: false },
      [ids[2]]: { sentiment: 'NEGATIVE', inReview: false },
    });
    const [row] = await h.db.select().from(comments).where(eq(comments.id, ids[0]));
    expect(row).toMatchObject({ reviewedBy: admin.id, sentimentBeforeReview: 'NEUTRAL' });
  });

  it('reports, and leaves alone, a comment reviewed by someone else, one back in review and one gone', async () => {
    const { ids } = await marked([{}, {}, { inReview: false, sentiment: 'MIXED' }]);
    expect(
      (await patch([{ id: ids[0], sentiment: { sentiment: 'NEGATIVE', inReview: false } }], otherAdmin.token)).status,
    ).toBe(200);
    const gone = '00000000-0000-4000-8000-000000000000';
    const res = await patch([
      { id: ids[0], sentiment: { sentiment: 'POSITIVE', inReview: false } },
      { id: ids[1], sentiment: { inReview: false } },
      { id: ids[1 + 1], sentiment: { inReview: false } },
      { id: gone, sentiment: { inReview: false } },
    ]);
    expect(res.body).toEqual({
      batchId: expect.any(String),
      updated: 1,
      conflicts: [
        { id: ids[0], reason: 'alreadyReviewed', sentiment: { sentiment: 'NEGATIVE', inReview: false } },
        { id: ids[2], reason: 'alreadyReviewed', sentiment: { sentiment: 'MIXED', inReview: false } },
        { id: gone, reason: 'notFound', sentiment: null },
      ],
    });
    expect((await stored([ids[0]]))[ids[0]]).toEqual({ sentiment: 'NEGATIVE', inReview: false });
    // Reopening one already in review is a conflict too.
    const reopen = await patch([
      { id: ids[0], sentiment: { inReview: true } },
      { id: ids[1], sentiment: { inReview: true } },
    ]);
    expect(reopen.body).toMatchObject({ updated: 2, conflicts: [] });
    const again = await patch([{ id: ids[0], sentiment: { inReview: true } }]);
    expect(again.body).toMatchObject({
      batchId: null,
      updated: 0,
      conflicts: [{ id: ids[0], reason: 'alreadyInReview' }],
    });
  });

  it('lets exactly one of two admins acting at once win each comment', async () => {
    const { ids } = await marked(Array.from({ length: 30 }, () => ({})));
    const [mine, theirs] = await Promise.all([
      patch(ids.map((id) => ({ id, sentiment: { sentiment: 'POSITIVE', inReview: false } }))),
      patch(
        ids.map((id) => ({ id, sentiment: { sentiment: 'NEGATIVE', inReview: false } })),
        otherAdmin.token,
      ),
    ]);
    const updated = mine.body.updated + theirs.body.updated;
    expect(updated).toBe(30);
    const conflicts = [...mine.body.conflicts, ...theirs.body.conflicts];
    expect(conflicts).toHaveLength(30);
  });

  it('takes 1,000 comments in one request, and refuses more, duplicates and a body past its limit', async () => {
    const { ids } = await marked(Array.from({ length: 1000 }, () => ({})));
    const entries = ids.map((id) => ({ id, sentiment: { inReview: false } }));
    const res = await patch(entries);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ updated: 1000, conflicts: [] });

    const tooMany = await patch([
      ...entries,
      { id: '00000000-0000-4000-8000-000000000001', sentiment: { inReview: false } },
    ]);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toHaveProperty('comments');
    const twice = await patch([entries[0], entries[0]]);
    expect(twice.status).toBe(422);
    const twiceInCapitals = await patch([entries[0], { ...entries[0], id: entries[0].id.toUpperCase() }]);
    expect(twiceInCapitals.status).toBe(422);
    expect(await patch([])).toMatchObject({ status: 422 });
    const huge = await h.call('PATCH', '/v1.0/comments', {
      token: admin.token,
      raw: JSON.stringify({ comments: entries, pad: 'x'.repeat(300 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
  });

  it('changes nothing when one entry fails mid-way (one transaction)', async () => {
    const { ids } = await marked([{}, {}]);
    // A proposal-less comment reopened is given one, so the table's check cannot fail it; make one
    // fail on purpose instead: a sentiment the database refuses, past the contract (straight to the query).
    const { reviewComments } = await import('./queries');
    await expect(
      reviewComments(
        h.db,
        [
          { id: ids[0], sentiment: 'POSITIVE', inReview: false },
          { id: ids[1], sentiment: 'HAPPY' as never, inReview: false },
        ],
        { adminId: admin.id, batchId: '00000000-0000-4000-8000-00000000000b', now: new Date() },
      ),
    ).rejects.toThrow();
    expect(await stored(ids)).toEqual({
      [ids[0]]: { sentiment: 'NEUTRAL', inReview: true },
      [ids[1]]: { sentiment: 'NEUTRAL', inReview: true },
    });
  });
});

describe('POST /v1.0/comments/reviews/:batchId/undo', () => {
  it('puts its own batch back in review as it was; another admin, and a second undo, get 404', async () => {
    const { ids } = await marked([{ sentiment: 'MIXED' }, {}]);
    const res = await patch(ids.map((id) => ({ id, sentiment: { sentiment: 'NEGATIVE', inReview: false } })));
    const batchId = res.body.batchId!;
    const undo = (token: string) => h.call(commentsContract.undoReview, { params: { batchId }, token });
    expect((await undo(otherAdmin.token)).status).toBe(404);
    const done = await undo(admin.token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ batchId, updated: 2, conflicts: [] });
    expect(await stored(ids)).toEqual({
      [ids[0]]: { sentiment: 'MIXED', inReview: true },
      [ids[1]]: { sentiment: 'NEUTRAL', inReview: true },
    });
    expect((await undo(admin.token)).status).toBe(404);
    expect((await h.call('POST', '/v1.0/comments/reviews/not-a-uuid/undo', { token: admin.token })).status).toBe(404);
  });
});

describe('POST /v1.0/comments/review-matching', () => {
  const matching = (body: RequestBody<typeof commentsContract.reviewMatchingComments>, token = admin.token) =>
    h.call(commentsContract.reviewMatchingComments, { token, body });

  it('accepts every comment in review matching the filter, beyond any page, and undoes as one batch', async () => {
    const { mark, ids } = await marked([
      ...Array.from({ length: 60 }, () => ({ proposedSentiment: 'MIXED' as const })),
      { inReview: false, sentiment: 'NEGATIVE' },
    ]);
    const res = await matching({ filter: { message: mark }, action: 'accept', expectedTotal: 60 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ updated: 60, conflicts: [] });
    expect((await list({ message: mark, inReview: 'false', sentiment: 'MIXED' })).body.meta?.total).toBe(60);
    expect((await stored([ids[60]]))[ids[60]]).toEqual({ sentiment: 'NEGATIVE', inReview: false });
    const batchId = res.body.batchId!;
    expect((await h.call(commentsContract.undoReview, { params: { batchId }, token: admin.token })).body).toMatchObject(
      {
        updated: 60,
      },
    );
    expect((await list({ message: mark, inReview: 'true' })).body.meta?.total).toBe(60);
  });

  it('changes nothing and answers 409 when more comments match than were confirmed', async () => {
    const { mark } = await marked([{}, {}, {}]);
    const res = await matching({ filter: { message: mark }, action: 'reject', expectedTotal: 2 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'More comments match these filters now (3) than the 2 you confirmed: nothing was changed. Confirm the new count.',
    );
    expect((await list({ message: mark, inReview: 'true' })).body.meta?.total).toBe(3);
  });

  it('sets a sentiment only with `set`, which needs one', async () => {
    const { mark } = await marked([{}]);
    expect((await matching({ filter: { message: mark }, action: 'set', expectedTotal: 1 })).body.errors).toHaveProperty(
      'sentiment',
    );
    expect(
      (await matching({ filter: { message: mark }, action: 'accept', sentiment: 'MIXED', expectedTotal: 1 })).status,
    ).toBe(422);
    const set = await matching({ filter: { message: mark }, action: 'set', sentiment: 'MIXED', expectedTotal: 1 });
    expect(set.body).toMatchObject({ updated: 1 });
  });
});
