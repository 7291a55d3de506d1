import type { ReviewReason, Sentiment } from '../../contract/fields';
import { classifyWith, type Classification } from './classifier';
import type { Model } from './model';
import { loadBundledModel } from './training';

/**
 * What a comment is born with (docs/decisions/048): the classifier's proposal and its
 * confidence; at or above the threshold the proposal is the sentiment, below it the comment goes
 * to the review UNCLASSIFIED with the proposal and the reason. A channel's own reply is never
 * asked about: it is not counted by sentiment.
 */
export interface Judgement {
  sentiment: Sentiment;
  proposedSentiment: Sentiment;
  proposalConfidence: number;
  inReview: boolean;
  reviewReason: ReviewReason | null;
}

export interface CommentJudge {
  /** Makes sure the model is the one in use (read again at most once a minute); call before a batch. */
  ready(): Promise<void>;
  judge(message: string, options?: { fromChannel?: boolean }): Judgement;
}

/**
 * Whether the classifier's proposal becomes the comment's sentiment by itself: one it could read,
 * at or above the threshold. Any other waits in the review (`npm run --silent classify` says the
 * same of each line).
 */
export const standsAlone = ({ sentiment, confidence }: Classification, threshold: number): boolean =>
  sentiment !== 'UNCLASSIFIED' && confidence >= threshold;

/** How long the model in use is taken as known before `ready` asks the database again. */
const FRESH_MS = 60_000;

export function createCommentJudge({
  threshold,
  model = loadBundledModel,
  refresh,
  clock = Date.now,
}: {
  threshold: number;
  /** The model in use, asked at each comment (a newer one replaces it). */
  model?: () => Model;
  /** Reads which model is in use now (`SentimentModels.refresh`). */
  refresh?: () => Promise<unknown>;
  clock?: () => number;
}): CommentJudge {
  let cached: Model | undefined;
  const current = model === loadBundledModel ? () => (cached ??= loadBundledModel()) : model;
  let checkedAt = -Infinity;
  return {
    async ready() {
      if (!refresh || clock() - checkedAt < FRESH_MS) return;
      await refresh();
      checkedAt = clock();
    },
    judge(message, { fromChannel = false } = {}) {
      const proposal = classifyWith(current(), message);
      const { sentiment, confidence } = proposal;
      // The database keeps a real: 0.1 + 0.2 is no business of a check constraint.
      const proposalConfidence = Math.min(1, Math.max(0, Math.round(confidence * 1000) / 1000));
      if (fromChannel || standsAlone(proposal, threshold)) {
        return { sentiment, proposedSentiment: sentiment, proposalConfidence, inReview: false, reviewReason: null };
      }
      return {
        sentiment: 'UNCLASSIFIED',
        proposedSentiment: sentiment,
        proposalConfidence,
        inReview: true,
        reviewReason: sentiment === 'UNCLASSIFIED' ? 'unreadable' : 'unsure',
      };
    },
  };
}

/** Comments judged between two turns of the event loop: about 1.5 ms of classification. */
const JUDGED_AT_ONCE = 12;

/**
 * Judges the comments a write is about to keep before its transaction opens, a few at a time,
 * letting the event loop answer requests between them (`npm run bench -- --ingest`: a batch of
 * 100 is about 12 ms of classification, which held every request behind it, and on PGlite held
 * the database too while it ran inside the transaction). Answers a judge that knows their
 * verdicts (each text judged once) and judges any other as the given one does.
 */
export async function judgedAhead(
  judge: CommentJudge,
  items: Iterable<{ message: string; fromChannel?: boolean }>,
): Promise<CommentJudge> {
  await judge.ready();
  const keyOf = (message: string, fromChannel = false) => `${fromChannel ? 'C' : 'P'}${message}`;
  const known = new Map<string, Judgement>();
  let since = 0;
  for (const { message, fromChannel } of items) {
    const key = keyOf(message, fromChannel);
    if (known.has(key)) continue;
    if (since++ === JUDGED_AT_ONCE) {
      await new Promise((resolve) => setImmediate(resolve));
      since = 1;
    }
    known.set(key, judge.judge(message, { fromChannel }));
  }
  return {
    ready: () => judge.ready(),
    judge: (message, options) => known.get(keyOf(message, options?.fromChannel)) ?? judge.judge(message, options),
  };
}
