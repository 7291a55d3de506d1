import { and, count, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { SENTIMENT_TRAINING, type SentimentTrainingEvent } from '../../contract/realtime';
import type { TrainingDecision } from '../../contract/fields';
import type { Database } from '../db/client';
import { comments, sentimentModels, users } from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import { safeError, type Logger } from '../log';
import type { Publisher } from '../realtime/publisher';
import { letRequestsIn } from '../event-loop';
import { decodeModel, ModelFileError, type JudgingModel } from './model-file';
import type { Label } from './model';
import type { Thresholds } from './thresholds';
import { loadBundledModel } from './training';
import type { TrainingInput, TrainingOutput } from './training-run';
import { trainOffThread } from './training-thread';

/**
 * Learning from the reviews (docs/decisions/049, 058). Each review an admin ends is a label: the
 * sentiment the comment has after it (POSITIVE, NEUTRAL, NEGATIVE; a MIXED or UNCLASSIFIED one
 * teaches no class). A scheduled job trains, on a worker thread, from the carried model and all
 * the reviews (with the benchmark's texts where the installation has them), reads the held-out
 * reviews with the new model and the one in use, and switches only when the new one is clearly
 * better on enough of them; a model switched to takes thresholds chosen on the held-out reviews
 * of each language that has enough.
 */
export const RETRAIN_SENTIMENT = 'retrain-sentiment';
/** Fewer reviews than this teach nothing measurable: the training waits for more. */
export const MIN_REVIEWS = 30;

const LABELS: Partial<Record<string, Label>> = { NEGATIVE: 0, NEUTRAL: 1, POSITIVE: 2 };

/** One key in five (the same ones every time): the held-out reviews' share. */
export function heldOut(key: string): boolean {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) >>> 0;
  return h % 5 === 0;
}

/**
 * Whether a review is kept to score models on rather than taught: chosen by its words, not its
 * id, so that the same words reviewed twice are on one side only. The followers of one page each
 * hold their own copy of its comments, and a "Grazie!" comes back every day: chosen by id, a copy
 * was taught and its twin scored on, and a model was scored on what it had been taught.
 */
export const isHeldOut = (review: { message: string }): boolean =>
  heldOut(review.message.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim());

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

/**
 * Reviewed comments read a page at a time, requests let in between: on PGlite the database runs on
 * the API's own thread, and 5,000 comments of 8,000 characters in one statement held every request
 * for half a second.
 */
const REVIEWS_PER_READ = 250;

export async function reviewedComments(db: Database): Promise<Array<{ id: string; message: string; label: Label }>> {
  const all: Array<{ id: string; message: string; label: Label }> = [];
  for (;;) {
    const after = all.at(-1)?.id;
    if (after) await letRequestsIn();
    const rows = await db
      .select({ id: comments.id, message: comments.message, sentiment: comments.sentiment })
      .from(comments)
      .where(after ? and(teaching, gt(comments.id, after)) : teaching)
      .orderBy(comments.id)
      .limit(REVIEWS_PER_READ);
    all.push(...rows.map((row) => ({ id: row.id, message: row.message, label: LABELS[row.sentiment]! })));
    if (rows.length < REVIEWS_PER_READ) return all;
  }
}

/**
 * A stored model's bytes are written and read this many at a time, requests let in between: PGlite
 * runs each statement on the API's own thread, and a 1.2 MB model in one statement held every
 * request for 0.2–0.3 s.
 */
const MODEL_BYTES_PER_STATEMENT = 64 * 1024;

export async function storeModelBytes(db: Database, id: string, bytes: Uint8Array): Promise<void> {
  for (let at = 0; at < bytes.length; at += MODEL_BYTES_PER_STATEMENT) {
    if (at > 0) await letRequestsIn();
    const part = Buffer.from(
      bytes.buffer,
      bytes.byteOffset + at,
      Math.min(MODEL_BYTES_PER_STATEMENT, bytes.length - at),
    );
    await db
      .update(sentimentModels)
      .set({ model: sql`coalesce(${sentimentModels.model}, ''::bytea) || ${part}::bytea` })
      .where(eq(sentimentModels.id, id));
  }
}

/** A stored model's bytes, read a part at a time; null when it has none. */
export async function readModelBytes(db: Database, id: string): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ size: sql<number | null>`octet_length(${sentimentModels.model})` })
    .from(sentimentModels)
    .where(eq(sentimentModels.id, id));
  if (!row || row.size === null) return null;
  const bytes = new Uint8Array(Number(row.size));
  for (let at = 0; at < bytes.length; at += MODEL_BYTES_PER_STATEMENT) {
    if (at > 0) await letRequestsIn();
    const [part] = await db
      .select({
        part: sql<Uint8Array>`substring(${sentimentModels.model} from ${at + 1}::int for ${MODEL_BYTES_PER_STATEMENT}::int)`,
      })
      .from(sentimentModels)
      .where(eq(sentimentModels.id, id));
    bytes.set(part!.part, at);
  }
  return bytes;
}

