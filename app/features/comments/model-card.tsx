import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { ReadAgainButton } from '~/components/ui/read-again-button';
import type { SentimentModel } from './sentiment-model';

/**
 * The classifier, as the admins watch it (docs/decisions/049): the model in use, how often the
 * reviewers took its proposals lately, the last training on their reviews, and a way to train
 * now. A failure to read it is said here; the review below stays usable.
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
  const percent = new Intl.NumberFormat(i18n.language || undefined, { style: 'percent' });
  const decimal = new Intl.NumberFormat(i18n.language || undefined, { maximumFractionDigits: 1 });
  const date = new Intl.DateTimeFormat(i18n.language || undefined, { dateStyle: 'medium', timeStyle: 'short' });
  if (model === 'failed') {
    return (
      <Card headingLevel={2} title={t('review.model.title')}>
        <p className="text-sm text-fg-muted" role="alert">
          {t('review.model.failed')} <ReadAgainButton />
        </p>
      </Card>
    );
  }
  const accepted = (figures: { reviewed: number; accepted: number }, period: '7' | '30') =>
    figures.reviewed === 0
      ? t(`review.model.noReviews${period}`)
      : t(`review.model.accepted${period}`, {
          accepted: figures.accepted,
          reviewed: figures.reviewed,
          share: percent.format(figures.accepted / figures.reviewed),
        });
  const last = model.lastTraining;
  return (
    <section aria-label={t('review.model.title')}>
      <Card
        headingLevel={2}
        title={t('review.model.title')}
        description={t('review.model.description', { threshold: percent.format(model.threshold) })}
        actions={
          <Button variant="secondary" size="sm" onClick={onTrain} pending={training}>
            {t('review.model.train')}
          </Button>
        }
      >
        <dl className="grid gap-4 text-sm md:grid-cols-3">
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
            <dt className="font-medium text-fg">{t('review.model.acceptedTitle')}</dt>
            <dd className="text-fg-muted">{accepted(model.accepted.last7Days, '7')}</dd>
            <dd className="text-fg-muted">{accepted(model.accepted.last30Days, '30')}</dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="font-medium text-fg">{t('review.model.lastTraining')}</dt>
            <dd className="text-fg-muted">
              {last === null
                ? model.reviewedComments >= model.minimumReviews
                  ? t('review.model.nextTraining', { count: model.reviewedComments })
                  : t('review.model.neverTrained', { count: model.reviewedComments, minimum: model.minimumReviews })
                : t(last.switched ? 'review.model.switched' : 'review.model.kept', {
                    date: date.format(new Date(last.trainedAt)),
                    score: decimal.format(last.score),
                    previous: decimal.format(last.previousScore),
                  })}
            </dd>
          </div>
        </dl>
      </Card>
    </section>
  );
}
