import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as commentsApi from '../../contract/comments';
import * as sentimentModel from '../../contract/sentiment-model';
import { comments } from '../db/schema';
import { startHarness, type Harness } from '../test/harness';
import { signatureOf } from '../webhooks/routes';
import { pageFeedDelivery } from '../webhooks/meta-deliveries';

/**
 * Every new comment is born with the classifier's proposal (docs/decisions/048, 058): at or above
 * its language's threshold (or SENTIMENT_THRESHOLD) the proposal is its sentiment; under it, the
 * comment waits in the review, UNCLASSIFIED, with the proposal and why; new words are judged again
 * until a person decides; a share of the labels applied without a person is shown to a reviewer.
 */
let strict: Harness;
let lenient: Harness;
let sampling: Harness;

beforeAll(async () => {
  strict = await startHarness();
  lenient = await startHarness({ env: { SENTIMENT_THRESHOLD: '0' } });
  sampling = await startHarness({ env: { SENTIMENT_SAMPLE_SHARE: '1' } });
});
afterAll(async () => {
  await strict?.stop();
  await lenient?.stop();
  await sampling?.stop();
});

let sequence = 0;
/** A page of its own followed by a new user, and a way to say things on it as Meta delivers them. */
async function followedPage(h: Harness) {
  const pageId = `3${String(Date.now()).slice(-9)}${String(++sequence).padStart(4, '0')}`;
  const { row: owner } = await h.factories.user();
  await h.factories.channel(owner, { kind: 'facebook-page', externalId: pageId, name: 'Bar' });
  let time = 1_800_000_000;
  const say = async (verb: 'add' | 'edited', n: number, message: string) => {
    const raw = JSON.stringify(
      pageFeedDelivery(pageId, [
        { verb, commentId: `${pageId}_${n}`, message, time: ++time, from: { id: '9001', name: 'Alessia Greco' } },
      ]),
    );
    const headers = {
      'content-type': 'application/json',
      'x-hub-signature-256': signatureOf(raw, h.config.facebookAppSecret),
    };
    expect((await h.call('POST', '/webhooks/facebook', { raw, headers })).status).toBe(200);
    await h.runJobs();
  };
  const row = async (n: number) =>
    (
      await h.db
        .select()
        .from(comments)
        .where(eq(comments.externalId, `${pageId}_${n}`))
    )[0]!;
  return { say, row };
}

describe('a new comment', () => {
  it('takes a proposal it is sure of as its sentiment, and waits in the review with one it is not', async () => {
    const { say, row } = await followedPage(strict);
    await say('add', 1, 'We love this place! Great coffee 😍');
    await say('add', 2, 'Uno');
    await say('add', 3, 'http://example.com @marco');
    expect(await row(1)).toMatchObject({
      sentiment: 'POSITIVE',
      proposedSentiment: 'POSITIVE',
      inReview: false,
      reviewReason: null,
    });
    expect((await row(1)).proposalConfidence).toBeGreaterThanOrEqual(0.7);
    expect(await row(2)).toMatchObject({ sentiment: 'UNCLASSIFIED', inReview: true, reviewReason: 'unsure' });
    expect((await row(2)).proposalConfidence).toBeLessThan(0.7);
    expect(await row(3)).toMatchObject({
      sentiment: 'UNCLASSIFIED',
      proposedSentiment: 'UNCLASSIFIED',
      proposalConfidence: 0,
      inReview: true,
      reviewReason: 'unreadable',
    });
  });

  it('follows the threshold: at 0 every proposal is taken, and only what cannot be read waits', async () => {
    const { say, row } = await followedPage(lenient);
    await say('add', 1, 'Uno');
    await say('add', 2, 'http://example.com @marco');
    expect(await row(1)).toMatchObject({
      sentiment: (await row(1)).proposedSentiment,
      inReview: false,
      reviewReason: null,
    });
    expect(await row(2)).toMatchObject({ sentiment: 'UNCLASSIFIED', inReview: true, reviewReason: 'unreadable' });
  });

  it('is judged again when its words change, until a person has decided', async () => {
    const { say, row } = await followedPage(strict);
    await say('add', 1, 'Uno');
    const before = await row(1);
    await say('edited', 1, 'Terrible service and cold food, never again 😡');
    const after = await row(1);
    expect(after.proposedSentiment).toBe('NEGATIVE');
    expect(after.proposalConfidence).toBeGreaterThan(before.proposalConfidence!);
    // A person has not decided: the new words' verdict is the comment's, applied or waiting.
    expect(after.sentiment).toBe(after.inReview ? 'UNCLASSIFIED' : 'NEGATIVE');

    // An admin decides another: an edit no longer changes it.
    await say('add', 2, 'Uno');
    const { accessToken } = await strict.signedInUser({ role: 'admin' });
    const reviewed = await strict.call(commentsApi.bulkUpdateComments, {
      token: accessToken,
      body: { comments: [{ id: (await row(2)).id, sentiment: { sentiment: 'NEUTRAL', inReview: false } }] },
    });
    expect(reviewed.status).toBe(200);
    await say('edited', 2, 'We love this place! Great coffee 😍');
    expect(await row(2)).toMatchObject({
      message: 'We love this place! Great coffee 😍',
      sentiment: 'NEUTRAL',
      inReview: false,
    });
  });

  it('is now and then shown to a reviewer with its label applied, and the panel counts whether they kept it', async () => {
    const { say, row } = await followedPage(sampling);
    await say('add', 1, 'We love this place! Great coffee 😍');
    await say('add', 2, 'Best cappuccino in town, the staff is lovely!');
    // Applied without a person (it counts with its label), and in the review all the same.
    for (const n of [1, 2]) {
      expect(await row(n)).toMatchObject({
        sentiment: 'POSITIVE',
        proposedSentiment: 'POSITIVE',
        inReview: true,
        reviewReason: 'sampled',
      });
    }
    const { accessToken: token } = await sampling.signedInUser({ role: 'admin' });
    const panel = async () => (await sampling.call(sentimentModel.showSentimentModel, { token })).body.withoutPerson;
    const before = await panel();
    expect(before.sampleShare).toBe(1);
    // One kept, one changed.
    const reviewed = await sampling.call(commentsApi.bulkUpdateComments, {
      token,
      body: {
        comments: [
          { id: (await row(1)).id, sentiment: { sentiment: 'POSITIVE', inReview: false } },
          { id: (await row(2)).id, sentiment: { sentiment: 'NEUTRAL', inReview: false } },
        ],
      },
    });
    expect(reviewed.status).toBe(200);
    const after = await panel();
    expect(after.checked - before.checked).toBe(2);
    expect(after.agreed - before.agreed).toBe(1);
    expect(after.applied).toBeGreaterThanOrEqual(2);
  });

  it('shows the proposal, its confidence and why it waits to the admin review', async () => {
    const { say, row } = await followedPage(strict);
    await say('add', 1, 'Uno');
    const { accessToken } = await strict.signedInUser({ role: 'admin' });
    const waiting = await row(1);
    const listed = await strict.call('GET', `/v1.0/comments?message=Uno&inReview=true&perPage=100`, {
      token: accessToken,
    });
    const shown = (listed.body as { data: Array<Record<string, unknown>> }).data.find((each) => each.id === waiting.id);
    expect(shown).toMatchObject({
      sentiment: { sentiment: 'UNCLASSIFIED', inReview: true },
      proposalConfidence: waiting.proposalConfidence,
      reviewReason: 'unsure',
      reviewedAt: null,
    });
  });
});
