import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as commentsContract from '../../contract/comments';
import * as notificationsContract from '../../contract/notifications';
import { rowsOf } from '../db/client';
import { NOTIFIED } from '../../contract/realtime';
import { comments } from '../db/schema';
import { memoryLogger } from '../log';
import type { Publisher } from '../realtime/publisher';
import { startHarness, type Harness } from '../test/harness';
import { ownerWithProject } from '../test/owners';
import { notifyNegativeComments } from './notify';
import { notifyReviewedNegatives, REVIEWED_TOLD_AFTER_SECONDS, TELL_REVIEWED_NEGATIVES } from './reviewed';

/**
 * A complaint the classifier missed (proposed Positive, so nobody was told as it arrived) and a
 * reviewer then labels Negative is told to the project's owner, once the offer to undo has gone
 * (docs/product.md#alerts, docs/decisions/110).
 */
let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await startHarness();
  admin = (await h.signedInUser({ role: 'admin' })).accessToken;
});
afterAll(() => h?.stop());

const deps = () => ({ db: h.db, log: memoryLogger().log, mailer: h.mailer, config: h.config, clock: h.clock.now });
const DAY_MS = 86_400_000;

const review = (entries: Array<{ id: string; sentiment: 'NEGATIVE' | 'POSITIVE' }>) =>
  h.call(commentsContract.bulkUpdateComments, {
    token: admin,
    body: { comments: entries.map(({ id, sentiment }) => ({ id, sentiment: { sentiment, inReview: false } })) },
  });

/** The telling jobs queued for `batchId`, with the seconds each waits. */
async function queuedFor(batchId: string) {
  return rowsOf<{ wait: number }>(
    await h.db.execute(sql`
      select extract(epoch from (start_after - created_on))::float as wait from pgboss.job
      where name = ${TELL_REVIEWED_NEGATIVES} and data->>'batchId' = ${batchId}`),
  );
}

const unreadOf = async (token: string) => (await h.call(notificationsContract.listNotifications, { token })).body;

