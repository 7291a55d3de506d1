import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as commentsContract from '../../contract/comments';
import * as projects from '../../contract/projects';
import * as sandboxProviders from '../../contract/sandbox/providers';
import { channels, comments, projectChannels, providerAccounts } from '../db/schema';
import { SANDBOX_COMMENT_PAGE } from '../integrations/sandbox/comment-page';
import { startHarness, type Harness } from '../test/harness';
import { connectSandboxFacebook } from '../test/sandbox';

/**
 * Hiding a comment on the network (docs/product.md#inbox): on a Facebook page or an Instagram
 * account whose account is connected, the provider hides it first (the sandbox shows it hidden on
 * its own page) and a refusal changes nothing here; elsewhere hiding stays the app's own mark.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const MARCO = '100000000000002';
const BOTTEGA = '200000000000003';

const sandboxPage = async () =>
  (await h.call('GET', `${SANDBOX_COMMENT_PAGE}?channel=${BOTTEGA}`)).text.replace(/\s+/g, ' ');

describe('hiding a comment', () => {
  it('hides it at the provider first, shows it again there, and changes nothing when the provider refuses', async () => {
    const owner = await h.signedInUser();
    expect((await connectSandboxFacebook(h, owner.accessToken, MARCO)).status).toBe(200);
    await h.runJobs();
    const [page] = await h.db
      .select()
      .from(channels)
      .where(and(eq(channels.ownerId, owner.user._id), eq(channels.externalId, BOTTEGA)));
    const project = await h.factories.project({ id: owner.user._id }, { name: 'Bottega' });
    await h.call(projects.attachChannel, {
      params: { id: project.id },
      body: { channelId: page!.id },
      token: owner.accessToken,
    });
    // Someone comments on the page; Meta's webhook brings it.
    const said = await h.call('POST', SANDBOX_COMMENT_PAGE, {
      raw: new URLSearchParams({ channel: BOTTEGA, author: 'Priya Shah', message: 'Spam link here' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(said.status).toBe(303);
    await h.runJobs();
    const [comment] = await h.db
      .select()
      .from(comments)
      .where(and(eq(comments.channelId, page!.id), eq(comments.message, 'Spam link here')));
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
    const [account] = await h.db.select().from(providerAccounts).where(eq(providerAccounts.id, page!.accountId!));
    expect(account!.status).toBe('needs_reconnect');
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
