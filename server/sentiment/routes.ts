import { and, count, gte, isNotNull, sql } from 'drizzle-orm';
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
  tellAdminsModelTrained,
  trainingsOfNote,
  trainNow,
} from './retraining';

const DAY_MS = 24 * 3600_000;

/** The sentiment model's panel and its trainings (contract/sentiment-model.ts; decision 049). Admins only. */
export function sentimentModelRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  const hours = s.config.sentimentRetrainHours;
  s.jobs.work(
    RETRAIN_SENTIMENT,
    async () => {
      const trained = await retrainSentiment({
        db: s.db,
        log: s.log,
        clock: s.clock,
        models: s.sentimentModels,
        benchmarkDir: benchmarkDir(),
      });
      await tellAdminsModelTrained(s, { outcome: trained.outcome });
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
    const { inUse, last } = await trainingsOfNote(s.db);
    return reply(c, sentimentModel.showSentimentModel, 200, {
      inUse: inUse
        ? {
            source: 'retrained',
            trainedAt: inUse.trainedAt.toISOString(),
            reviewedComments: inUse.reviewedComments,
            score: inUse.score,
          }
        : { source: 'carried', trainedAt: null, reviewedComments: 0, score: null },
      threshold: s.config.sentimentThreshold,
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
          }
        : null,
      minimumReviews: MIN_REVIEWS,
      reviewedComments: await countReviewedComments(s.db),
    });
  });

  route(routes, s, sentimentModel.trainSentimentModel, async (c) => {
    if ((await trainNow(s.jobs)) === 'running') throw new HttpError(409, 'sentimentTrainingRunning');
    return reply(c, sentimentModel.trainSentimentModel, 202);
  });

  return routes;
}
