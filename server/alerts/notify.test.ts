import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as notificationsContract from '../../contract/notifications';
import { NOTIFIED } from '../../contract/realtime';
import { comments, projectChannels } from '../db/schema';
import type { Publisher } from '../realtime/publisher';
import { startHarness, type Harness } from '../test/harness';
import { projectFollowingSandboxPage, saySandboxComment } from '../test/sandbox';
import { notifyNegativeComments } from './notify';
import { memoryLogger } from '../log';

/**
 * Alerts (docs/product.md#alerts): a negative comment arriving on a project's channel is told to
 * the project's owner at once, in the app (live) and by mail; once, however often its event is seen.
 */
let h: Harness;
const told: Array<{ userId: string; unread: number }> = [];
const recorder = {
  toUser: async (userId: string, name: string, event: unknown) => {
    if (name === NOTIFIED) told.push({ userId, unread: (event as { unread: number }).unread });
  },
  toAdmins: async () => {},
} as unknown as Publisher;
beforeAll(async () => {
  // Every proposal applied, so the comment's sentiment is the classifier's own word for it.
  h = await startHarness({ publisher: recorder, env: { SENTIMENT_THRESHOLD: '0' } });
});
afterAll(() => h?.stop());

/** What the jobs give it, as the server wires them. */
const deps = () => ({ db: h.db, log: memoryLogger().log, publisher: recorder, mailer: h.mailer, config: h.config });

const MARCO = '100000000000002';
const BOTTEGA = '200000000000003';

describe('a negative comment', () => {
  it('arriving through Meta’s webhook is told to the project’s owner in the app and by mail, once', async () => {
    const { owner, page, project } = await projectFollowingSandboxPage(h, MARCO, BOTTEGA);
    h.mailer.clear();
    told.length = 0;
    const message = 'The worst service ever: rude staff, cold food, dirty tables. Terrible, never again.';
    await saySandboxComment(h, BOTTEGA, 'Hannah Müller', message);
    await h.runJobs();
    const [row] = await h.db
      .select()
      .from(comments)
      .where(and(eq(comments.channelId, page.id), eq(comments.message, message)));
    expect(row!.sentiment).toBe('NEGATIVE');

    const listed = await h.call(notificationsContract.listNotifications, { token: owner.accessToken });
    expect(listed.body.unread).toBe(1);
    expect(listed.body.data[0]).toMatchObject({
      kind: 'negativeComment',
      project: { id: project.id, name: 'Bottega' },
      commentId: row!.id,
      authorName: 'Hannah Müller',
      channelName: page.name,
      excerpt: message,
      readAt: null,
    });
    expect(told).toEqual([{ userId: owner.user._id, unread: 1 }]);
    const [mail] = h.mailer.list(owner.user.email);
    expect(mail!.subject).toBe('A negative comment arrived');
    expect(mail!.text).toContain('Bottega: 1 negative comment');
    expect(mail!.links).toEqual([
      `${h.config.appUrl.replace(/\/$/, '')}/inbox?projectId=${project.id}&sentiment=NEGATIVE`,
    ]);
    // The commenter's words and name stay out of our mail.
    expect(mail!.text).not.toContain('Hannah');
    expect(mail!.html).not.toContain('rude staff');

    // Seen again (a retried job, another instance): told no more.
    expect(await notifyNegativeComments(deps(), [row!.id])).toBe(0);
    expect(h.mailer.list(owner.user.email)).toHaveLength(1);
    expect((await h.call(notificationsContract.listNotifications, { token: owner.accessToken })).body.unread).toBe(1);

    // Read: by id, then all; another user's are left alone and never listed.
    const other = await h.signedInUser();
    expect((await h.call(notificationsContract.listNotifications, { token: other.accessToken })).body).toEqual({
      data: [],
      unread: 0,
    });
    const theirs = await h.call(notificationsContract.markNotificationsRead, {
      body: { ids: [listed.body.data[0]!.id] },
      token: other.accessToken,
    });
    expect(theirs.body).toEqual({ unread: 0 });
    expect((await h.call(notificationsContract.listNotifications, { token: owner.accessToken })).body.unread).toBe(1);
    const read = await h.call(notificationsContract.markNotificationsRead, { body: {}, token: owner.accessToken });
    expect(read.body).toEqual({ unread: 0 });
    const after = await h.call(notificationsContract.listNotifications, { token: owner.accessToken });
    expect(after.body.data[0]!.readAt).not.toBeNull();
  });

  it('is not told when it is not negative, nor for a reply or the channel’s own', async () => {
    const owner = await h.signedInUser();
    const me = { id: owner.user._id };
    const project = await h.factories.project(me);
    const channel = await h.factories.channel(me, { name: 'Bar' });
    await h.db.insert(projectChannels).values({ projectId: project.id, channelId: channel.id });
    const [positive, ownReply] = await h.factories.comments(channel, [
      { message: 'Lovely', sentiment: 'POSITIVE', inReview: false },
      { message: 'Sorry!', sentiment: 'NEGATIVE', inReview: false, fromChannel: true },
    ]);
    expect(await notifyNegativeComments(deps(), [positive!.id, ownReply!.id])).toBe(0);
    expect((await h.call(notificationsContract.listNotifications, { token: owner.accessToken })).body.unread).toBe(0);
  });

  it('answers 401 without a session and 422 for ids that are not ids', async () => {
    const { accessToken } = await h.signedInUser();
    expect((await h.call(notificationsContract.listNotifications, {})).status).toBe(401);
    const bad = await h.call('POST', '/v1.0/notifications/read', { json: { ids: ['nope'] }, token: accessToken });
    expect(bad.status).toBe(422);
  });
});
