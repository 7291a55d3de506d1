import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as notificationsContract from '../../contract/notifications';
import { NOTIFIED } from '../../contract/realtime';
import { comments, inboxFirst, projectChannels } from '../db/schema';
import type { Publisher } from '../realtime/publisher';
import { startHarness, type Harness } from '../test/harness';
import { projectFollowingSandboxPage, saySandboxComment } from '../test/sandbox';
import { ownerWithProject } from '../test/owners';
import { mailDigests, notifyNegativeComments } from './notify';
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
    // The page's history, fetched as it was connected, holds complaints too: they did not just
    // arrive, and tell nobody.
    expect(
      await h.db
        .select({ id: comments.id })
        .from(comments)
        .where(and(eq(comments.channelId, page.id), inboxFirst(comments))),
    ).not.toHaveLength(0);
    expect((await h.call(notificationsContract.listNotifications, { token: owner.accessToken })).body.unread).toBe(0);
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
      probable: false,
      readAt: null,
    });
    expect(told).toEqual([{ userId: owner.user._id, unread: 1 }]);
    const [mail] = h.mailer.list(owner.user.email);
    expect(mail!.subject).toBe('A negative comment arrived');
    expect(mail!.text).toContain('Bottega: 1 negative comment');
    // One comment: the link leads to it, as the bell's does.
    expect(mail!.links).toEqual([
      `${h.config.appUrl.replace(/\/$/, '')}/inbox?project=${project.id}&comment=${row!.id}`,
      `${h.config.appUrl.replace(/\/$/, '')}/user/alerts`,
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
    const toldBefore = told.length;
    const read = await h.call(notificationsContract.markNotificationsRead, { body: {}, token: owner.accessToken });
    expect(read.body).toEqual({ unread: 0 });
    // The owner's other tabs are told, so their bells follow.
    expect(told.slice(toldBefore)).toEqual([{ userId: owner.user._id, unread: 0 }]);
    const after = await h.call(notificationsContract.listNotifications, { token: owner.accessToken });
    expect(after.body.data[0]!.readAt).not.toBeNull();
  });

  it('is not told when it is not negative, nor for a reply, the channel’s own or one already done', async () => {
    const { owner, channel } = await ownerWithProject(h, 'Bar');
    const [positive, ownReply, done] = await h.factories.comments(channel, [
      { message: 'Lovely', sentiment: 'POSITIVE', inReview: false },
      { message: 'Sorry!', sentiment: 'NEGATIVE', inReview: false, fromChannel: true },
      // Marked done by an inbox rule as it arrived (a spam filter): nothing is left to do.
      { message: 'Awful, click here', sentiment: 'NEGATIVE', inReview: false, doneAt: new Date() },
    ]);
    expect(await notifyNegativeComments(deps(), [positive!.id, ownReply!.id, done!.id])).toBe(0);
    expect((await h.call(notificationsContract.listNotifications, { token: owner.accessToken })).body.unread).toBe(0);
  });

  it('waiting for a person with the proposal NEGATIVE is told as probably negative; another proposal is not told', async () => {
    const { owner, project, channel } = await ownerWithProject(h, 'Enoteca');
    h.mailer.clear();
    const [probably, praised, labelled] = await h.factories.comments(channel, [
      probablyNegative('Vino caldo e conto sbagliato'),
      { message: 'Che bel posto', sentiment: 'UNCLASSIFIED', inReview: true, proposedSentiment: 'POSITIVE' },
      negative('Rude staff'),
    ]);
    expect(await notifyNegativeComments(deps(), [probably!.id, praised!.id, labelled!.id])).toBe(2);
    const listed = (await h.call(notificationsContract.listNotifications, { token: owner.accessToken })).body.data;
    expect(
      listed
        .map(({ commentId, probable }) => ({ commentId, probable }))
        .sort((a, b) => Number(a.probable) - Number(b.probable)),
    ).toEqual([
      { commentId: labelled!.id, probable: false },
      { commentId: probably!.id, probable: true },
    ]);
    // Each said for what it is: the label, and the guess that waits for a person.
    const [mail] = h.mailer.list(owner.user.email);
    expect(mail!.subject).toBe('A negative comment arrived');
    expect(mail!.text).toContain('Enoteca: 1 negative comment\n');
    expect(mail!.text).toContain('Enoteca: 1 probably negative comment, waiting for a person to confirm');
    expect(mail!.links).toContain(
      `${h.config.appUrl.replace(/\/$/, '')}/inbox?project=${project.id}&comment=${labelled!.id}`,
    );
    expect(mail!.links).toContain(
      `${h.config.appUrl.replace(/\/$/, '')}/inbox?project=${project.id}&comment=${probably!.id}`,
    );

    // Guesses alone say so in the subject too.
    const more = await h.factories.comments(channel, [probablyNegative('Tavolo sporco'), probablyNegative('Lenti')]);
    expect(
      await notifyNegativeComments(
        deps(),
        more.map((row) => row.id),
      ),
    ).toBe(2);
    const [next] = h.mailer.list(owner.user.email);
    expect(next!.subject).toBe('2 probably negative comments arrived');
    expect(next!.text).toContain('Enoteca: 2 probably negative comments, waiting for a person to confirm');
  });

  it('arriving by the hundred is stored a part at a time, each once, and told to its owner in one message and one mail', async () => {
    const { owner, channel } = await ownerWithProject(h, 'Pizzeria');
    const rows = await h.factories.comments(
      channel,
      Array.from({ length: 120 }, (_, n) => negative(`Cold pizza ${n}`)),
    );
    const ids = rows.map((row) => row.id);
    told.length = 0;
    h.mailer.clear();
    expect(await notifyNegativeComments(deps(), ids)).toBe(120);
    // The 120 and the spike they make, in one message and one mail.
    expect(told).toEqual([{ userId: owner.user._id, unread: 121 }]);
    expect(h.mailer.list(owner.user.email)).toHaveLength(1);
    expect(h.mailer.list(owner.user.email)[0]!.text).toContain('Pizzeria: 120 negative comments');
    // Seen again (a retried job): nothing new.
    expect(await notifyNegativeComments(deps(), ids)).toBe(0);
    const listed = await h.call(notificationsContract.listNotifications, { token: owner.accessToken });
    expect(listed.body.unread).toBe(121);
  });

  it('answers 401 without a session and 422 for ids that are not ids', async () => {
    const { accessToken } = await h.signedInUser();
    expect((await h.call(notificationsContract.listNotifications, {})).status).toBe(401);
    const bad = await h.call('POST', '/v1.0/notifications/read', { json: { ids: ['nope'] }, token: accessToken });
    expect(bad.status).toBe(422);
  });
});

