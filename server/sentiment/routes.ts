import { and, count, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as sentimentModel from '../../contract/sentiment-model';
import { comments } from '../db/schema';
import type { AppEnv, Services } from '../http/context';
import { HttpError } from '../http/errors';
import { reply, route } from '../http/operation';
import { benchmarkDir } from './benchmark';
import {
  countReviewedComments,
  MIN_REVIEWS,
  retrainSentiment,
  RETRAIN_SENTIMENT,
  scheduleRetraining,
  tellAdminsTraining,
  TRAINING_KEY,
  trainingsOfNote,
  trainNow,
} from './retraining';
import { TrainingCancelled } from './training-thread';
import { MIN_HELD_OUT } from './switching';

const DAY_MS = 24 * 3600_000;

/** The sentiment model's panel and its trainings (contract/sentiment-model.ts; decision 049). Admins only. */
export function sentimentModelRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  const hours = s.config.sentimentRetrainHours;
  s.jobs.work(
    RETRAIN_SENTIMENT,
    async () => {
      await tellAdminsTraining(s, { state: 'running' });
      let trained;
      try {
        trained = await retrainSentiment({
          db: s.db,
          log: s.log,
          clock: s.clock,
          models: s.sentimentModels,
          benchmarkDir: benchmarkDir(),
          signal: s.jobs.stopping,
        });
      } catch (error) {
        // Failed, the job runs again later (on whichever instance is left, if this one is stopping).
        await tellAdminsTraining(s, { state: 'ended', outcome: 'cancelled' });
        if (error instanceof TrainingCancelled) s.log.info('sentiment training cancelled: the instance is stopping');
        throw error;
      }
      await tellAdminsTraining(
        s,
        trained.outcome === 'waiting'
          ? { state: 'ended', outcome: 'waiting' }
          : { state: 'ended', outcome: trained.outcome, trainedAt: trained.trainedAt.toISOString() },
      );
      if (hours > 0) await scheduleRetraining(s.jobs, hours * 3600);
    },
    { policy: 'stately', retryLimit: 2, retryDelaySeconds: 300, expireInSeconds: 900 },
  );

  route(routes, s, sentimentModel.showSentimentModel, async (c) => {
    const now = s.clock();
    const since = (days: number) => new Date(now - days * DAY_MS);
    const accepted = sql`${comments.sentiment} = ${comments.proposedSentiment}`;
    const [figures] = await s.db
      .select({
        reviewed7: count(sql`case when ${comments.reviewedAt} >= ${since(7).toISOString()}::timestamptz then 1 end`),
        accepted7: count(
          sql`case when ${comments.reviewedAt} >= ${since(7).toISOString()}::timestamptz and ${accepted} then 1 end`,
        ),
        reviewed30: count(),
        accepted30: count(sql`case when ${accepted} then 1 end`),
      })
      .from(comments)
      .where(
        and(isNotNull(comments.reviewedAt), isNotNull(comments.proposedSentiment), gte(comments.reviewedAt, since(30))),
      );
    const arrivedSince = since(30).toISOString();
    const [withoutPerson] = await s.db
      .select({
        arrived: count(),
        applied: count(
          sql`case when ${comments.reviewReason} is null or ${comments.reviewReason} = 'sampled' then 1 end`,
        ),
        checked: count(
          sql`case when ${comments.reviewReason} = 'sampled' and ${comments.reviewedAt} is not null then 1 end`,
        ),
        agreed: count(
          sql`case when ${comments.reviewReason} = 'sampled' and ${comments.reviewedAt} is not null and ${accepted} then 1 end`,
        ),
      })
      .from(comments)
      .where(
        and(
          eq(comments.fromChannel, false),
          isNotNull(comments.proposedSentiment),
          sql`${comments.createdAt} >= ${arrivedSince}::timestamptz`,
        ),
      );
    const { inUse, last } = await trainingsOfNote(s.db);
    await s.sentimentModels.refresh();
    const fixed = s.config.sentimentThreshold;
    const own = s.sentimentModels.inUse().thresholds;
    return reply(c, sentimentModel.showSentimentModel, 200, {
      inUse: inUse
        ? {
            source: 'retrained',
            trainedAt: inUse.trainedAt.toISOString(),
            reviewedComments: inUse.reviewedComments,
            score: inUse.score,
          }
        : { source: 'carried', trainedAt: null, reviewedComments: 0, score: null },
      thresholds:
        fixed === undefined
          ? { source: 'model', ...own }
          : {
              source: 'setting',
              en: { NEGATIVE: fixed, NEUTRAL: fixed, POSITIVE: fixed },
              it: { NEGATIVE: fixed, NEUTRAL: fixed, POSITIVE: fixed },
            },
      withoutPerson: { ...withoutPerson!, sampleShare: s.config.sentimentSampleShare },
      training: { state: await s.jobs.stateOf(RETRAIN_SENTIMENT, TRAINING_KEY) },
      accepted: {
        last7Days: { reviewed: figures!.reviewed7, accepted: figures!.accepted7 },
        last30Days: { reviewed: figures!.reviewed30, accepted: figures!.accepted30 },
      },
      lastTraining: last
        ? {
            trainedAt: last.trainedAt.toISOString(),
            switched: last.inUse,
            reviewedComments: last.reviewedComments,
            heldOut: last.heldOut,
            score: last.score,
            previousScore: last.previousScore,
            decision: last.decision,
            wins: last.wins,
          }
        : null,
      minimumReviews: MIN_REVIEWS,
      minimumHeldOut: MIN_HELD_OUT,
      reviewedComments: await countReviewedComments(s.db),
    });
  });

  route(routes, s, sentimentModel.trainSentimentModel, async (c) => {
    if ((await trainNow(s.jobs)) === 'running') throw new HttpError(409, 'sentimentTrainingRunning');
    await tellAdminsTraining(s, { state: 'queued' });
    return reply(c, sentimentModel.trainSentimentModel, 202);
  });

  return routes;
}
