import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as commentsContract from '../../contract/comments';
import * as sandboxProviders from '../../contract/sandbox/providers';
import { comments, projectChannels, connectedAccounts } from '../db/schema';
import { SANDBOX_COMMENT_PAGE } from '../integrations/sandbox/comment-page';
import { startHarness, type Harness } from '../test/harness';
import { COMMENTS_CHANGED, INBOX_CHANGED, type CommentsChangedEvent } from '../../contract/realtime';
import type { Publisher } from '../realtime/publisher';
import { pageFeedDelivery } from '../webhooks/meta-deliveries';
import { signatureOf } from '../webhooks/routes';
import { projectFollowingSandboxPage, saySandboxComment } from '../test/sandbox';

/**
 * Hiding a comment on the network (docs/product.md#inbox): on a Facebook page or an Instagram
 * account whose account is connected, the provider hides it first (the sandbox shows it hidden on
 * its own page) and a refusal changes nothing here; elsewhere hiding stays the app's own mark.
 * Deleting goes the same way, for everyone who follows the page. The network's own webhook for
 * either (`hide`, `remove`) then changes nothing and tells nobody; one for a change made on
 * Facebook itself is applied. What the user did there (a hide, a mark, a reply) is told to their
 * other tabs.
 */
let h: Harness;
/** What the API told the channels' owners (CommentsChanged), as a publisher would send it. */
const told: Array<{ userId: string; event: CommentsChangedEvent; exceptSocketId?: string | undefined }> = [];
/** What the API told users of their inbox (InboxChanged). */
const toldInbox: Array<{ userId: string; exceptSocketId: string | undefined }> = [];
const recorder = {
  toUser: async (userId: string, name: string, event: unknown, options?: { exceptSocketId?: string }) => {
    if (name === COMMENTS_CHANGED)
      told.push({ userId, event: event as CommentsChangedEvent, exceptSocketId: options?.exceptSocketId });
    if (name === INBOX_CHANGED) toldInbox.push({ userId, exceptSocketId: options?.exceptSocketId });
  },
  toAdmins: async () => {},
} as unknown as Publisher;
beforeAll(async () => {
  h = await startHarness({ publisher: recorder });
});
afterAll(async () => {
  await h?.stop();
});

const MARCO = '100000000000002';
const BOTTEGA = '200000000000003';

const sandboxPage = async () =>
  (await h.call('GET', `${SANDBOX_COMMENT_PAGE}?channel=${BOTTEGA}`)).text.replace(/\s+/g, ' ');

/** A user who connected MARCO, with a project following his page BOTTEGA. */
const ownerOfBottega = () => projectFollowingSandboxPage(h, MARCO, BOTTEGA);

/** Someone says `message` on BOTTEGA, delivered as Meta's webhook: its rows, one per user who follows the page. */
async function someoneSays(message: string) {
  await saySandboxComment(h, BOTTEGA, 'Priya Shah', message);
  await h.runJobs();
  return h.db.select().from(comments).where(eq(comments.message, message));
}