/** The model in use: the last one switched to, or the one the repository carries. */
export class SentimentModels {
  private current: { id: string | null; model: JudgingModel } | undefined;

  constructor(private readonly db: Database) {}

  /** The model to judge with now (the carried one until `refresh` has read the database). */
  inUse(): JudgingModel {
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
    const stored = await readModelBytes(this.db, id);
    try {
      this.current = { id, model: decodeModel(stored ?? new Uint8Array()) };
    } catch (error) {
      if (!(error instanceof ModelFileError)) throw error;
      // Trained here on the features of an earlier version: this version cannot read it, so the
      // carried model judges again until a training here makes one it can.
      await this.db.update(sentimentModels).set({ inUse: false }).where(eq(sentimentModels.id, id));
      this.current = { id: null, model: loadBundledModel() };
      return null;
    }
    return id;
  }
}

export type RetrainOutcome =
  | { outcome: 'waiting'; reviewed: number }
  | {
      outcome: 'switched' | 'kept';
      /** When the training was recorded: the panel's last training from now on. */
      trainedAt: Date;
      reviewed: number;
      heldOut: number;
      score: number;
      previousScore: number;
      decision: TrainingDecision;
      wins: number | null;
      thresholds: Thresholds;
    };

/** How a training is run: on a worker thread (the API's), or here (a test that wants to see it). */
export type RunTraining = (input: TrainingInput, signal?: AbortSignal) => Promise<TrainingOutput>;

export async function retrainSentiment(deps: {
  db: Database;
  log: Logger;
  clock: () => number;
  models: SentimentModels;
  benchmarkDir?: string | undefined;
  signal?: AbortSignal | undefined;
  run?: RunTraining;
}): Promise<RetrainOutcome> {
  const reviewed = await reviewedComments(deps.db);
  if (reviewed.length < MIN_REVIEWS) return { outcome: 'waiting', reviewed: reviewed.length };
  const kept = reviewed.filter(isHeldOut);
  const taught = reviewed.filter((each) => !isHeldOut(each));
  const currentId = await deps.models.refresh();
  const stored = currentId ? await readModelBytes(deps.db, currentId) : null;
  const started = performance.now();
  const output = await (deps.run ?? trainOffThread)(
    {
      benchmarkDir: deps.benchmarkDir,
      taught: taught.map(({ message, label }) => ({ message, label })),
      heldOut: kept.map(({ message, label }) => ({ message, label })),
      current: stored,
    },
    deps.signal,
  );
  const { score, previousScore, decision, wins, thresholds } = output;
  const switched = decision === 'better';
  const trainedAt = new Date(deps.clock());
  const [trained] = await deps.db
    .insert(sentimentModels)
    .values({
      trainedAt,
      reviewedComments: taught.length,
      heldOut: kept.length,
      score,
      previousScore,
      decision,
      wins,
    })
    .returning({ id: sentimentModels.id });
  if (switched) {
    // Stored before it is used: a model only part written is never in use.
    await storeModelBytes(deps.db, trained!.id, output.candidate);
    await deps.db.transaction(async (tx) => {
      await tx.update(sentimentModels).set({ inUse: false }).where(eq(sentimentModels.inUse, true));
      await tx.update(sentimentModels).set({ inUse: true }).where(eq(sentimentModels.id, trained!.id));
    });
    await deps.models.refresh();
  }
  deps.log.info(
    {
      reviewed: reviewed.length,
      score,
      previousScore,
      decision,
      wins,
      thresholds,
      seconds: Math.round(performance.now() - started) / 1000,
    },
    'sentiment model trained',
  );
  return {
    outcome: switched ? 'switched' : 'kept',
    trainedAt,
    reviewed: taught.length,
    heldOut: kept.length,
    score,
    previousScore,
    decision,
    wins,
    thresholds,
  };
}

/**
 * Tells every admin's open app that a training was queued, started or ended, on each admin's own
 * private channel: the review page's panel reads itself again. A failure to tell is logged, never
 * thrown: the training is not to fail (or run again) for a message.
 */
export async function tellAdminsTraining(
  deps: { db: Database; log: Logger; publisher?: Publisher | undefined },
  training: SentimentTrainingEvent,
): Promise<void> {
  if (!deps.publisher) return;
  try {
    const admins = await deps.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    for (const admin of admins) await deps.publisher.toUser(admin.id, SENTIMENT_TRAINING, training);
  } catch (error) {
    deps.log.warn({ event: SENTIMENT_TRAINING, err: safeError(error) }, 'real-time event not published');
  }
}

const trainingFields = {
  id: sentimentModels.id,
  trainedAt: sentimentModels.trainedAt,
  reviewedComments: sentimentModels.reviewedComments,
  heldOut: sentimentModels.heldOut,
  score: sentimentModels.score,
  previousScore: sentimentModels.previousScore,
  decision: sentimentModels.decision,
  wins: sentimentModels.wins,
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
export const TRAINING_KEY = 'retrain';

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
