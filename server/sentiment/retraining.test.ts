import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as commentsApi from '../../contract/comments';
import * as sentimentModel from '../../contract/sentiment-model';
import { startHarness, type Harness } from '../test/harness';
import { featuresOf } from './features';
import { encodeModel } from './model-file';
import { train, trainInSlices, TRAINING } from './model';
import { heldOut, MIN_REVIEWS, SentimentModels } from './retraining';
import { loadBundledModel } from './training';
import { sentimentModels } from '../db/schema';
import { eq } from 'drizzle-orm';

/**
 * Learning from the reviews (docs/decisions/049): the admins' panel shows the model in use and
 * how often its proposals are accepted; a training learns from every review, and switches only
 * to a model that scores better on the reviews it held out.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const admin = async () => (await h.signedInUser({ role: 'admin' })).accessToken;

describe('the sentiment model panel', () => {
  it('is for admins only', async () => {
    expect((await h.call(sentimentModel.showSentimentModel, {})).status).toBe(401);
    const { accessToken } = await h.signedInUser();
    expect((await h.call(sentimentModel.showSentimentModel, { token: accessToken })).status).toBe(403);
    expect((await h.call(sentimentModel.trainSentimentModel, { token: accessToken })).status).toBe(403);
  });

  it('shows the carried model, the threshold, and counts each review and whether it took the proposal', async () => {
    const token = await admin();
    const before = await h.call(sentimentModel.showSentimentModel, { token });
    expect(before.status).toBe(200);
    expect(before.body.inUse).toEqual({ source: 'carried', trainedAt: null, reviewedComments: 0, score: null });
    expect(before.body.threshold).toBe(h.config.sentimentThreshold);
    expect(before.body.minimumReviews).toBe(MIN_REVIEWS);

    // Two comments in review: one accepted, one set to another sentiment.
    const waiting = await h.call(commentsApi.listComments, { token, query: { inReview: true } as never });
    const [first, second] = (waiting.body as { data: Array<{ id: string; proposedSentiment: string }> }).data;
    const other = second!.proposedSentiment === 'NEUTRAL' ? 'POSITIVE' : 'NEUTRAL';
    const reviewed = await h.call(commentsApi.bulkUpdateComments, {
      token,
      body: {
        comments: [
          { id: first!.id, sentiment: { sentiment: first!.proposedSentiment as never, inReview: false } },
          { id: second!.id, sentiment: { sentiment: other, inReview: false } },
        ],
      },
    });
    expect(reviewed.status).toBe(200);
    const after = await h.call(sentimentModel.showSentimentModel, { token });
    const { last7Days } = after.body.accepted;
    expect(last7Days.reviewed - before.body.accepted.last7Days.reviewed).toBe(2);
    expect(last7Days.accepted - before.body.accepted.last7Days.accepted).toBe(1);
    // A review with a class teaches the next training.
    const taught = ['POSITIVE', 'NEUTRAL', 'NEGATIVE'];
    const gained = [first!.proposedSentiment, other].filter((each) => taught.includes(each)).length;
    expect(after.body.reviewedComments - before.body.reviewedComments).toBe(gained);
  });

  it('trains on the reviews when asked, and switches only to a model that scores better', async () => {
    const token = await admin();
    // Enough reviews for a training, whatever the seed's classifier left to review.
    const start = (await h.call(sentimentModel.showSentimentModel, { token })).body;
    const missing = Math.max(0, MIN_REVIEWS - start.reviewedComments);
    if (missing > 0) {
      const waiting = await h.call(commentsApi.listComments, { token, query: { inReview: true } as never });
      const rows = (waiting.body as { data: Array<{ id: string; proposedSentiment: string }> }).data
        .filter((each) => ['POSITIVE', 'NEUTRAL', 'NEGATIVE'].includes(each.proposedSentiment))
        .slice(0, missing);
      expect(rows).toHaveLength(missing);
      const accepted = await h.call(commentsApi.bulkUpdateComments, {
        token,
        body: {
          comments: rows.map((each) => ({
            id: each.id,
            sentiment: { sentiment: each.proposedSentiment as never, inReview: false },
          })),
        },
      });
      expect(accepted.status).toBe(200);
    }
    expect((await h.call(sentimentModel.trainSentimentModel, { token })).status).toBe(202);
    // Asked twice before it runs: one training.
    expect((await h.call(sentimentModel.trainSentimentModel, { token })).status).toBe(202);
    expect(await h.runJobs()).toBe(1);
    const shown = (await h.call(sentimentModel.showSentimentModel, { token })).body;
    const last = shown.lastTraining!;
    expect(last.reviewedComments + last.heldOut).toBe(shown.reviewedComments);
    expect(last.switched).toBe(last.score > last.previousScore);
    if (last.switched) {
      expect(shown.inUse).toMatchObject({ source: 'retrained', score: last.score, trainedAt: last.trainedAt });
    } else {
      expect(shown.inUse.source).toBe('carried');
    }
  }, 60_000);
});

describe('the model in use', () => {
  it('is the carried one until one is switched to, then that one, read back from the database', async () => {
    const models = new SentimentModels(h.db);
    // Whatever an earlier training switched to, none in use.
    await h.db.update(sentimentModels).set({ inUse: false }).where(eq(sentimentModels.inUse, true));
    expect(await models.refresh()).toBeNull();
    const carried = encodeModel(loadBundledModel());
    expect(Buffer.from(encodeModel(models.inUse())).equals(Buffer.from(carried))).toBe(true);
    // A model trained here (a small one), switched to.
    const small = train(
      ['great', 'awful', 'when?'].map((text, n) => ({ features: featuresOf(text), label: n as 0 | 1 | 2 })),
      { ...TRAINING, epochs: 1, runs: 1 },
    );
    const [row] = await h.db.transaction(async (tx) => {
      return tx
        .insert(sentimentModels)
        .values({
          trainedAt: new Date(),
          reviewedComments: 3,
          heldOut: 0,
          score: 50,
          previousScore: 40,
          model: encodeModel(small),
          inUse: true,
        })
        .returning({ id: sentimentModels.id });
    });
    expect(await models.refresh()).toBe(row!.id);
    expect(Buffer.from(encodeModel(models.inUse())).equals(Buffer.from(encodeModel(small)))).toBe(true);
    // Back to the carried one.
    await h.db.delete(sentimentModels).where(eq(sentimentModels.id, row!.id));
    expect(await models.refresh()).toBeNull();
  });
});

describe('training', () => {
  it('in slices makes the very model the one-go training makes', async () => {
    const examples = ['great coffee', 'awful service', 'open on sunday?', 'buonissimo', 'pessimo', 'a che ora?'].map(
      (text, n) => ({ features: featuresOf(text), label: (n % 3 === 0 ? 2 : n % 3 === 1 ? 0 : 1) as 0 | 1 | 2 }),
    );
    const options = { ...TRAINING, epochs: 3 };
    const once = encodeModel(train(examples, options));
    expect(Buffer.from(encodeModel(await trainInSlices(examples, options))).equals(Buffer.from(once))).toBe(true);
  });

  it('holds out one review in five, the same ones every time', () => {
    const ids = Array.from({ length: 2000 }, (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`);
    const kept = ids.filter(heldOut);
    expect(kept.length / ids.length).toBeGreaterThan(0.15);
    expect(kept.length / ids.length).toBeLessThan(0.25);
    expect(ids.filter(heldOut)).toEqual(kept);
  });
});