describe('deleting a comment', () => {
  it('deletes it at the provider, then here for everyone who follows the page; the removal webhook that follows changes nothing', async () => {
    const first = await ownerOfBottega();
    const second = await ownerOfBottega();
    const rows = await someoneSays('Buy followers at spam.example');
    expect(rows).toHaveLength(2);
    const mine = rows.find((row) => row.channelId === first.page.id)!;
    const remove = (token = first.owner.accessToken, projectId = first.project.id) =>
      h.call(commentsContract.deleteProjectComment, { params: { projectId, commentId: mine.id }, token });

    // Another user cannot, even naming their own project.
    expect((await remove(second.owner.accessToken, second.project.id)).status).toBe(404);
    told.length = 0;
    expect((await remove()).status).toBe(204);
    expect(await h.db.select().from(comments).where(eq(comments.message, 'Buy followers at spam.example'))).toEqual([]);
    expect(await sandboxPage()).not.toContain('Buy followers at spam.example');
    // Each follower's open page was told once, by the delete.
    expect(told.map((each) => each.userId).sort()).toEqual([first.owner.user._id, second.owner.user._id].sort());
    // Meta's `remove` for it arrives: nothing left to do, nobody told again.
    told.length = 0;
    await h.runJobs();
    expect(told).toEqual([]);
    // Gone there already: said, not a failure of ours.
    const again = await h.call(commentsContract.deleteProjectComment, {
      params: { projectId: second.project.id, commentId: rows.find((row) => row.channelId === second.page.id)!.id },
      token: second.owner.accessToken,
    });
    expect(again.status).toBe(404);
  });

  it('says a refusal and changes nothing: the provider no longer has it, or the account must reconnect', async () => {
    const { owner, page, project } = await ownerOfBottega();
    const [gone] = await h.factories.comments(page, [
      { message: 'Never on Facebook', externalId: `${BOTTEGA}_nowhere` },
    ]);
    const remove = (commentId: string) =>
      h.call(commentsContract.deleteProjectComment, {
        params: { projectId: project.id, commentId },
        token: owner.accessToken,
      });
    const missing = await remove(gone!.id);
    expect(missing.status).toBe(409);
    expect((missing.body as { message: string }).message).toBe(
      'Facebook no longer has this comment: it may have been deleted there. It leaves the list when Facebook says so, at the latest at the next sync.',
    );
    expect(await h.db.select().from(comments).where(eq(comments.id, gone!.id))).toHaveLength(1);

    const said = (await someoneSays('Refused delete')).find((row) => row.channelId === page.id);
    expect((await h.call(sandboxProviders.sandboxExpireTokens, { params: { personId: MARCO } })).status).toBe(204);
    const refused = await remove(said!.id);
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(
      "Facebook no longer accepts this account's authorisation: reconnect it.",
    );
    expect(await h.db.select().from(comments).where(eq(comments.id, said!.id))).toHaveLength(1);
    expect(await sandboxPage()).toContain('Refused delete');
  });

  it('is refused on a channel without a connected account, where the network is not the app’s to change', async () => {
    const owner = await h.signedInUser();
    const me = { id: owner.user._id };
    const project = await h.factories.project(me);
    const channel = await h.factories.channel(me, { name: 'Not connected' });
    await h.db.insert(projectChannels).values({ projectId: project.id, channelId: channel.id });
    const [comment] = await h.factories.comments(channel, [{ message: 'Hello' }]);
    const answer = await h.call(commentsContract.deleteProjectComment, {
      params: { projectId: project.id, commentId: comment!.id },
      token: owner.accessToken,
    });
    expect(answer.status).toBe(409);
    expect(await h.db.select().from(comments).where(eq(comments.id, comment!.id))).toHaveLength(1);
    const listed = await h.call(commentsContract.listProjectComments, {
      params: { projectId: project.id },
      token: owner.accessToken,
    });
    expect(listed.body.data[0]!.channel).toMatchObject({ canReply: false, canDelete: false });
  });
});

