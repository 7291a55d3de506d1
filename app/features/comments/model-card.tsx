import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { ReadAgainButton } from '~/components/ui/read-again-button';
import { dateTimeFormat, listFormat, numberFormat } from '~/lib/format';
import {
  lastTrainingWords,
  shownTraining,
  thresholdWords,
  trainingStatusWords,
  withoutPersonWords,
  type Formats,
  type Words,
} from './model-words';
import { useToldTraining, type SentimentModel } from './sentiment-model';

/**
 * The classifier, as the admins watch it (docs/decisions/049): the model in use, the confidence
 * each language needs for a label to be applied without a person, how those labels fared, how
 * often the reviewers took its proposals lately, the last training on their reviews and why it
 * was switched to or not, and a way to train now that follows the training live. A failure to
 * read it is said here; the review below stays usable.
 */
export function SentimentModelCard({
  model,
  onTrain,
  training,
}: {
  model: SentimentModel | 'failed';
  onTrain: () => void;
  training: boolean;
}) {
  const { t, i18n } = useTranslation();
  const told = useToldTraining();
  const statusId = useId();
  const language = i18n.language;
  const percent = numberFormat(language, { style: 'percent' });
  // A threshold is shown as it is applied: 90.5 % is not "91 % or more".
  const threshold = numberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const decimal = numberFormat(language, { maximumFractionDigits: 1 });
  const date = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  if (model === 'failed') {
    // The same region as the figures it stands for, so it is found where they are.
    return (
      <section aria-label={t('review.model.title')}>
        <Card headingLevel={2} title={t('review.model.title')}>
          <p className="text-sm text-fg-muted" role="alert">
            {t('review.model.failed')} <ReadAgainButton />
          </p>
        </Card>
      </section>
    );
  }
  const formats: Formats = {
    percent: (share) => percent.format(share),
    decimal: (score) => decimal.format(score),
    date: (iso) => date.format(new Date(iso)),
  };
  const list = listFormat(language, { type: 'unit', style: 'long' });
  const say = ({ key, values, language: named, labels }: Words) =>
    t(`review.model.${key}`, {
      ...values,
      ...(named ? { language: t(`review.model.languages.${named}`) } : {}),
      ...(labels ? { labels: sayLabels(labels) } : {}),
    });
  const sayLabels = (labels: NonNullable<Words['labels']>) =>
    list.format(
      labels.map(({ sentiment, threshold }) =>
        threshold === null
          ? t('review.model.thresholdLabelNever', { sentiment: t(`ui.sentiment.${sentiment}`) })
          : t('review.model.thresholdLabelAt', { sentiment: t(`ui.sentiment.${sentiment}`), threshold }),
      ),
    );
  const accepted = (figures: { reviewed: number; accepted: number }, period: '7' | '30') =>
    figures.reviewed === 0
      ? t(`review.model.noReviews${period}`)
      : t(`review.model.accepted${period}`, {
          accepted: figures.accepted,
          reviewed: figures.reviewed,
          share: percent.format(figures.accepted / figures.reviewed),
        });
  const shown = shownTraining(model.training.state, told, model.lastTraining?.trainedAt ?? null);
  const status = trainingStatusWords(shown);
  return (
    <section aria-label={t('review.model.title')}>
      <Card
        headingLevel={2}
        title={t('review.model.title')}
        description={
          <>
            {t('review.model.description')}
            {/* Always there, empty when idle: a live region announces what changes inside it. */}
            <span
              id={statusId}
              role="status"
              aria-live="polite"
              className="mt-2 flex items-center gap-2 font-medium text-fg empty:mt-0"
            >
              {status ? (
                <>
                  {shown.state === 'idle' ? null : <Spinner />}
                  {say(status)}
                </>
              ) : null}
            </span>
          </>
        }
        actions={
          <Button
            variant="secondary"
            size="sm"
            onClick={onTrain}
            // Under way, another press would only be refused (one training at a time).
            pending={training || shown.state === 'running'}
            aria-describedby={statusId}
          >
            {t('review.model.train')}
          </Button>
        }
      >
        <dl className="grid gap-x-6 gap-y-4 text-sm md:grid-cols-2 lg:grid-cols-3">
          <div className="flex flex-col gap-1">
            <dt className="font-medium text-fg">{t('review.model.inUse')}</dt>
            <dd className="text-fg-muted">
              {model.inUse.source === 'carried'
                ? t('review.model.carried')
                : t('review.model.retrained', {
                    count: model.inUse.reviewedComments,
                    date: date.format(new Date(model.inUse.trainedAt!)),
                    score: decimal.format(model.inUse.score!),
                  })}
            </dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="font-medium text-fg">{t('review.model.thresholdsTitle')}</dt>
            {thresholdWords(model.thresholds, { ...formats, percent: (share) => threshold.format(share) }).map(
              (words) => (
                <dd key={`${words.key}${words.language ?? ''}`} className="text-fg-muted">
                  {say(words)}
                </dd>
              ),
            )}
          </div>
          <div className="flex flex-col gap-1">
            <dt className="font-medium text-fg">{t('review.model.withoutPersonTitle')}</dt>
            {withoutPersonWords(model.withoutPerson, formats).map((words) => (
              <dd key={words.key} className="text-fg-muted">
                {say(words)}
              </dd>
            ))}
          </div>
          <div className="flex flex-col gap-1">
            <dt className="font-medium text-fg">{t('review.model.acceptedTitle')}</dt>
            <dd className="text-fg-muted">{accepted(model.accepted.last7Days, '7')}</dd>
            <dd className="text-fg-muted">{accepted(model.accepted.last30Days, '30')}</dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="font-medium text-fg">{t('review.model.lastTraining')}</dt>
            <dd className="text-fg-muted">{say(lastTrainingWords(model, formats))}</dd>
          </div>
        </dl>
      </Card>
    </section>
  );
}
