import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { SENTIMENT_MODEL_TRAINED, type SentimentModelTrainedEvent } from '../../contract/realtime';
import type { Database } from '../db/client';
import { comments, sentimentModels, users } from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import { safeError, type Logger } from '../log';
import type { Publisher } from '../realtime/publisher';
import { hasBenchmark } from './benchmark';
import { featuresOf } from './features';
import { decodeModel, encodeModel } from './model-file';
import { trainInSlices, TRAINING, type Example, type Label, type Model } from './model';
import { benchmarkExamples, loadBundledModel, scoreOn } from './training';

/**
 * Learning from the reviews (docs/decisions/049). Each review an admin ends is a label: the
 * sentiment the comment has after it (POSITIVE, NEUTRAL, NEGATIVE; a MIXED or UNCLASSIFIED one
 * teaches no class). A scheduled job trains on the benchmark's texts (where the installation has
 * them) and the reviewed comments, or refines the model in use with the reviews alone, scores
 * the new model and the one in use on the reviews it held out, and switches only when the new
 * one scores better.
 */
export const RETRAIN_SENTIMENT = 'retrain-sentiment';
/** Fewer reviews than this teach nothing measurable: the training waits for more. */
export const MIN_REVIEWS = 30;
/** A reviewed comment counts for this many benchmark tweets: it is this installation's own language. */
const REVIEW_WEIGHT = 3;

const LABELS: Partial<Record<string, Label>> = { NEGATIVE: 0, NEUTRAL: 1, POSITIVE: 2 };

/** One in five reviews, chosen by its id (the same ones every time), is kept to score models on. */
export function heldOut(id: string): boolean {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (Math.imul(h, 31) + id.charCodeAt(i)) >>> 0;
  return h % 5 === 0;
}

/** The reviewed comments a training learns from (teaching a class, not the channel's own). */
const teaching = and(
  isNotNull(comments.reviewedAt),
  eq(comments.inReview, false),
  eq(comments.fromChannel, false),
  inArray(comments.sentiment, ['NEGATIVE', 'NEUTRAL', 'POSITIVE']),
);

export async function countReviewedComments(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(comments).where(teaching);
  return row!.total;
}

export async function reviewedComments(db: Database): Promise<Array<{ id: string; message: string; label: Label }>> {
  const rows = await db
    .select({ id: comments.id, message: comments.message, sentiment: comments.sentiment })
    .from(comments)
    .where(teaching)
    .orderBy(comments.id);
  return rows.map((row) => ({ id: row.id, message: row.message, label: LABELS[row.sentiment]! }));
}

/** The model in use: the last one switched to, or the one the repository carries. */
export class SentimentModels {
  private current: { id: string | null; model: Model } | undefined;

  constructor(private readonly db: Database) {}

  /** The model to judge with now (the carried one until `refresh` has read the database). */
  inUse(): Model {
    this.current ??= { id: null, model: loadBundledModel() };
    return this.current.model;
  }

  /** Reads which model is in use, loading it when it changed; answers its id (null: the carried one). */
  async refresh(): Promise<string | null> {
    const [row] = await this.db
      .select({ id: sentimentModels.id })
      .from(sentimentModels)
      .where(eq(sentimentModels.inUse, true));
    const id = row?.id ?? null;
    if (this.current && this.current.id === id) return id;
    if (id === null) {
      this.current = { id: null, model: loadBundledModel() };
      return null;
    }
    const [stored] = await this.db
      .select({ model: sentimentModels.model })
      .from(sentimentModels)
      .where(eq(sentimentModels.id, id));
    this.current = { id, model: decodeModel(stored!.model!) };
    return id;
  }
}

export type RetrainOutcome =
  | { outcome: 'waiting'; reviewed: number }
  | { outcome: 'switched' | 'kept'; reviewed: number; heldOut: number; score: number; previousScore: number };