describe('a comment a reviewer labels Negative', () => {
  it('is told to its owner once the undo offer has gone, unless old, done, or told already', async () => {
    const { owner, channel } = await ownerWithProject(h, 'Trattoria');
    const now = h.clock.now();
    const [missed, old, done, probable, praised] = await h.factories.comments(channel, [
      { message: 'Lovely place if you enjoy being ignored.', sentiment: 'UNCLASSIFIED', proposedSentiment: 'POSITIVE' },
      { message: 'Cold soup', sentiment: 'UNCLASSIFIED', publishedAt: new Date(now - 8 * DAY_MS) },
      { message: 'Waited an hour', sentiment: 'UNCLASSIFIED', doneAt: new Date(now) },
      { message: 'Rude staff', sentiment: 'UNCLASSIFIED', proposedSentiment: 'NEGATIVE' },
      { message: 'Great pasta', sentiment: 'UNCLASSIFIED' },
    ]);
    // The probable one was told as it arrived; the others were not candidates.
    expect(await notifyNegativeComments(deps(), [missed!.id, probable!.id, praised!.id])).toBe(1);
    expect((await unreadOf(owner.accessToken)).data[0]).toMatchObject({ commentId: probable!.id, probable: true });
    h.mailer.clear();

    const reviewed = await review([
      ...[missed, old, done, probable].map((row) => ({ id: row!.id, sentiment: 'NEGATIVE' as const })),
      { id: praised!.id, sentiment: 'POSITIVE' },
    ]);
    expect(reviewed.body.updated).toBe(5);
    const batchId = reviewed.body.batchId!;
    // Queued to run after the undo offer: the jobs due now do not include it.
    expect(await queuedFor(batchId)).toEqual([{ wait: REVIEWED_TOLD_AFTER_SECONDS }]);
    await h.runJobs();
    expect((await unreadOf(owner.accessToken)).unread).toBe(1);

    // Its time come, the job tells of the one recent, open, untold complaint: as a reviewer's label,
    // not as a comment that just arrived.
    expect(await notifyReviewedNegatives(deps(), batchId)).toBe(1);
    const listed = await unreadOf(owner.accessToken);
    expect(listed.unread).toBe(2);
    expect(listed.data[0]).toMatchObject({
      kind: 'negativeComment',
      commentId: missed!.id,
      probable: false,
      reviewed: true,
    });
    // The one told as probably negative as it arrived, confirmed by the same review: a guess no more.
    expect(listed.data[1]).toMatchObject({ commentId: probable!.id, probable: false, reviewed: false });
    const [mail] = h.mailer.list(owner.user.email);
    expect(mail!.subject).toBe('A reviewer labelled a comment negative');
    expect(mail!.text).toContain('A reviewer labelled this comment negative. Answer it from the inbox:');
    expect(mail!.text).toContain('Trattoria: 1 comment a reviewer labelled negative\n');
    expect(mail!.text).not.toContain('just commented');
    // Run again (a retry, another instance): told no more.
    expect(await notifyReviewedNegatives(deps(), batchId)).toBe(0);
  });

  it('has the bell of an owner told of it as probably negative read its list again, telling nothing new', async () => {
    const { owner, channel } = await ownerWithProject(h, 'Pizzeria');
    const other = await ownerWithProject(h, 'Gelateria');
    const [guessed] = await h.factories.comments(channel, [
      { message: 'Cold pizza, rude waiter', sentiment: 'UNCLASSIFIED', proposedSentiment: 'NEGATIVE' },
    ]);
    const [elsewhere] = await h.factories.comments(other.channel, [
      { message: 'Melted before I sat down', sentiment: 'UNCLASSIFIED', proposedSentiment: 'NEGATIVE' },
    ]);
    expect(await notifyNegativeComments(deps(), [guessed!.id, elsewhere!.id])).toBe(2);
    const published: Array<{ userId: string; event: string; payload: unknown }> = [];
    const recorder: Publisher = {
      async toUser(userId, event, payload) {
        published.push({ userId, event, payload });
      },
    };

    const batchId = (await review([{ id: guessed!.id, sentiment: 'NEGATIVE' }])).body.batchId!;
    expect(await notifyReviewedNegatives({ ...deps(), publisher: recorder }, batchId)).toBe(0);
    // Its owner only, with the unread count as it stands: no new notification.
    expect(published).toEqual([{ userId: owner.user._id, event: NOTIFIED, payload: { unread: 1 } }]);
    expect((await unreadOf(owner.accessToken)).data[0]).toMatchObject({ commentId: guessed!.id, probable: false });
  });

  it('tells nobody when the review is undone or reopened before its time', async () => {
    const { owner, channel } = await ownerWithProject(h, 'Osteria');
    const [first, second] = await h.factories.comments(channel, [
      { message: 'Never again', sentiment: 'UNCLASSIFIED' },
      { message: 'Bill was wrong', sentiment: 'UNCLASSIFIED' },
    ]);
    const undone = (await review([{ id: first!.id, sentiment: 'NEGATIVE' }])).body.batchId!;
    const undo = await h.call(commentsContract.undoReview, { params: { batchId: undone }, token: admin });
    expect(undo.body.updated).toBe(1);
    expect(await notifyReviewedNegatives(deps(), undone)).toBe(0);

    const reopened = (await review([{ id: second!.id, sentiment: 'NEGATIVE' }])).body.batchId!;
    const reopen = await h.call(commentsContract.bulkUpdateComments, {
      token: admin,
      body: { comments: [{ id: second!.id, sentiment: { inReview: true } }] },
    });
    expect(reopen.body).toMatchObject({ updated: 1, batchId: null });
    expect(await notifyReviewedNegatives(deps(), reopened)).toBe(0);
    expect((await unreadOf(owner.accessToken)).unread).toBe(0);
  });

  it('is told after "select all matching" too', async () => {
    const { owner, channel } = await ownerWithProject(h, 'Enoteca');
    const mark = `zq${Math.random().toString(36).slice(2, 8)}`;
    const rows = await h.factories.comments(channel, [
      { message: `${mark} vino caldo`, sentiment: 'UNCLASSIFIED' },
      { message: `${mark} tavolo sporco`, sentiment: 'UNCLASSIFIED' },
    ]);
    const matched = await h.call(commentsContract.reviewMatchingComments, {
      token: admin,
      body: { filter: { message: mark }, action: 'set', sentiment: 'NEGATIVE', expectedTotal: 2 },
    });
    expect(matched.body.updated).toBe(2);
    const batchId = matched.body.batchId!;
    expect(await queuedFor(batchId)).toHaveLength(1);
    expect(await notifyReviewedNegatives(deps(), batchId)).toBe(2);
    const listed = await unreadOf(owner.accessToken);
    expect(listed.data.map((row) => row.commentId).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(
      (await h.db.select({ sentiment: comments.sentiment }).from(comments).where(eq(comments.id, rows[0]!.id)))[0],
    ).toEqual({ sentiment: 'NEGATIVE' });
  });
});
