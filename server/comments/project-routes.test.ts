import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as integrations from '../../contract/integrations';
import * as commentsContract from '../../contract/comments';
import type { ProjectComment } from '../../contract/comments';
import type { OperationInput } from '../../contract/operation';
import * as projects from '../../contract/projects';
import * as reports from '../../contract/reports';
import { SENTIMENTS } from '../../contract/fields';
import * as sandboxProviders from '../../contract/sandbox/providers';
import { projectChannels } from '../db/schema';
import { SANDBOX_FACEBOOK_PEOPLE } from '../integrations/sandbox/facebook';
import { startHarness, type Harness } from '../test/harness';
import { connectSandboxFacebook } from '../test/sandbox';

/**
 * A project's comments for its owner (docs/product.md#a-projects-comments): the list, its filters
 * and replies, the marks, the summary.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

async function projectWithComments(ownerFields: Parameters<Harness['signedInUser']>[0] = {}) {
  const owner = await h.signedInUser(ownerFields);
  const project = await h.factories.project({ id: owner.user._id }, { name: 'Café' });
  const page = await h.factories.channel({ id: owner.user._id }, { name: 'Café page' });
  const instagram = await h.factories.channel({ id: owner.user._id }, { kind: 'instagram-account', name: '@cafe' });
  const elsewhere = await h.factories.channel({ id: owner.user._id }, { name: 'Not followed' });
  await h.db.insert(projectChannels).values([
    { projectId: project.id, channelId: page.id },
    { projectId: project.id, channelId: instagram.id },
  ]);
  const now = h.clock.now();
  const [great, awful, meh] = await h.factories.comments(
    page,
    [
      { message: 'Great espresso', sentiment: 'POSITIVE', inReview: false, proposedSentiment: null },
      { message: 'Awful wait', sentiment: 'NEGATIVE', inReview: false, proposedSentiment: null, channelReplyCount: 1 },
      { message: 'It was fine', sentiment: 'NEUTRAL', inReview: false, proposedSentiment: null },
    ],
    now,
  );
  const [reply, ownReply] = await h.factories.comments(
    page,
    [
      { message: 'Agreed!', parentId: great!.id, sentiment: 'POSITIVE', inReview: false, proposedSentiment: null },
      {
        message: 'Sorry, we are on it',
        parentId: awful!.id,
        fromChannel: true,
        sentiment: 'NEUTRAL',
        inReview: false,
        proposedSentiment: null,
      },
    ],
    now + 60_000,
  );
  const [story] = await h.factories.comments(
    instagram,
    [{ message: 'Lovely cups', sentiment: 'POSITIVE' }],
    now - 3_600_000,
  );
  await h.factories.comments(elsewhere, [{ message: 'Not this project' }], now);
  return {
    owner,
    project,
    page,
    instagram,
    great: great!,
    awful: awful!,
    meh: meh!,
    reply: reply!,
    ownReply: ownReply!,
    story: story!,
  };
}

type CommentsQuery = OperationInput<typeof commentsContract.listProjectComments>['query'];

const list = (token: string, projectId: string, query: CommentsQuery = {}) =>
  h.call(commentsContract.listProjectComments, { params: { projectId }, query, token });

describe("a project's comments", () => {
  it('lists the top-level comments on its channels, newest first, each with its replies under it', async () => {
    const { owner, project, great, awful, meh, story, reply, ownReply } = await projectWithComments();
    const answer = await list(owner.accessToken, project.id);
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.map((comment) => comment.id)).toEqual([great.id, awful.id, meh.id, story.id]);
    expect(answer.body.meta).toMatchObject({ total: 4 });
    expect(data[0]!.replies.map((each) => each.id)).toEqual([reply.id]);
    expect(data[1]!.replies).toMatchObject([{ id: ownReply.id, fromChannel: true, parentId: awful.id }]);
    expect(data[3]!.channel).toMatchObject({ kind: 'instagram-account', name: '@cafe' });
  });

  it('filters by channel, sentiment, bookmarked, hidden and replied', async () => {
    const { owner, project, instagram, awful, great, story } = await projectWithComments();
    const ids = async (query: CommentsQuery) => {
      const answer = await list(owner.accessToken, project.id, query);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data.map((comment) => comment.id);
    };
    expect(await ids({ channelId: instagram.id })).toEqual([story.id]);
    expect(await ids({ sentiment: 'NEGATIVE' })).toEqual([awful.id]);
    expect(await ids({ repliedByYou: 'true' })).toEqual([awful.id]);
    const mark = (commentId: string, body: { isBookmarked?: boolean; isHidden?: boolean }) =>
      h.call(commentsContract.updateProjectComment, {
        params: { projectId: project.id, commentId },
        body,
        token: owner.accessToken,
      });
    const marked = await mark(great.id, { isBookmarked: true });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: great.id, isBookmarked: true, isHidden: false });
    await mark(story.id, { isHidden: true });
    expect(await ids({ isBookmarked: 'true' })).toEqual([great.id]);
    expect(await ids({ isHidden: 'true' })).toEqual([story.id]);
    expect((await ids({ isHidden: 'false' })).includes(story.id)).toBe(false);
    // Pages continue after a cursor.
    const first = await list(owner.accessToken, project.id);
    const last = first.body.data[1]!;
    expect((await ids({ after: `${last.publishedAt}_${last.id}` })).length).toBe(2);
  });

  it('answers 422 for malformed filters and marks, never 500', async () => {
    const { owner, project, great } = await projectWithComments();
    for (const query of [
      '?sentiment=HAPPY',
      '?isHidden=yes',
      '?after=<script>',
      '?channelId=1',
      '?pageNumber=0',
      '?pageNumber=201',
      `?after=2030-02-30T00:00:00Z_${'0'.repeat(36)}`,
      `?after=2030-01-01T00:00:00Z_${'-'.repeat(36)}`,
    ]) {
      const answer = await h.call('GET', `/v1.0/projects/${project.id}/comments${query}`, { token: owner.accessToken });
      expect(answer.status, query).toBe(422);
    }
    for (const json of [{}, { isBookmarked: 'yes' }, { isHidden: null }, []]) {
      const answer = await h.call('PATCH', `/v1.0/projects/${project.id}/comments/${great.id}`, {
        token: owner.accessToken,
        json,
      });
      expect(answer.status, JSON.stringify(json)).toBe(422);
    }
  });

  it("does not show or mark another project's comments, nor another user's", async () => {
    const { owner, project, great } = await projectWithComments();
    const other = await projectWithComments();
    // Another user's project, and a comment of another project of someone else.
    expect((await list(owner.accessToken, other.project.id)).status).toBe(404);
    const foreign = await h.call(commentsContract.updateProjectComment, {
      params: { projectId: project.id, commentId: other.great.id },
      token: owner.accessToken,
      body: { isBookmarked: true },
    });
    expect(foreign.status).toBe(404);
    // A comment on a channel the project does not follow.
    const unfollowed = await h.factories.project({ id: owner.user._id }, { name: 'Empty' });
    const notHere = await h.call(commentsContract.updateProjectComment, {
      params: { projectId: unfollowed.id, commentId: great.id },
      token: owner.accessToken,
      body: { isBookmarked: true },
    });
    expect(notHere.status).toBe(404);
    expect((await list(owner.accessToken, unfollowed.id)).body.data).toEqual([]);
  });

  it('sums the comments by sentiment a day at a time, replies not counted', async () => {
    const { owner, project } = await projectWithComments();
    const summary = (query: OperationInput<typeof commentsContract.projectSentimentSummary>['query']) =>
      h.call(commentsContract.projectSentimentSummary, {
        params: { projectId: project.id },
        query,
        token: owner.accessToken,
      });
    const answer = await summary({ days: '7' });
    expect(answer.status).toBe(200);
    const { days } = answer.body;
    expect(days).toHaveLength(7);
    expect(days[6]!.date).toBe(new Date(h.clock.now()).toISOString().slice(0, 10));
    const total = (sentiment: keyof (typeof days)[number]['counts']) =>
      days.reduce((sum, day) => sum + day.counts[sentiment], 0);
    // Around midnight the instagram comment an hour earlier may fall on the day before: still inside
    // 7 days. "Agreed!", a positive reply, is not counted (docs/decisions/052-one-count-of-a-projects-comments.md).
    expect(total('POSITIVE')).toBe(2);
    expect(total('NEGATIVE')).toBe(1);
    expect(total('NEUTRAL')).toBe(1);
    expect(
      (await h.call('GET', `/v1.0/projects/${project.id}/sentiment-summary?days=5`, { token: owner.accessToken }))
        .status,
    ).toBe(422);
    expect((await summary({})).body).toMatchObject({ days: expect.any(Array) });
  });
});

describe("a project's comments counted one way", () => {
  it('the project, its list, its chart and its public report say the same numbers, replies not counted', async () => {
    // Public report links come with Starter and up (PLAN_INCLUDES).
    const { owner, project, instagram } = await projectWithComments({ plan: 'starter' });
    const token = owner.accessToken;
    const sum = (counts: Record<string, number>) => Object.values(counts).reduce((all, n) => all + n, 0);
    const [card] = (await h.call(projects.listProjects, { token })).body.data;
    const listed = await list(token, project.id);
    const chart = await h.call(commentsContract.projectSentimentSummary, {
      params: { projectId: project.id },
      query: { days: '7' },
      token,
    });
    const charted = SENTIMENTS.map((sentiment) => chart.body.days.reduce((all, day) => all + day.counts[sentiment], 0));
    const link = await h.call(reports.createReportLink, { params: { projectId: project.id }, token });
    expect(link.status).toBe(201);
    const report = await h.call(reports.showPublicReport, {
      params: { token: link.body.reportLink.token },
      query: { days: '7' },
    });
    expect(report.status).toBe(200);

    // Great espresso, Awful wait, It was fine and Lovely cups; not the replies under them.
    expect(card!.commentCounts).toEqual({ POSITIVE: 2, MIXED: 0, NEGATIVE: 1, NEUTRAL: 1, UNCLASSIFIED: 0 });
    expect(listed.body.meta.total).toBe(4);
    expect(listed.body.data).toHaveLength(4);
    expect(sum(card!.commentCounts)).toBe(listed.body.meta.total);
    expect(charted).toEqual(SENTIMENTS.map((sentiment) => card!.commentCounts[sentiment]));
    expect(report.body.report.totals).toEqual(card!.commentCounts);

    // A channel's list and what it counts are one figure too.
    const ofChannel = await list(token, project.id, { channelId: instagram.id });
    expect(ofChannel.body.meta.total).toBe(ofChannel.body.data.length);
  });
});

describe('replying to a comment through the provider', () => {
  /** A user whose Facebook account (the sandbox's Giulia Rossi) brought pages with their comments. */
  async function connected() {
    const owner = await h.signedInUser();
    const stored = await connectSandboxFacebook(h, owner.accessToken, SANDBOX_FACEBOOK_PEOPLE[0]!.id);
    expect(stored.status).toBe(200);
    await h.runJobs();
    const project = await h.factories.project({ id: owner.user._id }, { name: 'Bar' });
    const listed = await h.call(projects.listChannels, { token: owner.accessToken });
    const page = listed.body.data.find(
      (channel) => channel.type === 'facebook-page' && channel.name === 'Espresso Bar Milano',
    )!;
    await h.call(projects.attachChannel, {
      params: { id: project.id },
      body: { channelId: page._id },
      token: owner.accessToken,
    });
    const comments = (await list(owner.accessToken, project.id)).body.data;
    return { owner, project, page, comments };
  }

  it('brings the channel’s comments from the provider, with their replies under them', async () => {
    const { comments } = await connected();
    expect(comments.length).toBe(8);
    const answered = comments.find((comment) => comment.replies.length > 0)!;
    expect(answered.replies).toMatchObject([{ message: 'Totally agree!', fromChannel: false }]);
    // Each judged as it arrived: the classifier proposed more than one reading of them.
    expect(new Set(comments.map((comment) => comment.proposedSentiment)).size).toBeGreaterThan(1);
  });

  it('posts the reply at the provider, keeps it under its parent and counts it; "replied by you" finds it', async () => {
    const { owner, project, comments } = await connected();
    const target = comments.find((comment) => comment.replies.length === 0)!;
    const posted = await h.call(commentsContract.replyToProjectComment, {
      params: { projectId: project.id, commentId: target.id },
      body: { message: '  Thank you!\nSee you soon.  ', attemptId: randomUUID() },
      token: owner.accessToken,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const { reply, parent } = posted.body;
    expect(reply).toMatchObject({
      message: 'Thank you!\nSee you soon.',
      fromChannel: true,
      parentId: target.id,
      authorName: 'Espresso Bar Milano',
    });
    expect(parent).toMatchObject({ id: target.id, channelReplyCount: 1 });
    const replied = (await list(owner.accessToken, project.id, { repliedByYou: 'true' })).body.data;
    expect(replied.map((comment) => comment.id)).toEqual([target.id]);
    expect(replied[0]!.replies.at(-1)).toMatchObject({ id: reply.id, fromChannel: true });

    // The provider has it: a new fetch keeps one reply, not two, and the count stays 1.
    const [account] = (await h.call(integrations.listFacebookAccounts, { token: owner.accessToken })).body.data;
    expect(
      (await h.call(integrations.refreshFacebookAccount, { params: { id: account!._id }, token: owner.accessToken }))
        .status,
    ).toBe(200);
    const again = (await list(owner.accessToken, project.id, { repliedByYou: 'true' })).body.data;
    expect(again[0]!.replies.filter((each) => each.fromChannel)).toHaveLength(1);
    expect(again[0]!.channelReplyCount).toBe(1);
    // The admin review's filter finds it too, in review or not (as the classifier left it).
    const admin = await h.signedInUser({ role: 'admin' });
    const reviewed = await h.call(commentsContract.listComments, {
      query: { inReview: target.sentiment.inReview ? 'true' : 'false', repliedByYou: 'true' },
      token: admin.accessToken,
    });
    expect(reviewed.body.data.some((comment) => comment.id === target.id)).toBe(true);
  });

  it('posts an attempt once: a retry answers the reply already posted, another comment or other words are refused', async () => {
    const { owner, project, comments } = await connected();
    const target = comments.find((comment) => comment.replies.length === 0)!;
    const attempt = { message: 'Grazie mille!', attemptId: randomUUID() };
    const send = (body: typeof attempt, commentId = target.id) =>
      h.call(commentsContract.replyToProjectComment, {
        params: { projectId: project.id, commentId },
        body,
        token: owner.accessToken,
      });
    const first = await send(attempt);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // The answer was lost on the way: the same attempt again.
    const retried = await send(attempt);
    expect(retried.status).toBe(201);
    expect(retried.body.reply.id).toBe(first.body.reply.id);
    expect(retried.body.parent.channelReplyCount).toBe(1);
    // Posted at the provider once: its listing has one reply from the page under the comment.
    const [account] = (await h.call(integrations.listFacebookAccounts, { token: owner.accessToken })).body.data;
    await h.call(integrations.refreshFacebookAccount, { params: { id: account!._id }, token: owner.accessToken });
    const listed = (await list(owner.accessToken, project.id)).body.data.find((comment) => comment.id === target.id)!;
    expect(listed.replies.filter((each) => each.fromChannel).map((each) => each.message)).toEqual(['Grazie mille!']);

    const otherWords = await send({ ...attempt, message: 'Something else' });
    expect(otherWords.status).toBe(409);
    expect(otherWords.body.message).toBe(
      'This reply attempt was for another comment or other words: start the reply again.',
    );
    const other = comments.find((comment) => comment.id !== target.id)!;
    expect((await send(attempt, other.id)).status).toBe(409);
  });

  it('refuses empty, too long and hostile replies, and a channel with no account, storing nothing', async () => {
    const { owner, project, comments } = await connected();
    // The sandbox's page is shared with the other tests' users: count what is there already.
    const ownReplies = (listed: ProjectComment[]) =>
      listed.flatMap((comment) => comment.replies).filter((reply) => reply.fromChannel).length;
    const before = ownReplies(comments);
    const path = `/v1.0/projects/${project.id}/comments/${comments[0]!.id}/replies`;
    const attemptId = randomUUID();
    for (const json of [
      {},
      { message: '   ', attemptId },
      { message: 'x'.repeat(2001), attemptId },
      { message: 'a\u0000b', attemptId },
      { message: 42, attemptId },
      { message: 'Hello' },
      { message: 'Hello', attemptId: 'not-a-uuid' },
    ]) {
      const refused = await h.call('POST', path, { token: owner.accessToken, json });
      expect(refused.status, JSON.stringify(json)).toBe(422);
    }
    // The seeded kind of channel: no connected account to post with.
    const seeded = await projectWithComments();
    const noAccount = await h.call(commentsContract.replyToProjectComment, {
      params: { projectId: seeded.project.id, commentId: seeded.great.id },
      token: seeded.owner.accessToken,
      body: { message: 'Hello', attemptId: randomUUID() },
    });
    expect(noAccount.status).toBe(409);
    expect(noAccount.body.message).toContain('connected account');
    const after = (await list(owner.accessToken, project.id)).body.data;
    expect(ownReplies(after)).toBe(before);
  });

  it("the demo's seeded café is the sandbox's: connecting it brings no second page, and its comments take replies", async () => {
    // The demo user (server/db/seed.ts) follows Giulia Rossi's page, Instagram and ads before
    // connecting anything: no account, so no replies.
    const demo = await h.signIn('demo@example.com', 'Demo1234');
    const channelsOf = async () => (await h.call(projects.listChannels, { token: demo.accessToken })).body.data;
    const seeded = await channelsOf();
    const [cafe] = (await h.call(projects.listProjects, { token: demo.accessToken })).body.data;
    expect(cafe!.name).toBe('Espresso Bar Milano');
    const topLevel = async () =>
      (await list(demo.accessToken, cafe!._id)).body.data.filter((comment) => !comment.fromChannel);
    const before = await topLevel();
    const target = before.find((comment) => comment.channel.kind === 'facebook-page' && comment.replies.length === 0)!;
    const replyTo = (comment: ProjectComment, message: string) =>
      h.call(commentsContract.replyToProjectComment, {
        params: { projectId: cafe!._id, commentId: comment.id },
        token: demo.accessToken,
        body: { message, attemptId: randomUUID() },
      });
    expect(target.channel.canReply).toBe(false);
    expect((await replyTo(target, 'Too early')).status).toBe(409);

    // Connecting her account makes those same channels its own: one row each, the same ids.
    const stored = await connectSandboxFacebook(h, demo.accessToken, SANDBOX_FACEBOOK_PEOPLE[0]!.id);
    expect(stored.status).toBe(200);
    await h.runJobs();
    const connected = await channelsOf();
    for (const kind of ['facebook-page', 'instagram-account', 'facebook-ad-account']) {
      const named = (list: typeof seeded) =>
        list.filter((channel) => channel.type === kind && channel.name.includes('spresso')).map((each) => each._id);
      expect(named(connected), kind).toEqual(named(seeded));
      expect(named(connected), kind).toHaveLength(1);
    }

    // A seeded comment now takes a reply, posted at the sandbox and kept under it.
    expect((await topLevel()).find((comment) => comment.id === target.id)!.channel.canReply).toBe(true);
    const posted = await replyTo(target, 'Grazie!');
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body).toMatchObject({ reply: { parentId: target.id, fromChannel: true } });
  });

  it('says so when the provider no longer takes the token, and keeps nothing', async () => {
    const { owner, project, comments } = await connected();
    await h.call(sandboxProviders.sandboxExpireTokens, { params: { personId: SANDBOX_FACEBOOK_PEOPLE[0]!.id } });
    const refused = await h.call(commentsContract.replyToProjectComment, {
      params: { projectId: project.id, commentId: comments[0]!.id },
      token: owner.accessToken,
      body: { message: 'Hello', attemptId: randomUUID() },
    });
    expect(refused.status).toBe(409);
    const [account] = (await h.call(integrations.listFacebookAccounts, { token: owner.accessToken })).body.data;
    expect(account!.status).toBe('needs_reconnect');
  });
});