describe('hiding a comment', () => {
  it("tells the user's other tabs of a hide or a bookmark, not the tab that asked (X-Socket-ID); nothing when nothing changed", async () => {
    const { owner, page, project } = await ownerOfBottega();
    const comment = (await someoneSays('Lovely cannoli, rude waiter')).find((row) => row.channelId === page.id)!;
    const mark = (body: { isBookmarked?: boolean; isHidden?: boolean }, socket?: string) =>
      h.call(commentsContract.updateProjectComment, {
        params: { projectId: project.id, commentId: comment.id },
        body,
        token: owner.accessToken,
        ...(socket === undefined ? {} : { headers: { 'x-socket-id': socket } }),
      });
    const refresh = { channelId: page.id, added: 0, edited: [], removed: [], refresh: true, counted: [] };
    // What the user's own tabs were told (the page's other followers hear of a hide on their own channels).
    const toOwner = () => told.filter((each) => each.userId === owner.user._id);
    told.length = 0;
    expect((await mark({ isBookmarked: true }, '1234.5678')).status).toBe(200);
    expect(toOwner()).toEqual([{ userId: owner.user._id, event: refresh, exceptSocketId: '1234.5678' }]);
    // Bookmarked already: nothing changed, nobody told.
    told.length = 0;
    expect((await mark({ isBookmarked: true }, '1234.5678')).status).toBe(200);
    expect(told).toEqual([]);
    // A header that names no socket is no socket: every tab is told.
    expect((await mark({ isHidden: true }, '1.2"><script>')).status).toBe(200);
    expect(toOwner()).toEqual([{ userId: owner.user._id, event: refresh, exceptSocketId: undefined }]);
    told.length = 0;
    expect((await mark({ isHidden: false, isBookmarked: false })).status).toBe(200);
    expect(toOwner()).toEqual([{ userId: owner.user._id, event: refresh, exceptSocketId: undefined }]);
  });

  it('hides it at the provider first, shows it again there, and changes nothing when the provider refuses', async () => {
    const { owner, page, project } = await ownerOfBottega();
    // Someone comments on the page; Meta's webhook brings it.
    const comment = (await someoneSays('Spam link here')).find((row) => row.channelId === page.id);
    expect(comment).toBeDefined();
    const hide = (isHidden: boolean) =>
      h.call(commentsContract.updateProjectComment, {
        params: { projectId: project.id, commentId: comment!.id },
        body: { isHidden },
        token: owner.accessToken,
      });

    const hidden = await hide(true);
    expect(hidden.status).toBe(200);
    expect(hidden.body.isHidden).toBe(true);
    expect(await sandboxPage()).toContain('<strong>Priya Shah</strong> <em>(hidden by the page)</em>');
    // Meta's `hide` for it arrives: the app's own change, nothing more to do, nobody told.
    told.length = 0;
    await h.runJobs();
    expect(told).toEqual([]);

    expect((await hide(false)).body.isHidden).toBe(false);
    expect(await sandboxPage()).not.toContain('(hidden by the page)');

    // Logged out of Facebook: refused, said, and nothing hidden here or there.
    expect((await h.call(sandboxProviders.sandboxExpireTokens, { params: { personId: MARCO } })).status).toBe(204);
    const refused = await hide(true);
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toMatch(/Facebook/);
    const [after] = await h.db.select().from(comments).where(eq(comments.id, comment!.id));
    expect(after!.isHidden).toBe(false);
    expect(await sandboxPage()).not.toContain('(hidden by the page)');
    const [account] = await h.db.select().from(connectedAccounts).where(eq(connectedAccounts.id, page!.accountId!));
    expect(account!.status).toBe('needs_reconnect');
  });

  it('follows a hide made on Facebook itself, told by its webhook, and tells the open page', async () => {
    const { owner, page } = await ownerOfBottega();
    const said = (await someoneSays('Hidden on Facebook')).find((row) => row.channelId === page.id)!;
    const deliver = (verb: 'hide' | 'unhide') => {
      const raw = JSON.stringify(
        pageFeedDelivery(BOTTEGA, [{ verb, commentId: said.externalId, time: Math.floor(Date.now() / 1000) }]),
      );
      return h.call('POST', '/webhooks/facebook', {
        raw,
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': signatureOf(raw, h.config.facebookAppSecret),
        },
      });
    };
    told.length = 0;
    expect((await deliver('hide')).status).toBe(200);
    await h.runJobs();
    const [hidden] = await h.db.select().from(comments).where(eq(comments.id, said.id));
    expect(hidden!.isHidden).toBe(true);
    expect(told.find((each) => each.event.channelId === page.id)).toMatchObject({
      userId: owner.user._id,
      event: { refresh: true },
    });
    expect((await deliver('unhide')).status).toBe(200);
    await h.runJobs();
    const [shown] = await h.db.select().from(comments).where(eq(comments.id, said.id));
    expect(shown!.isHidden).toBe(false);
  });

  it("stays the app's own mark on a channel without a connected account", async () => {
    const owner = await h.signedInUser();
    const me = { id: owner.user._id };
    const project = await h.factories.project(me);
    const channel = await h.factories.channel(me, { name: 'Not connected' });
    await h.db.insert(projectChannels).values({ projectId: project.id, channelId: channel.id });
    const [comment] = await h.factories.comments(channel, [{ message: 'Hello' }]);
    const answer = await h.call(commentsContract.updateProjectComment, {
      params: { projectId: project.id, commentId: comment!.id },
      body: { isHidden: true },
      token: owner.accessToken,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.isHidden).toBe(true);
  });
});

describe('replying to a comment', () => {
  it("tells the user's other tabs to read the comment's lists and the inbox again, not the tab that replied", async () => {
    const { owner, page, project } = await ownerOfBottega();
    const comment = (await someoneSays('Do you do gluten-free cannoli?')).find((row) => row.channelId === page.id)!;
    const replied = (attemptId: string, socket?: string) =>
      h.call(commentsContract.replyToProjectComment, {
        params: { projectId: project.id, commentId: comment.id },
        body: { message: 'Yes, every Friday!', attemptId },
        token: owner.accessToken,
        ...(socket === undefined ? {} : { headers: { 'x-socket-id': socket } }),
      });
    told.length = 0;
    toldInbox.length = 0;
    const attemptId = randomUUID();
    expect((await replied(attemptId, '42.7')).status).toBe(201);
    const refresh = { channelId: page.id, added: 0, edited: [], removed: [], refresh: true, counted: [] };
    expect(told).toEqual([{ userId: owner.user._id, event: refresh, exceptSocketId: '42.7' }]);
    // Answered: done in the inbox, which the other tabs count again.
    expect(toldInbox).toEqual([{ userId: owner.user._id, exceptSocketId: '42.7' }]);
    // The same attempt again (its answer lost on the way), from a tab with no socket: every tab
    // reads the lists again; the comment is done already, so the inbox is not told again.
    told.length = 0;
    toldInbox.length = 0;
    expect((await replied(attemptId)).status).toBe(201);
    expect(told).toEqual([{ userId: owner.user._id, event: refresh, exceptSocketId: undefined }]);
    expect(toldInbox).toEqual([]);
  });
});
