import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as commentsContract from '../../contract/comments';
import * as inboxRules from '../../contract/inbox-rules';
import * as notificationsContract from '../../contract/notifications';
import { MAX_INBOX_RULES } from '../../contract/inbox-rules';
import { comments, inboxRules as inboxRulesTable, projectChannels } from '../db/schema';
import { SANDBOX_COMMENT_PAGE } from '../integrations/sandbox/comment-page';
import { startHarness, type Harness } from '../test/harness';
import { memoryLogger } from '../log';
import { notifyRuleMatches } from '../alerts/notify';
import { applyInboxRules } from './rules';
import { createEncryption } from '../security/encryption';
import type { ProviderAdapter } from '../integrations/adapters';
import { createCommentJudge } from '../sentiment/judge';
import type { Publisher } from '../realtime/publisher';
import { COMMENTS_CHANGED } from '../../contract/realtime';
import { projectFollowingSandboxPage, saySandboxComment } from '../test/sandbox';

/**
 * Inbox rules (docs/product.md#inbox-rules): a project's own, tried on past comments before they
 * are saved, and applied to the comments that arrive on its channels by the ingestion job.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

const MARCO = '100000000000002';
const BOTTEGA = '200000000000003';

async function projectWithChannel() {
  const owner = await h.signedInUser();
  const me = { id: owner.user._id };
  const project = await h.factories.project(me);
  const channel = await h.factories.channel(me, { name: 'Bar' });
  await h.db.insert(projectChannels).values({ projectId: project.id, channelId: channel.id });
  return { owner, project, channel, token: owner.accessToken };
}

const spamRule = { name: 'Spam links', words: 'spam.example, cheap followers', actions: ['hide', 'markDone'] } as const;

describe('inbox rules', () => {
  it('are made, listed in order, changed and deleted by the project’s owner only', async () => {
    const { project, token } = await projectWithChannel();
    const params = { projectId: project.id };
    const made = await h.call(inboxRules.createInboxRule, {
      params,
      body: { ...spamRule, actions: [...spamRule.actions] },
      token,
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: 'Spam links',
      words: ['spam.example', 'cheap followers'],
      sentiment: null,
      network: null,
      actions: ['hide', 'markDone'],
    });
    await h.call(inboxRules.createInboxRule, {
      params,
      body: { name: 'Unhappy on Instagram', sentiment: 'NEGATIVE', network: 'instagram', actions: ['bookmark'] },
      token,
    });
    const listed = await h.call(inboxRules.listInboxRules, { params, token });
    expect(listed.body.data.map((rule) => rule.name)).toEqual(['Spam links', 'Unhappy on Instagram']);

    const changed = await h.call(inboxRules.updateInboxRule, {
      params: { ...params, ruleId: made.body.id },
      body: { name: 'Spam', words: 'spam.example', actions: ['bookmark', 'bookmark'] },
      token,
    });
    expect(changed.body).toMatchObject({ name: 'Spam', words: ['spam.example'], actions: ['bookmark'] });

    const other = await h.signedInUser();
    const theirs = { token: other.accessToken };
    expect((await h.call(inboxRules.listInboxRules, { params, ...theirs })).status).toBe(404);
    expect(
      (await h.call(inboxRules.createInboxRule, { params, body: { ...spamRule, actions: ['hide'] }, ...theirs }))
        .status,
    ).toBe(404);
    expect(
      (await h.call(inboxRules.deleteInboxRule, { params: { ...params, ruleId: made.body.id }, ...theirs })).status,
    ).toBe(404);
    // Their own project does not reach this one's rule either.
    const own = await h.factories.project({ id: other.user._id });
    expect(
      (await h.call(inboxRules.deleteInboxRule, { params: { projectId: own.id, ruleId: made.body.id }, ...theirs }))
        .status,
    ).toBe(404);

    expect(
      (await h.call(inboxRules.deleteInboxRule, { params: { ...params, ruleId: made.body.id }, token })).status,
    ).toBe(204);
    expect((await h.call(inboxRules.listInboxRules, { params, token })).body.data).toHaveLength(1);
  });

  it('refuse a rule that looks for nothing or does nothing, and malformed input, by field', async () => {
    const { project, token } = await projectWithChannel();
    const post = (json: unknown) => h.call('POST', `/v1.0/projects/${project.id}/rules`, { json, token });
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [
        { name: '', actions: [] },
        { name: ['The name field is required.'], actions: ['A rule does something: choose at least one action.'] },
      ],
      [
        { name: 'Nothing', actions: ['hide'] },
        { words: ['A rule looks for something: give words, a sentiment or a network.'] },
      ],
      [
        { name: 'Bad', words: 'a, ok', sentiment: 'ANGRY', network: 'myspace', actions: ['explode'] },
        {
          words: ['Each word or phrase of the words field must be 2 to 100 characters, separated by commas.'],
          sentiment: ['The selected sentiment is invalid.'],
          network: ['The selected network is invalid.'],
          'actions.0': ['The selected actions is invalid.'],
        },
      ],
      [
        { name: 'Many', words: Array.from({ length: 21 }, (_, i) => `word${i}`).join(','), actions: ['hide'] },
        { words: ['The words field holds at most 20 words or phrases.'] },
      ],
    ];
    for (const [sent, errors] of cases) {
      const res = await post(sent);
      expect(res.status, JSON.stringify(sent)).toBe(422);
      expect(res.body.errors, JSON.stringify(sent)).toEqual(errors);
    }
  });

  it(`keep at most ${MAX_INBOX_RULES} a project`, async () => {
    const { project, token } = await projectWithChannel();
    await h.db.insert(inboxRulesTable).values(
      Array.from({ length: MAX_INBOX_RULES }, (_, i) => ({
        projectId: project.id,
        name: `Rule ${i}`,
        words: ['spam'],
        actions: ['hide'],
      })),
    );
    const more = await h.call(inboxRules.createInboxRule, {
      params: { projectId: project.id },
      body: { name: 'One more', words: 'spam', actions: ['hide'] },
      token,
    });
    expect(more.status).toBe(409);
  });

  it('are tried on the project’s latest comments before saving: how many would have matched, changing nothing', async () => {
    const { project, channel, token } = await projectWithChannel();
    await h.factories.comments(channel, [
      { message: 'Cheap FOLLOWERS at spam.example' },
      { message: 'Great coffee' },
      { message: 'Visit spam.example now', sentiment: 'NEGATIVE', inReview: false },
      { message: '100% real, 50_% off' },
    ]);
    const preview = (body: inboxRules.InboxRuleBody) =>
      h.call(inboxRules.previewInboxRule, { params: { projectId: project.id }, body, token });
    const spam = await preview({ ...spamRule, actions: ['hide'] });
    expect(spam.body).toMatchObject({ matched: 2, of: 4 });
    expect(spam.body.examples.map((each) => each.message)).toEqual([
      'Cheap FOLLOWERS at spam.example',
      'Visit spam.example now',
    ]);
    // Words are literal: % and _ are characters, not patterns.
    expect((await preview({ name: 'Percent', words: '0_%', actions: ['hide'] })).body.matched).toBe(1);
    expect((await preview({ name: 'Negative', sentiment: 'NEGATIVE', actions: ['bookmark'] })).body.matched).toBe(1);
    expect((await preview({ name: 'Instagram', network: 'instagram', actions: ['bookmark'] })).body.matched).toBe(0);
    const unchanged = await h.db.select().from(comments).where(eq(comments.channelId, channel.id));
    expect(unchanged.every((row) => row.ruleName === null && !row.isHidden)).toBe(true);
  });

  it('act on a comment as it arrives through Meta’s webhook: hidden on the network, done, and said on the comment', async () => {
    const { owner, project } = await projectFollowingSandboxPage(h, MARCO, BOTTEGA);
    await h.call(inboxRules.createInboxRule, {
      params: { projectId: project.id },
      body: { ...spamRule, actions: ['hide', 'markDone'] },
      token: owner.accessToken,
    });
    const say = (message: string) => saySandboxComment(h, BOTTEGA, 'Tom Walker', message);
    await say('Get cheap followers at SPAM.example');
    await say('Lovely focaccia today');
    await say('More cheap followers here');
    await h.runJobs();
    const listed = await h.call(commentsContract.listProjectComments, {
      params: { projectId: project.id },
      token: owner.accessToken,
    });
    const spam = listed.body.data.find((each) => each.message === 'Get cheap followers at SPAM.example')!;
    expect(spam).toMatchObject({ isHidden: true, rule: { name: 'Spam links', actions: ['markDone', 'hide'] } });
    const [row] = await h.db.select().from(comments).where(eq(comments.id, spam.id));
    expect(row!.doneAt).not.toBeNull();
    const more = listed.body.data.find((each) => each.message === 'More cheap followers here')!;
    expect(more).toMatchObject({ isHidden: true, rule: { name: 'Spam links', actions: ['markDone', 'hide'] } });
    const page2 = (await h.call('GET', `${SANDBOX_COMMENT_PAGE}?channel=${BOTTEGA}`)).text.replace(/\s+/g, ' ');
    expect(page2.match(/\(hidden by the page\)/g)).toHaveLength(2);
    const lovely = listed.body.data.find((each) => each.message === 'Lovely focaccia today')!;
    expect(lovely).toMatchObject({ isHidden: false, rule: null });
  });

  it('mark each comment hidden as soon as the network hid it, so its webhook, taken in meanwhile, finds it done', async () => {
    // A page no other test's rule hides on.
    const { owner, page, project } = await projectFollowingSandboxPage(h, '100000000000004', '200000000000005');
    const said = [
      'Cheap followers at spam.example/1',
      'Cheap followers at spam.example/2',
      'Cheap followers at spam.example/3',
    ];
    for (const message of said) await saySandboxComment(h, '200000000000005', 'Tom Walker', message);
    await h.runJobs();
    await h.call(inboxRules.createInboxRule, {
      params: { projectId: project.id },
      body: { ...spamRule, actions: ['hide'] },
      token: owner.accessToken,
    });
    const arrived = (await h.db.select().from(comments).where(eq(comments.channelId, page.id))).filter((row) =>
      said.includes(row.message),
    );
    expect(arrived).toHaveLength(3);
    // The network, at each call, as its webhook would find the comments hidden before it.
    const hiddenBefore: string[][] = [];
    const hiddenNow = async () =>
      (await h.db.select().from(comments).where(eq(comments.channelId, page.id)))
        .filter((row) => row.isHidden)
        .map((row) => row.externalId)
        .sort();
    const network = {
      hide: async (_kind: unknown, _token: string, externalId: string) => {
        hiddenBefore.push(await hiddenNow());
        expect(arrived.map((row) => row.externalId)).toContain(externalId);
      },
    };
    const log = memoryLogger().log;
    // What the owners were told (CommentsChanged), as a publisher would send it.
    const told: Array<{ userId: string; channelId: string }> = [];
    // What a list read again as it is told would show of what the rule did.
    const saidWhenTold: string[][] = [];
    const publisher = {
      toUser: async (userId: string, name: string, event: unknown) => {
        if (name !== COMMENTS_CHANGED) return;
        told.push({ userId, channelId: (event as { channelId: string }).channelId });
        const rows = await h.db.select().from(comments).where(eq(comments.channelId, page.id));
        saidWhenTold.push(...rows.filter((row) => said.includes(row.message)).map((row) => row.ruleActions ?? []));
      },
    } as unknown as Publisher;
    await applyInboxRules(
      {
        db: h.db,
        log,
        clock: h.clock.now,
        judge: createCommentJudge({ threshold: h.config.sentimentThreshold }),
        config: h.config,
        mailer: h.mailer,
        publisher,
        encryption: createEncryption(h.config.tokenEncryptionKey),
        // Only its hide is called: the rest of the adapter is not needed here.
        adapters: { facebook: network as Pick<ProviderAdapter, 'hide'> as ProviderAdapter },
      },
      arrived.map((row) => row.id),
    );
    // Each call found the ones before it already hidden here.
    expect(hiddenBefore.map((hidden) => hidden.length)).toEqual([0, 1, 2]);
    expect(await hiddenNow()).toHaveLength(3);
    // The owner is told once for the channel, not once for each comment hidden.
    expect(told).toEqual([{ userId: owner.user._id, channelId: page.id }]);
    // Told once each comment says it was hidden by the rule, not before.
    expect(saidWhenTold).toEqual([['hide'], ['hide'], ['hide']]);
  });

  it('with "alert", tell the project’s owner of the comment, once, in the bell and by mail', async () => {
    const { owner, project } = await projectFollowingSandboxPage(h, '100000000000004', '200000000000005');
    await h.call(inboxRules.createInboxRule, {
      params: { projectId: project.id },
      body: { name: 'Allergies', words: 'gluten, allergy', actions: ['alert', 'bookmark'] },
      token: owner.accessToken,
    });
    h.mailer.clear();
    await saySandboxComment(h, '200000000000005', 'Tom Walker', 'Is the focaccia gluten free?');
    await h.runJobs();
    const told = await h.call(notificationsContract.listNotifications, { token: owner.accessToken });
    expect(told.body.data).toHaveLength(1);
    expect(told.body.data[0]).toMatchObject({
      kind: 'ruleMatched',
      ruleName: 'Allergies',
      project: { id: project.id },
      authorName: 'Tom Walker',
      excerpt: 'Is the focaccia gluten free?',
    });
    const [mail] = h.mailer.list(owner.user.email);
    expect(mail!.subject).toBe('An inbox rule has something for you');
    expect(mail!.text).toContain('the rule “Allergies” matched 1 comment');
    expect(mail!.text).not.toContain('focaccia');
    // The comment says what the rule did.
    const listed = await h.call(commentsContract.listProjectComments, {
      params: { projectId: project.id },
      token: owner.accessToken,
    });
    const asked = listed.body.data.find((each) => each.message === 'Is the focaccia gluten free?')!;
    expect(asked).toMatchObject({ isBookmarked: true, rule: { name: 'Allergies' } });
    expect(asked.rule!.actions).toEqual(expect.arrayContaining(['alert', 'bookmark']));
    // Applied again (a retried job, another instance): told no more.
    expect(
      await notifyRuleMatches({ db: h.db, log: memoryLogger().log, mailer: h.mailer, config: h.config }, [
        { commentId: asked.id, projectId: project.id, ruleName: 'Allergies' },
      ]),
    ).toBe(0);
    expect(h.mailer.list(owner.user.email)).toHaveLength(1);
    expect(
      (await h.call(notificationsContract.listNotifications, { token: owner.accessToken })).body.data,
    ).toHaveLength(1);
  });
});