const negative = (message: string) => ({ message, sentiment: 'NEGATIVE' as const, inReview: false });
/** What the classifier proposes NEGATIVE without being sure enough to label it: it waits for a person. */
const probablyNegative = (message: string) => ({
  message,
  sentiment: 'UNCLASSIFIED' as const,
  inReview: true,
  proposedSentiment: 'NEGATIVE' as const,
});

describe('the alert settings', () => {
  it('mail at once by default, for every project; each project can say otherwise; another user’s project is not found', async () => {
    const { owner, project } = await ownerWithProject(h, 'Trattoria');
    const read = await h.call(notificationsContract.getAlertSettings, { token: owner.accessToken });
    expect(read.body).toEqual({ mail: 'now', projects: [{ id: project.id, name: 'Trattoria', mail: null }] });

    const changed = await h.call(notificationsContract.updateAlertSettings, {
      body: { mail: 'hourly', projects: [{ id: project.id, mail: 'never' }] },
      token: owner.accessToken,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ mail: 'hourly', projects: [{ id: project.id, name: 'Trattoria', mail: 'never' }] });

    // One project named twice (in either case) would say two ways: refused.
    const twice = await h.call(notificationsContract.updateAlertSettings, {
      body: {
        mail: 'now',
        projects: [
          { id: project.id, mail: 'never' },
          { id: project.id.toUpperCase(), mail: 'now' },
        ],
      },
      token: owner.accessToken,
    });
    expect(twice.status).toBe(422);

    // Another user's project: not found, and nothing of the caller's changed either.
    const other = await ownerWithProject(h, 'Not yours');
    const refused = await h.call(notificationsContract.updateAlertSettings, {
      body: { mail: 'never', projects: [{ id: other.project.id, mail: 'now' }] },
      token: owner.accessToken,
    });
    expect(refused.status).toBe(404);
    expect((await h.call(notificationsContract.getAlertSettings, { token: owner.accessToken })).body.mail).toBe(
      'hourly',
    );
    expect((await h.call(notificationsContract.getAlertSettings, { token: other.owner.accessToken })).body).toEqual({
      mail: 'now',
      projects: [{ id: other.project.id, name: 'Not yours', mail: null }],
    });
  });

  it('answers 401 without a session and 422 for a way that is not one', async () => {
    const { owner, project } = await ownerWithProject(h);
    expect((await h.call(notificationsContract.getAlertSettings, {})).status).toBe(401);
    for (const json of [
      { mail: 'weekly' },
      {},
      { mail: 'now', projects: [{ id: project.id, mail: 'sometimes' }] },
      { mail: 'now', projects: [{ id: 'nope', mail: 'now' }] },
      { mail: 'now', projects: 'all' },
    ]) {
      const bad = await h.call('PUT', '/v1.0/alert-settings', { json, token: owner.accessToken });
      expect(bad.status, JSON.stringify(json)).toBe(422);
    }
    // As many projects as the contract takes fit in a body (none of them this user's: 404); one
    // more is named.
    const most = Array.from({ length: notificationsContract.MAX_ALERT_PROJECTS }, () => ({
      id: randomUUID(),
      mail: 'hourly' as const,
    }));
    const largest = await h.call(notificationsContract.updateAlertSettings, {
      body: { mail: 'now', projects: most },
      token: owner.accessToken,
    });
    expect(largest.status).toBe(404);
    const tooMany = await h.call('PUT', '/v1.0/alert-settings', {
      json: { mail: 'now', projects: [...most, { id: randomUUID(), mail: 'now' }] },
      token: owner.accessToken,
    });
    expect(tooMany.status).toBe(422);
    expect(Object.keys((tooMany.body as { errors: object }).errors)).toEqual(['projects']);
  });

  it('as an hourly digest: no mail at once, then one mail for the hour, sent once', async () => {
    const { owner, project, channel } = await ownerWithProject(h, 'Pizzeria');
    await h.call(notificationsContract.updateAlertSettings, { body: { mail: 'hourly' }, token: owner.accessToken });
    h.mailer.clear();
    const [first, second] = await h.factories.comments(channel, [negative('Cold pizza'), negative('Rude waiter')]);
    expect(await notifyNegativeComments(deps(), [first!.id, second!.id])).toBe(2);
    expect(h.mailer.list(owner.user.email)).toHaveLength(0);
    expect((await h.call(notificationsContract.listNotifications, { token: owner.accessToken })).body.unread).toBe(2);

    // Two instances' digests at once: one mail.
    const [one, two] = await Promise.all([mailDigests(deps()), mailDigests(deps())]);
    expect(one + two).toBeGreaterThanOrEqual(1);
    expect(h.mailer.list(owner.user.email)).toHaveLength(1);
    const [digest] = h.mailer.list(owner.user.email);
    expect(digest!.subject).toBe('Your hourly alerts: 2 negative comments arrived');
    expect(digest!.text).toContain('Pizzeria: 2 negative comments');
    expect(digest!.links).toContain(`${h.config.appUrl.replace(/\/$/, '')}/inbox?project=${project.id}`);
    expect(digest!.links).toContain(`${h.config.appUrl.replace(/\/$/, '')}/user/alerts`);
    expect(digest!.text).not.toContain('Cold pizza');
    // The next hour has nothing to tell: no mail.
    await mailDigests(deps());
    expect(h.mailer.list(owner.user.email)).toHaveLength(1);
  });

  it('of a comment deleted since leads to its project’s inbox, from the bell and the digest', async () => {
    const { owner, project, channel } = await ownerWithProject(h, 'Panetteria');
    await h.call(notificationsContract.updateAlertSettings, { body: { mail: 'hourly' }, token: owner.accessToken });
    h.mailer.clear();
    const [gone] = await h.factories.comments(channel, [negative('Stale bread, rude staff')]);
    expect(await notifyNegativeComments(deps(), [gone!.id])).toBe(1);
    const list = () => h.call(notificationsContract.listNotifications, { token: owner.accessToken });
    expect((await list()).body.data[0]!.commentId).toBe(gone!.id);

    // Deleted at its network (or with its channel) before anyone opened it or the hour's mail went.
    await h.db.delete(comments).where(eq(comments.id, gone!.id));
    expect((await list()).body.data[0]).toMatchObject({ kind: 'negativeComment', commentId: null });
    await mailDigests(deps());
    const [digest] = h.mailer.list(owner.user.email);
    const base = h.config.appUrl.replace(/\/$/, '');
    expect(digest!.links).toContain(`${base}/inbox?project=${project.id}`);
    expect(digest!.links.filter((link) => link.includes('comment='))).toEqual([]);
  });

  it('never: the bell only; and a project’s own way wins over the one for every project', async () => {
    const { owner, project, channel } = await ownerWithProject(h, 'Gelateria');
    const quiet = await h.factories.project({ id: owner.user._id }, { name: 'Quiet' });
    const quietChannel = await h.factories.channel({ id: owner.user._id }, { name: 'Quiet page' });
    await h.db.insert(projectChannels).values({ projectId: quiet.id, channelId: quietChannel.id });
    await h.call(notificationsContract.updateAlertSettings, {
      body: { mail: 'never', projects: [{ id: project.id, mail: 'now' }] },
      token: owner.accessToken,
    });
    h.mailer.clear();
    const [loud] = await h.factories.comments(channel, [negative('Melted and sour')]);
    const [hushed] = await h.factories.comments(quietChannel, [negative('Closed again')]);
    expect(await notifyNegativeComments(deps(), [loud!.id, hushed!.id])).toBe(2);
    const mails = h.mailer.list(owner.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Gelateria: 1 negative comment');
    expect(mails[0]!.text).not.toContain('Quiet');
    await mailDigests(deps());
    expect(h.mailer.list(owner.user.email)).toHaveLength(1);
    expect((await h.call(notificationsContract.listNotifications, { token: owner.accessToken })).body.unread).toBe(2);
  });
});

describe('a spike of negative comments', () => {
  it('is told once in the hour when the last hour holds at least 5 and 3 times the usual', async () => {
    const { owner, project, channel } = await ownerWithProject(h, 'Caffè');
    const now = Date.now();
    // The usual: 56 negatives over the 7 days before (a third an hour); now 5 in the last hour.
    await h.factories.comments(
      channel,
      Array.from({ length: 56 }, (_, n) => ({
        ...negative(`Old ${n}`),
        publishedAt: new Date(now - 2 * 3600_000 - n * 3 * 3600_000),
      })),
    );
    const four = await h.factories.comments(
      channel,
      Array.from({ length: 4 }, (_, n) => negative(`Bad ${n}`)),
      now,
    );
    h.mailer.clear();
    await notifyNegativeComments(
      deps(),
      four.map((row) => row.id),
    );
    const kinds = async () =>
      (await h.call(notificationsContract.listNotifications, { token: owner.accessToken })).body.data.map(
        (each) => each.kind,
      );
    expect(await kinds()).not.toContain('spike');

    // The fifth is only probably negative: it counts as the others do.
    const [fifth] = await h.factories.comments(channel, [probablyNegative('Bad 5')], now);
    await notifyNegativeComments(deps(), [fifth!.id]);
    const listed = (await h.call(notificationsContract.listNotifications, { token: owner.accessToken })).body.data;
    const spike = listed.find((each) => each.kind === 'spike');
    expect(spike).toMatchObject({ project: { id: project.id, name: 'Caffè' }, negativeCount: 5, commentId: null });
    // The newest mail first: the fifth's, with the spike.
    const [mail] = h.mailer.list(owner.user.email);
    expect(mail!.text).toContain('Caffè: 1 probably negative comment, waiting for a person to confirm\n');
    expect(mail!.subject).toBe('Unusually many negative comments');
    expect(mail!.text).toContain(
      'Caffè: 5 negative or probably negative comments in the last hour, well above its usual level',
    );
    // The spike leads to the project's comments, the fifth to itself.
    expect(mail!.links).toContain(`${h.config.appUrl.replace(/\/$/, '')}/inbox?project=${project.id}`);
    expect(mail!.links).toContain(
      `${h.config.appUrl.replace(/\/$/, '')}/inbox?project=${project.id}&comment=${fifth!.id}`,
    );

    // A sixth in the same hour: its own alert, no second spike.
    const [sixth] = await h.factories.comments(channel, [negative('Bad 6')], now);
    await notifyNegativeComments(deps(), [sixth!.id]);
    expect((await kinds()).filter((kind) => kind === 'spike')).toHaveLength(1);
  });

  it('is not told where 5 in an hour is the project’s usual level', async () => {
    const { owner, channel } = await ownerWithProject(h, 'Busy bar');
    const now = Date.now();
    // 3 an hour, every hour of the 7 days before: 9 an hour would be needed.
    await h.factories.comments(
      channel,
      Array.from({ length: 7 * 24 * 3 }, (_, n) => ({
        ...negative(`Usual ${n}`),
        publishedAt: new Date(now - 3600_000 - 1000 - n * 20 * 60_000),
      })),
    );
    const rows = await h.factories.comments(
      channel,
      Array.from({ length: 6 }, (_, n) => negative(`Now ${n}`)),
      now,
    );
    await notifyNegativeComments(
      deps(),
      rows.map((row) => row.id),
    );
    const listed = (await h.call(notificationsContract.listNotifications, { token: owner.accessToken })).body.data;
    expect(listed.some((each) => each.kind === 'spike')).toBe(false);
  });
});
