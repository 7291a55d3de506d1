import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as commentsContract from '../../contract/comments';
import * as projects from '../../contract/projects';
import { channels, comments } from '../db/schema';
import type { FetchLike } from '../integrations/providers/provider-error';
import { SANDBOX_FACEBOOK_PEOPLE } from '../integrations/sandbox/facebook';
import { startHarness, type Harness } from '../test/harness';
import { connectSandboxFacebook } from '../test/sandbox';
import { pageFeedDelivery } from '../webhooks/meta-deliveries';
import { signatureOf } from '../webhooks/routes';

/**
 * A reply posted from the app and its own webhook, whichever arrives first (docs/decisions/055):
 * here the provider delivers the page's reply to the webhook, and it is applied, before its answer
 * to the post reaches the API. The route answers the reply all the same, once, counted once.
 */
let h: Harness;
/** Set while a test wants the page's own webhook delivered ahead of the provider's answer. */
let webhookFirst: { pageId: string; pageName: string; parentExternalId: string } | undefined;

const racingFetch: FetchLike = async (url, init) => {
  const answer = await h.app.request(url, init);
  const race = webhookFirst;
  if (race && init?.method === 'POST' && /\/comments(\?|$)/.test(url) && answer.status === 200) {
    const { id } = (await answer.clone().json()) as { id: string };
    const body = JSON.stringify(
      pageFeedDelivery(race.pageId, [
        {
          verb: 'add',
          commentId: id,
          time: Math.floor(h.clock.now() / 1000),
          message: 'Grazie, a presto!',
          parentId: race.parentExternalId,
          from: { id: race.pageId, name: race.pageName },
        },
      ]),
    );
    const taken = await h.app.request('/webhooks/facebook', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signatureOf(body, h.config.facebookAppSecret),
      },
      body,
    });
    expect(taken.status).toBe(200);
    await h.runJobs();
  }
  return answer;
};

beforeAll(async () => {
  h = await startHarness({ providerFetch: racingFetch });
});
afterAll(async () => {
  await h?.stop();
});

describe('a reply and its own webhook', () => {
  it('answers the reply when its webhook was applied first, kept once and counted once', async () => {
    const owner = await h.signedInUser();
    // Chiara Romano's gelateria: no other test of this file connects her.
    const chiara = SANDBOX_FACEBOOK_PEOPLE.find((person) => person.name === 'Chiara Romano')!;
    expect((await connectSandboxFacebook(h, owner.accessToken, chiara.id)).status).toBe(200);
    await h.runJobs();
    const project = await h.factories.project({ id: owner.user._id }, { name: 'Gelateria' });
    const listed = await h.call(projects.listChannels, { token: owner.accessToken });
    const page = listed.body.data.find((channel) => channel.type === 'facebook-page')!;
    await h.call(projects.attachChannel, {
      params: { id: project.id },
      body: { channelId: page._id },
      token: owner.accessToken,
    });
    const [pageRow] = await h.db.select().from(channels).where(eq(channels.id, page._id));
    const [target] = await h.db
      .select()
      .from(comments)
      .where(and(eq(comments.channelId, page._id), eq(comments.channelReplyCount, 0)))
      .limit(1);
    webhookFirst = { pageId: pageRow!.externalId, pageName: pageRow!.name, parentExternalId: target!.externalId };

    const posted = await h.call(commentsContract.replyToProjectComment, {
      params: { projectId: project.id, commentId: target!.id },
      body: { message: 'Grazie, a presto!', attemptId: randomUUID() },
      token: owner.accessToken,
    });
    webhookFirst = undefined;
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body.reply).toMatchObject({ message: 'Grazie, a presto!', fromChannel: true, parentId: target!.id });
    expect(posted.body.parent.channelReplyCount).toBe(1);
    const kept = await h.db.select().from(comments).where(eq(comments.parentId, target!.id));
    expect(kept.filter((row) => row.fromChannel).map((row) => row.id)).toEqual([posted.body.reply.id]);
    // Answered: done in the owner's inbox.
    const [answered] = await h.db.select().from(comments).where(eq(comments.id, target!.id));
    expect(answered!.doneAt).not.toBeNull();
  });
});
