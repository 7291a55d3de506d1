import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { SentimentTrainingEvent } from '~contract/realtime';
import en from '../../../public/assets/i18n/en.json';
import {
  lastTrainingWords,
  shownTraining,
  thresholdWords,
  trainingStatusWords,
  withoutPersonWords,
  type Formats,
  type Words,
} from './model-words';
import type { SentimentModel } from './sentiment-model';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });

const format: Formats = {
  percent: (share) => new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 }).format(share),
  decimal: (score) => new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(score),
  date: (iso) => iso.slice(0, 10),
};

/** The sentence as the panel shows it in English. */
/** As the panel says it in English (model-card.tsx): the labels as a list. */
const say = ({ key, values, language, labels }: Words) =>
  i18n.t(`review.model.${key}`, {
    ...values,
    ...(language ? { language: i18n.t(`review.model.languages.${language}`) } : {}),
    ...(labels
      ? {
          labels: new Intl.ListFormat('en', { type: 'unit', style: 'long' }).format(
            labels.map(({ sentiment, threshold }) =>
              threshold === null
                ? i18n.t('review.model.thresholdLabelNever', { sentiment: i18n.t(`ui.sentiment.${sentiment}`) })
                : i18n.t('review.model.thresholdLabelAt', {
                    sentiment: i18n.t(`ui.sentiment.${sentiment}`),
                    threshold,
                  }),
            ),
          ),
        }
      : {}),
  });

const model = (over: Partial<SentimentModel> = {}): SentimentModel => ({
  inUse: { source: 'carried', trainedAt: null, reviewedComments: 0, score: null },
  thresholds: {
    source: 'model',
    en: { NEGATIVE: 0.91, NEUTRAL: null, POSITIVE: 0.91 },
    it: { NEGATIVE: 0.88, NEUTRAL: 0.88, POSITIVE: 0.88 },
  },
  accepted: { last7Days: { reviewed: 0, accepted: 0 }, last30Days: { reviewed: 0, accepted: 0 } },
  withoutPerson: { arrived: 0, applied: 0, checked: 0, agreed: 0, sampleShare: 0.05 },
  training: { state: 'idle' },
  lastTraining: null,
  minimumReviews: 30,
  minimumHeldOut: 40,
  reviewedComments: 12,
  ...over,
});

const training = (over: Partial<NonNullable<SentimentModel['lastTraining']>>) =>
  model({
    lastTraining: {
      trainedAt: '2026-11-20T10:00:00.000Z',
      switched: false,
      reviewedComments: 200,
      heldOut: 50,
      score: 71.43,
      previousScore: 68.2,
      decision: null,
      wins: null,
      ...over,
    },
  });

const byLabel = (NEGATIVE: number | null, NEUTRAL: number | null, POSITIVE: number | null) => ({
  NEGATIVE,
  NEUTRAL,
  POSITIVE,
});

describe("the classifier panel's thresholds", () => {
  it("names each language's and label's own, chosen by the model, and one with none as never", () => {
    expect(
      thresholdWords({ source: 'model', en: byLabel(0.992, null, 0.997), it: byLabel(null, 0.905, 0.88) }, format).map(
        say,
      ),
    ).toEqual([
      'English: Negative at 99.2% or more, Neutral never, Positive at 99.7% or more.',
      'Italian: Negative never, Neutral at 90.5% or more, Positive at 88% or more.',
      "Each language's and label's own, where the model's labels were at least 90% right on texts it had not learnt from; a label never applied waits for a reviewer.",
    ]);
  });

  it('says one threshold for every language when the installation sets it', () => {
    expect(
      thresholdWords({ source: 'setting', en: byLabel(0.7, 0.7, 0.7), it: byLabel(0.7, 0.7, 0.7) }, format).map(say),
    ).toEqual([
      'Every language: a proposal at 70% confidence or more.',
      'One threshold for every language, set for this installation.',
    ]);
  });

  it('lists them apart when a setting leaves them different (never made so, but not hidden)', () => {
    expect(
      thresholdWords({ source: 'setting', en: byLabel(0.7, 0.7, 0.7), it: byLabel(null, null, null) }, format).map(
        (words) => words.key,
      ),
    ).toEqual(['thresholdLanguage', 'thresholdLanguage', 'thresholdsFromSetting']);
  });
});

