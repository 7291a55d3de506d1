import { useTranslation } from 'react-i18next';
import { ReadAgainButton } from '~/components/ui/read-again-button';
import { Card } from '~/components/ui/card';
import type { SentimentSummary, SummaryPeriod } from './project-comments';
import { SentimentChart, SummaryPeriodSelect } from './sentiment-chart';

/**
 * The sentiment over the period the address asks for (`?days=`), as the comments route's loader
 * read it. A failure to read it is said here, with a retry that reads the page's loaders again:
 * the list below stays usable (as the share dialog's link, app/features/projects/report-link-dialog.tsx).
 */
export function SentimentSummaryCard({
  summary,
  period,
  loading = false,
  onPeriodChange,
}: {
  summary: SentimentSummary | 'failed';
  period: SummaryPeriod;
  /** Another period's summary is on its way: the chart stays, dimmed and marked busy, until it comes. */
  loading?: boolean;
  onPeriodChange: (period: SummaryPeriod) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card
      headingLevel={2}
      title={t('projectComments.chart.title')}
      // What it counts, as every figure of a project's comments (docs/decisions/052-one-count-of-a-projects-comments.md).
      description={t('projectComments.chart.counted')}
      actions={<SummaryPeriodSelect value={period} onChange={onPeriodChange} />}
    >
      <div aria-busy={loading || undefined} className={loading ? 'opacity-60 transition-opacity' : undefined}>
        {summary === 'failed' ? (
          <p className="text-sm text-fg-muted" role="alert">
            {t('projectComments.chart.failed')} <ReadAgainButton />
          </p>
        ) : (
          <SentimentChart summary={summary} label={t('projectComments.chart.label', { count: Number(period) })} />
        )}
      </div>
    </Card>
  );
}