export async function retrainSentiment(deps: {
  db: Database;
  log: Logger;
  clock: () => number;
  models: SentimentModels;
  benchmarkDir?: string;
}): Promise<RetrainOutcome> {
  const reviewed = await reviewedComments(deps.db);
  if (reviewed.length < MIN_REVIEWS) return { outcome: 'waiting', reviewed: reviewed.length };
  const kept = reviewed.filter((each) => heldOut(each.id));
  const taught = reviewed.filter((each) => !heldOut(each.id));
  await deps.models.refresh();
  const current = deps.models.inUse();
  const fromReviews: Example[] = taught.map((each) => ({
    features: featuresOf(each.message),
    label: each.label,
    weight: REVIEW_WEIGHT,
  }));
  const dir = deps.benchmarkDir;
  const candidate =
    dir && hasBenchmark(dir)
      ? await trainInSlices([...benchmarkExamples(dir), ...fromReviews])
      : // Without the benchmark, the model in use learns the reviews on top of what it knows.
        await trainInSlices(fromReviews, { ...TRAINING, epochs: 10 }, current);
  const score = scoreOn(candidate, kept);
  const previousScore = scoreOn(current, kept);
  const switched = score > previousScore;
  await deps.db.transaction(async (tx) => {
    if (switched) await tx.update(sentimentModels).set({ inUse: false }).where(eq(sentimentModels.inUse, true));
    await tx.insert(sentimentModels).values({
      trainedAt: new Date(deps.clock()),
      reviewedComments: taught.length,
      heldOut: kept.length,
      score,
      previousScore,
      model: switched ? encodeModel(candidate) : null,
      inUse: switched,
    });
  });
  if (switched) await deps.models.refresh();
  deps.log.info({ reviewed: reviewed.length, score, previousScore, switched }, 'sentiment model trained');
  return {
    outcome: switched ? 'switched' : 'kept',
    reviewed: taught.length,
    heldOut: kept.length,
    score,
    previousScore,
  };
}

/**
 * Tells every admin's open app that a training ended, on each admin's own private channel: the
 * review page's panel reads itself again. A failure to tell is logged, never thrown: the training
 * is done, and a retry would train again for nothing.
 */
export async function tellAdminsModelTrained(
  deps: { db: Database; log: Logger; publisher?: Publisher | undefined },
  trained: SentimentModelTrainedEvent,
): Promise<void> {
  if (!deps.publisher) return;
  try {
    const admins = await deps.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    for (const admin of admins) await deps.publisher.toUser(admin.id, SENTIMENT_MODEL_TRAINED, trained);
  } catch (error) {
    deps.log.warn({ event: SENTIMENT_MODEL_TRAINED, err: safeError(error) }, 'real-time event not published');
  }
}

const trainingFields = {
  id: sentimentModels.id,
  trainedAt: sentimentModels.trainedAt,
  reviewedComments: sentimentModels.reviewedComments,
  heldOut: sentimentModels.heldOut,
  score: sentimentModels.score,
  previousScore: sentimentModels.previousScore,
  inUse: sentimentModels.inUse,
};

/** The last training, switched to or not, and the one in use (undefined: none yet; the carried one). */
export async function trainingsOfNote(db: Database) {
  const [[last], [inUse]] = await Promise.all([
    db.select(trainingFields).from(sentimentModels).orderBy(desc(sentimentModels.trainedAt)).limit(1),
    db.select(trainingFields).from(sentimentModels).where(eq(sentimentModels.inUse, true)),
  ]);
  return { last, inUse };
}

/**
 * The one key every training is queued under, scheduled or asked for: the `stately` queue runs
 * one under it at a time, on whichever instance, so two trainings never race to switch models.
 */
const TRAINING_KEY = 'retrain';

/** Queues the next training, unless one waits already (the server calls it at start). */
export async function scheduleRetraining(jobs: JobQueue, afterSeconds = 0): Promise<void> {
  await jobs.send(RETRAIN_SENTIMENT, {}, { singletonKey: TRAINING_KEY, startAfter: afterSeconds });
}

/**
 * An admin's "Train now": a training starts now, the scheduled one waiting brought forward (it
 * schedules the next when it ends); `running` when one is under way already, which is left to end.
 */
export function trainNow(jobs: JobQueue): Promise<'queued' | 'running'> {
  return jobs.sendNow(RETRAIN_SENTIMENT, {}, TRAINING_KEY);
}
