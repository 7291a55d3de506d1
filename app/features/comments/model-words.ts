import type { SentimentTrainingEvent } from '~contract/realtime';
import type { SentimentModel } from './sentiment-model';

/**
 * What the classifier's panel says, chosen apart from how it is shown: which sentence fits the
 * figures, and the figures it takes, formatted. The component only translates.
 */

/** The sentences of `review.model.*` this module chooses between (without the prefix). */
export type ModelKey =
  | 'thresholdAll'
  | 'thresholdLanguage'
  | 'thresholdsFromSetting'
  | 'thresholdsFromModel'
  | 'noArrivals'
  | 'appliedWithoutPerson'
  | 'agreement'
  | 'noneChecked'
  | 'noneSampled'
  | 'nextTraining'
  | 'neverTrained'
  | 'switched'
  | 'kept'
  | 'decidedBetter'
  | 'decidedNotClearlyBetter'
  | 'decidedNotClearlyBetterWins'
  | 'decidedTooFewHeldOut'
  | 'trainingQueued'
  | 'trainingRunning'
  | `trainingEnded.${TrainingOutcome | 'ended'}`;

/**
 * A sentence and what fills it; `language`, when set, is named in the reader's language as
 * `{{language}}`.
 */
export interface Words {
  key: ModelKey;
  values?: Record<string, string | number>;
  language?: (typeof LANGUAGES)[number];
  /** Each label's threshold, formatted (none: never without a person), said as a list as `{{labels}}`. */
  labels?: Array<{ sentiment: (typeof LABELS)[number]; threshold: string | null }>;
}

export interface Formats {
  /** A share, 0 to 1, as a percent ("93%"). */
  percent(share: number): string;
  /** A macro-F1, 0 to 100 ("71.4"). */
  decimal(score: number): string;
  date(iso: string): string;
}

/** The languages the classifier has its own thresholds for, in the order they are listed. */
const LANGUAGES = ['en', 'it'] as const;
/** The labels a proposal may be applied with, each with its own threshold, in the order they are listed. */
const LABELS = ['NEGATIVE', 'NEUTRAL', 'POSITIVE'] as const;

/**
 * The model chooses each language's threshold where its labels were at least this often right on
 * texts it had not learnt from (contract/sentiment-model.ts).
 */
export const THRESHOLD_PRECISION = 0.9;

/**
 * One line per language, each label's threshold in it, or one line for all when a setting gives
 * every one the same; then a line on where the thresholds come from. A label without one (null)
 * is never applied without a person in that language: each such proposal waits in the review.
 */
export function thresholdWords(thresholds: SentimentModel['thresholds'], format: Formats): Words[] {
  const { source } = thresholds;
  const all = LANGUAGES.flatMap((language) => LABELS.map((label) => thresholds[language][label]));
  const lines: Words[] =
    source === 'setting' && all[0] !== null && all.every((each) => each === all[0])
      ? [{ key: 'thresholdAll', values: { threshold: format.percent(all[0]!) } }]
      : LANGUAGES.map((language) => ({
          key: 'thresholdLanguage',
          language,
          labels: LABELS.map((sentiment) => {
            const threshold = thresholds[language][sentiment];
            return { sentiment, threshold: threshold === null ? null : format.percent(threshold) };
          }),
        }));
  return [
    ...lines,
    source === 'setting'
      ? { key: 'thresholdsFromSetting' }
      : { key: 'thresholdsFromModel', values: { precision: format.percent(THRESHOLD_PRECISION) } },
  ];
}

/**
 * The last 30 days without a person: how many of the comments that arrived took the classifier's
 * label, and how the sampled ones fared with a reviewer (none checked yet: why there will be).
 */
export function withoutPersonWords(figures: SentimentModel['withoutPerson'], format: Formats): Words[] {
  const { arrived, applied, checked, agreed, sampleShare } = figures;
  if (arrived === 0 && checked === 0) return [{ key: 'noArrivals' }];
  const lines: Words[] = [];
  if (arrived > 0) {
    lines.push({
      key: 'appliedWithoutPerson',
      values: { applied, count: arrived, share: format.percent(applied / arrived) },
    });
  }
  if (checked > 0) {
    lines.push({ key: 'agreement', values: { checked, agreed, share: format.percent(agreed / checked) } });
  } else if (applied > 0) {
    lines.push(
      sampleShare > 0 ? { key: 'noneChecked', values: { share: format.percent(sampleShare) } } : { key: 'noneSampled' },
    );
  }
  return lines;
}

/** The last training, and why it was switched to or not; before any, what one waits for. */
export function lastTrainingWords(model: SentimentModel, format: Formats): Words {
  const last = model.lastTraining;
  if (last === null) {
    return model.reviewedComments >= model.minimumReviews
      ? { key: 'nextTraining', values: { count: model.reviewedComments } }
      : { key: 'neverTrained', values: { count: model.reviewedComments, minimum: model.minimumReviews } };
  }
  const values = {
    date: format.date(last.trainedAt),
    score: format.decimal(last.score),
    previous: format.decimal(last.previousScore),
  };
  const wins = last.wins === null ? null : format.percent(last.wins);
  switch (last.decision) {
    case 'better':
      return wins === null ? { key: 'switched', values } : { key: 'decidedBetter', values: { ...values, wins } };
    case 'notClearlyBetter':
      return wins === null
        ? { key: 'decidedNotClearlyBetter', values }
        : { key: 'decidedNotClearlyBetterWins', values: { ...values, wins } };
    case 'tooFewHeldOut':
      return {
        key: 'decidedTooFewHeldOut',
        values: { date: values.date, heldOut: last.heldOut, minimum: model.minimumHeldOut },
      };
    case null:
      // A training from before the reason was kept: only whether it was switched to.
      return { key: last.switched ? 'switched' : 'kept', values };
  }
}

export type TrainingState = SentimentModel['training']['state'];
export type TrainingOutcome = NonNullable<SentimentTrainingEvent['outcome']>;

/**
 * The training as the panel shows it: the API's state, read again on each event, and how the
 * last one told here ended. The event that a training ended is sent while its job is still
 * finishing, so a reading right after it may still say `running`: once told it ended, that
 * reading is taken as over, until the next event tells otherwise. A training that was recorded
 * is said to have ended once the panel's reading shows it as the last training (`lastTrainedAt`,
 * or a later one): the event comes before that reading, and until it does the panel's figures are
 * still those of the training before, so it is still under way for the reader.
 */
export function shownTraining(
  read: TrainingState,
  told: SentimentTrainingEvent | null,
  lastTrainedAt: string | null,
): { state: TrainingState; ended: TrainingOutcome | 'ended' | null } {
  if (told?.state !== 'ended') return { state: read, ended: null };
  if (read === 'queued') return { state: read, ended: null };
  if (
    told.trainedAt !== undefined &&
    (lastTrainedAt === null || Date.parse(lastTrainedAt) < Date.parse(told.trainedAt))
  ) {
    return { state: 'running', ended: null };
  }
  return { state: 'idle', ended: told.outcome ?? 'ended' };
}

/** The status beside "Train now": what runs, or how the last one told here ended; empty when nothing. */
export function trainingStatusWords(shown: ReturnType<typeof shownTraining>): Words | null {
  if (shown.state === 'queued') return { key: 'trainingQueued' };
  if (shown.state === 'running') return { key: 'trainingRunning' };
  return shown.ended === null ? null : { key: `trainingEnded.${shown.ended}` };
}
