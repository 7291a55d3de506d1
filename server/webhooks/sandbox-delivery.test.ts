import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as integrations from '../../contract/integrations';
import * as sandboxProviders from '../../contract/sandbox/providers';
import { channels, comments } from '../db/schema';
import { connectSandboxFacebook } from '../test/sandbox';
import { startHarness, type Harness } from '../test/harness';

/**
 * The sandbox behaves like Meta (docs/decisions/044): connecting an account subscribes its pages,
 * a made-up person's comment, edit and removal are delivered signed to the app's webhook, with
 * duplicates and a late edit when asked, and the comments end right; deleting the account ends
 * the subscription.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

// Marco Bianchi's page; no other test file of this harness connects him.
const MARCO = '100000000000002';
const BOTTEGA = '200000000000003';

async function connectedOwner() {
  const { accessToken, user } = await h.signedInUser();
  const stored = await connectSandboxFacebook(h, accessToken, MARCO);
  expect(stored.status).toBe(200);
  await h.runJobs();
  const [page] = await h.db
    .select()
    .from(channels)
    .where(and(eq(channels.ownerId, user._id), eq(channels.externalId, BOTTEGA)));
  expect(page).toBeDefined();
  return { accessToken, user, page: page! };
}

const messagesOn = async (channelId: string, externalIds: string[]) =>
  (await h.db.select().from(comments).where(eq(comments.channelId, channelId)))
    .filter((row) => externalIds.includes(row.externalId))
    .map((row) => row.message);

describe('the sandbox delivers comments as Meta does', () => {
  it('a comment, its duplicate and a late edit end as the latest text; a removal takes it away', async () => {
    const { accessToken, page } = await connectedOwner();
    const said = await h.call(sandboxProviders.sandboxAddComment, {
      body: { channelId: BOTTEGA, authorName: 'Tom Walker', message: 'Open on Sunday?', deliverTwice: true },
    });
    expect(said.status).toBe(201);
    // "Delivered" only because the app answered 200.
    expect(said.body.delivery).toEqual({ outcome: 'delivered', status: 200 });
    const id = said.body.id;
    await h.runJobs();
    expect(await messagesOn(page.id, [id])).toEqual(['Open on Sunday?']);

    // Edited twice; the first edit's delivery is held back and comes after the second's.
    const late = await h.call(sandboxProviders.sandboxEditComment, {
      params: { commentId: id },
      body: { message: 'Open on Sunday morning?', deliverLate: true },
    });
    expect(late.body.delivery).toEqual({ outcome: 'heldBack', status: null });
    await h.call(sandboxProviders.sandboxEditComment, {
      params: { commentId: id },
      body: { message: 'Open on Sunday at 8?' },
    });
    await h.runJobs();
    expect(await messagesOn(page.id, [id])).toEqual(['Open on Sunday at 8?']);

    const removed = await h.call(sandboxProviders.sandboxRemoveComment, {
      params: { commentId: id },
      query: { deliverTwice: 'true' },
    });
    expect(removed.status).toBe(204);
    await h.runJobs();
    expect(await messagesOn(page.id, [id])).toEqual([]);

    // Deleting the account ends the page's subscription: what is said next is not delivered.
    const [account] = (await h.call(integrations.listFacebookAccounts, { token: accessToken })).body.data;
    expect(
      (await h.call(integrations.deleteFacebookAccount, { token: accessToken, params: { id: account!._id } })).status,
    ).toBe(204);
    const after = await h.call(sandboxProviders.sandboxAddComment, {
      body: { channelId: BOTTEGA, authorName: 'Tom Walker', message: 'Anyone?' },
    });
    expect(after.status).toBe(201);
    expect(after.body.delivery).toEqual({ outcome: 'notSubscribed', status: null });
    expect(await h.runJobs()).toBe(0);
  });

  it('an instance that knows nothing in memory, as after a restart, still delivers to a connected page', async () => {
    const { page } = await connectedOwner();
    // Another API instance on the same database: its sandbox never saw the page subscribed.
    const restarted = await h.instance();
    const said = await restarted.call(sandboxProviders.sandboxAddComment, {
      body: { channelId: BOTTEGA, authorName: 'Tom Walker', message: 'Still open after the restart?' },
    });
    expect(said.status).toBe(201);
    expect(said.body.delivery).toEqual({ outcome: 'delivered', status: 200 });
    await restarted.jobs.runPending();
    expect(await messagesOn(page.id, [said.body.id])).toEqual(['Still open after the restart?']);
  });

  it('refuses a channel or a comment it does not have, and bad input, with the reason', async () => {
    const unknown = await h.call(sandboxProviders.sandboxAddComment, {
      body: { channelId: '999', authorName: 'Tom Walker', message: 'Hi' },
    });
    expect(unknown.status).toBe(404);
    const noParent = await h.call(sandboxProviders.sandboxAddComment, {
      body: { channelId: BOTTEGA, authorName: 'Tom Walker', message: 'Hi', parentId: 'nope' },
    });
    expect(noParent.status).toBe(404);
    const empty = await h.call(sandboxProviders.sandboxAddComment, {
      body: { channelId: BOTTEGA, authorName: ' ', message: '' },
    });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors ?? {}).sort()).toEqual(['authorName', 'message']);
    const edit = await h.call(sandboxProviders.sandboxEditComment, {
      params: { commentId: 'nope' },
      body: { message: 'x' },
    });
    expect(edit.status).toBe(404);
    expect((await h.call(sandboxProviders.sandboxRemoveComment, { params: { commentId: 'nope' } })).status).toBe(404);
  });
});
