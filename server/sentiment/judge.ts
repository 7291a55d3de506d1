import type { ReviewReason, Sentiment } from '../../contract/fields';
import { letRequestsIn } from '../event-loop';
import { classifyWith, type Classification } from './classifier';
import type { JudgingModel } from './model-file';
import { couldStandAlone, thresholdFor } from './thresholds';
import { loadBundledModel } from './training';

/**
 * What a comment is born with (docs/decisions/048, 058): the classifier's proposal and its
 * confidence. A proposal the model is sure enough of, in a language where it is known to be
 * right that often, is the sentiment; a few of those go to the review all the same (`sampled`),
 * so that how often the labels applied without a person are right is measured, not assumed. Any
 * other waits in the review, UNCLASSIFIED, with the proposal and the reason. A channel's own reply
 * is never asked about: it is not counted by sentiment.
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
 * Whether the classifier's proposal becomes the comment's sentiment by itself: a class, no doubt
 * about it (MIXED, or praise that may be ironic), at or above the threshold (null: none is
 * trusted). `npm run --silent classify` says the same of each line.
 */
export const standsAlone = (proposal: Classification, threshold: number | null): boolean =>
  couldStandAlone(proposal) && threshold !== null && proposal.confidence >= threshold;

/** The threshold a proposal meets: the one set for every language, or the model's own for its language and label. */
export const thresholdOf = (model: JudgingModel, proposal: Classification, fixed?: number) =>
  fixed ?? thresholdFor(model.thresholds, proposal.language, proposal.sentiment);

/** How long the model in use is taken as known before `ready` asks the database again. */
const FRESH_MS = 60_000;

export function createCommentJudge({
  threshold,
  sampleShare = 0,
  random = Math.random,
  model = loadBundledModel,
  refresh,
  clock = Date.now,
}: {
  /** One threshold for every language (SENTIMENT_THRESHOLD), in place of the model's own. */
  threshold?: number | undefined;
  /** The share of labels applied without a person that go to the review too (SENTIMENT_SAMPLE_SHARE). */
  sampleShare?: number;
  random?: () => number;
  /** The model in use, asked at each comment (a newer one replaces it). */
  model?: () => JudgingModel;
  /** Reads which model is in use now (`SentimentModels.refresh`). */
  refresh?: () => Promise<unknown>;
  clock?: () => number;
}): CommentJudge {
  let cached: JudgingModel | undefined;
  const current = model === loadBundledModel ? () => (cached ??= loadBundledModel()) : model;
  let checkedAt = -Infinity;
  return {
    async ready() {
      if (!refresh || clock() - checkedAt < FRESH_MS) return;
      await refresh();
      checkedAt = clock();
    },
    judge(message, { fromChannel = false } = {}) {
      const judging = current();
      const proposal = classifyWith(judging, message);
      const { sentiment, confidence, doubt } = proposal;
      // The database keeps a real: 0.1 + 0.2 is no business of a check constraint.
      const proposalConfidence = Math.min(1, Math.max(0, Math.round(confidence * 1000) / 1000));
      const decided = { sentiment, proposedSentiment: sentiment, proposalConfidence };
      if (fromChannel) return { ...decided, inReview: false, reviewReason: null };
      if (standsAlone(proposal, thresholdOf(judging, proposal, threshold))) {
        // Applied, and now and then shown to a person as well: their verdict is the measure.
        if (sampleShare > 0 && random() < sampleShare) return { ...decided, inReview: true, reviewReason: 'sampled' };
        return { ...decided, inReview: false, reviewReason: null };
      }
      return {
        sentiment: 'UNCLASSIFIED',
        proposedSentiment: sentiment,
        proposalConfidence,
        inReview: true,
        reviewReason: sentiment === 'UNCLASSIFIED' ? 'unreadable' : (doubt ?? 'unsure'),
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
      await letRequestsIn();
      since = 1;
    }
    known.set(key, judge.judge(message, { fromChannel }));
  }
  return {
    ready: () => judge.ready(),
    judge: (message, options) => known.get(keyOf(message, options?.fromChannel)) ?? judge.judge(message, options),
  };
}
