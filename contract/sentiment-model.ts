import { z } from 'zod/mini';
import { ErrorBodySchema } from './common';
import { TRAINING_DECISIONS, timestamp } from './fields';
import { defineOperation, errors } from './operation';

/**
 * The sentiment model in use, for the admins (docs/product.md#sentiment-review; decisions 047,
 * 049): which one it is, how it scored, how often reviewers accepted its proposals lately, and
 * the last training on the reviews.
 */
const tag = 'Sentiment model';

const count = () => z.number().check(z.int(), z.minimum(0));
/** Macro-F1, 0 to 100. */
const score = () => z.number().check(z.minimum(0), z.maximum(100));

/** A threshold (0 to 1) or null: none is trusted, every proposal in that language waits for a person. */
const threshold = () => z.nullable(z.number().check(z.minimum(0), z.maximum(1)));

const labelThresholds = () => z.object({ NEGATIVE: threshold(), NEUTRAL: threshold(), POSITIVE: threshold() });

const AcceptedSchema = z.object({
  /** Reviews an admin ended in the period, of comments the classifier proposed a sentiment for. */
  reviewed: count(),
  /** Of those, how many ended with the proposed sentiment. */
  accepted: count(),
});

export const SentimentModelSchema = z
  .object({
    inUse: z.object({
      /** `carried`: the model this version ships with, trained on the benchmark; `retrained`: one trained here. */
      source: z.enum(['carried', 'retrained']),
      /** When it was trained here; null for the carried one. */
      trainedAt: z.nullable(timestamp()),
      /** Reviewed comments it learnt from (0 for the carried one). */
      reviewedComments: count(),
      /** Its macro-F1 on the reviews held out when it was trained; null for the carried one. */
      score: z.nullable(score()),
    }),
    /**
     * The confidence at or above which a proposal is applied without a person, by language and by
     * label: the model's own (chosen where its labels were at least 90 % right on texts it did not
     * learn from), or one for all set by SENTIMENT_THRESHOLD (`source: setting`).
     */
    thresholds: z.object({
      source: z.enum(['model', 'setting']),
      en: labelThresholds(),
      it: labelThresholds(),
    }),
    accepted: z.object({ last7Days: AcceptedSchema, last30Days: AcceptedSchema }),
    /** The labels applied without a person in the last 30 days, and how those a reviewer checked later fared. */
    withoutPerson: z.object({
      /** Comments that arrived in the period (the channels' own replies left out). */
      arrived: count(),
      /** Of those, how many took the classifier's label without a person. */
      applied: count(),
      /** Labels applied without a person, sampled into the review, that a reviewer has seen. */
      checked: count(),
      /** Of those, how many the reviewer kept. */
      agreed: count(),
      /** The share (0 to 1) of labels applied without a person that go to the review too (SENTIMENT_SAMPLE_SHARE). */
      sampleShare: z.number().check(z.minimum(0), z.maximum(1)),
    }),
    /** The training under way or asked for: `queued` (due now), `running`, or `idle`. */
    training: z.object({ state: z.enum(['idle', 'queued', 'running']) }),
    /** The last training on the reviews, switched to or not; null before the first. */
    lastTraining: z.nullable(
      z.object({
        trainedAt: timestamp(),
        switched: z.boolean(),
        reviewedComments: count(),
        heldOut: count(),
        score: score(),
        previousScore: score(),
        /** Why it was switched to or not; null for a training from before the reason was kept. */
        decision: z.nullable(z.enum(TRAINING_DECISIONS)),
        /** In what share of paired resamples of the held-out reviews it scored above the one in use (0 to 1). */
        wins: z.nullable(z.number().check(z.minimum(0), z.maximum(1))),
      }),
    ),
    /** Reviews needed before a training can measure anything. */
    minimumReviews: count(),
    /** Held-out reviews needed before a new model can be switched to. */
    minimumHeldOut: count(),
    /** Reviewed comments a training would learn from now. */
    reviewedComments: count(),
  })
  .register(z.globalRegistry, { id: 'SentimentModel' });

export const showSentimentModel = defineOperation({
  method: 'GET',
  path: '/v1.0/sentiment-model',
  summary: 'The sentiment model in use, its score and how often its proposals are accepted',
  tag,
  access: 'admin',
  responses: {
    200: { description: 'The model in use and its figures.', body: SentimentModelSchema },
    ...errors(401, 403),
  },
});

export const trainSentimentModel = defineOperation({
  method: 'POST',
  path: '/v1.0/sentiment-model/trainings',
  summary: 'Train on the reviews now',
  description:
    'Queues a training on the reviewed comments to start now: the scheduled one waiting (every ' +
    'SENTIMENT_RETRAIN_HOURS) is brought forward, and the next is scheduled from its end. It switches to the new ' +
    'model only if it is clearly better on enough held-out reviews. A training already waiting is not queued ' +
    'twice; one under way answers 409 and none is queued (one training runs at a time).',
  tag,
  access: 'admin',
  responses: {
    202: { description: 'A training starts now (or, asked again before it started, the one already queued).' },
    ...errors(401, 403),
    409: {
      description: 'A training is under way: its outcome shows on the panel when it ends.',
      body: ErrorBodySchema,
    },
  },
});