describe('the last 30 days without a person', () => {
  it('gives the share decided without a person and how the checked ones fared', () => {
    expect(
      withoutPersonWords({ arrived: 400, applied: 120, checked: 40, agreed: 37, sampleShare: 0.05 }, format).map(say),
    ).toEqual([
      "The classifier's label was applied without a person to 120 of 400 comments that arrived (30%).",
      'Reviewers checked 40 of these labels and kept 37 (92.5%).',
    ]);
  });

  it('says why none was checked yet: the share that goes to the review, or that none does', () => {
    expect(
      withoutPersonWords({ arrived: 1, applied: 1, checked: 0, agreed: 0, sampleShare: 0.05 }, format).map(say),
    ).toEqual([
      "The classifier's label was applied without a person to 1 of 1 comment that arrived (100%).",
      'No reviewer has checked one of these labels yet: 5% of them are shown in the review, to measure how often they are right.',
    ]);
    expect(
      withoutPersonWords({ arrived: 1, applied: 1, checked: 0, agreed: 0, sampleShare: 0 }, format).map(say),
    ).toEqual([
      "The classifier's label was applied without a person to 1 of 1 comment that arrived (100%).",
      'None of these labels is shown in the review (SENTIMENT_SAMPLE_SHARE is 0): how often they are right is not measured.',
    ]);
  });

  it('says nothing of checks when nothing was applied without a person, and that nothing arrived when nothing did', () => {
    expect(
      withoutPersonWords({ arrived: 5, applied: 0, checked: 0, agreed: 0, sampleShare: 0.05 }, format).map(
        (w) => w.key,
      ),
    ).toEqual(['appliedWithoutPerson']);
    expect(
      withoutPersonWords({ arrived: 0, applied: 0, checked: 0, agreed: 0, sampleShare: 0.05 }, format).map(say),
    ).toEqual(['No comments arrived.']);
  });

  it('still reports checks of labels when no comment arrived lately (never a division by zero)', () => {
    expect(
      withoutPersonWords({ arrived: 0, applied: 0, checked: 2, agreed: 1, sampleShare: 0.05 }, format).map(say),
    ).toEqual(['Reviewers checked 2 of these labels and kept 1 (50%).']);
  });
});

describe('the last training, in words', () => {
  it('switched to as clearly better, with the share of resamples it won', () => {
    expect(say(lastTrainingWords(training({ switched: true, decision: 'better', wins: 0.973 }), format))).toBe(
      '2026-11-20: in use now, as clearly better: it scored above the previous model in 97.3% of resamples of the held-out reviews (macro-F1 71.4 against 68.2).',
    );
  });

  it('kept as not clearly better, with or without the share of resamples', () => {
    expect(say(lastTrainingWords(training({ decision: 'notClearlyBetter', wins: 0.61 }), format))).toBe(
      '2026-11-20: the model in use stayed, as the new one was not clearly better: it scored above it in only 61% of resamples of the held-out reviews (macro-F1 71.4 for the new one, 68.2 for the one in use).',
    );
    expect(lastTrainingWords(training({ decision: 'notClearlyBetter' }), format).key).toBe('decidedNotClearlyBetter');
  });

  it('kept for too few held-out reviews, saying how many a switch needs', () => {
    expect(say(lastTrainingWords(training({ decision: 'tooFewHeldOut', heldOut: 12 }), format))).toBe(
      '2026-11-20: the model in use stayed: a switch needs 40 held-out reviews, and this training had 12.',
    );
  });

  it('says only switched or kept for a training from before the reason was kept', () => {
    expect(lastTrainingWords(training({ switched: true }), format).key).toBe('switched');
    expect(lastTrainingWords(training({}), format).key).toBe('kept');
  });

  it('before any, what the first one waits for', () => {
    expect(say(lastTrainingWords(model(), format))).toBe(
      'None yet: a training needs 30 reviewed comments; there are 12.',
    );
    expect(lastTrainingWords(model({ reviewedComments: 30 }), format).key).toBe('nextTraining');
  });
});

describe('the training beside "Train now"', () => {
  const status = (
    read: SentimentModel['training']['state'],
    told: SentimentTrainingEvent | null,
    lastTrainedAt: string | null = null,
  ) => {
    const words = trainingStatusWords(shownTraining(read, told, lastTrainedAt));
    return words && say(words);
  };

  it("goes by the API's reading while a training is queued or running", () => {
    expect(status('idle', null)).toBeNull();
    expect(status('queued', { state: 'queued' })).toBe('Training queued: it starts shortly.');
    expect(status('running', { state: 'queued' })).toBe('Training under way…');
    expect(status('running', null)).toBe('Training under way…');
  });

  it('says how the last one told here ended, even when a reading still says running', () => {
    expect(status('idle', { state: 'ended', outcome: 'switched' })).toBe('Training ended: the new model is in use.');
    expect(shownTraining('running', { state: 'ended', outcome: 'kept' }, null)).toEqual({
      state: 'idle',
      ended: 'kept',
    });
    expect(status('idle', { state: 'ended', outcome: 'waiting' })).toBe(
      'Nothing was trained: there are too few reviews yet.',
    );
    expect(status('idle', { state: 'ended' })).toBe('Training ended.');
  });

  it('says a recorded training ended once the reading shows it as the last one, not before', () => {
    const told = { state: 'ended', outcome: 'kept', trainedAt: '2026-12-07T08:03:00.132Z' } as const;
    // The event came before the reading: the panel still shows no training, or the one before.
    expect(status('running', told, null)).toBe('Training under way…');
    expect(status('idle', told, '2026-12-06T03:00:00.000Z')).toBe('Training under way…');
    expect(status('idle', told, '2026-12-07T08:03:00.132Z')).toBe('Training ended: the model in use stayed.');
    // Another training recorded since (another admin's, or the daily one): this one is over too.
    expect(status('idle', told, '2026-12-07T09:00:00.000Z')).toBe('Training ended: the model in use stayed.');
  });

  it('shows a training queued after the last one ended', () => {
    expect(shownTraining('queued', { state: 'ended', outcome: 'cancelled' }, null)).toEqual({
      state: 'queued',
      ended: null,
    });
  });
});
