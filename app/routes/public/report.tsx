import { useLoaderData, useNavigation, useRouteError, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, numberFormat } from '~/lib/format';
import { SENTIMENTS } from '~contract/comments';
import { NotFoundState, RouteErrorBoundary } from '~/components/error-boundary';
import { LanguageSwitcher } from '~/components/language-switcher';
import { PublicFooter } from '~/components/public-footer';
import { ThemeSwitcher } from '~/components/theme-switcher';
import { SentimentBadge } from '~/components/ui/badge';
import { Card } from '~/components/ui/card';
import { Logo } from '~/components/ui/logo';
import { summaryPeriodOf } from '~/features/comments/project-filter';
import { SentimentChart, SummaryPeriodSelect } from '~/features/comments/sentiment-chart';
import { ChannelLine } from '~/features/integrations/channel-kind';
import { getPublicReport } from '~/features/projects/report-links';
import { pageTitle } from '~/lib/i18n';
import { isNotFoundResponse, throwRouteError } from '~/lib/route-errors';
import { MAIN_ID } from '~/components/skip-link';

/**
 * A project's report, open to anyone with the link (docs/product.md#public-report-links):
 * what an agency sends its client. A public URL: no user and no channels are loaded; the page shows
 * the project's name, the channels it follows, and its comments by sentiment, nothing of the owner.
 * A revoked or unknown link is the not-found page.
 */
export async function clientLoader({ request, params }: { request: Request; params: { token?: string } }) {
  const period = summaryPeriodOf(new URL(request.url).searchParams);
  try {
    return { period, report: await getPublicReport(params.token ?? '', period) };
  } catch (error) {
    throwRouteError(error, request);
  }
}

/** The frame of a report: the brand and the switchers above, the legal links below. */
function ReportFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="mx-auto flex h-16 w-full max-w-5xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <div className="flex items-center gap-1">
          <LanguageSwitcher />
          <ThemeSwitcher />
        </div>
      </header>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 pt-4 pb-10 outline-none sm:px-6"
      >
        {children}
      </main>
      <PublicFooter column="report" />
    </div>
  );
}

export default function PublicReportRoute() {
  const { t, i18n } = useTranslation();
  const { report, period } = useLoaderData<typeof clientLoader>();
  const [, setSearchParams] = useSearchParams();
  const loading = useNavigation().state === 'loading';
  const number = numberFormat(i18n.language);
  const when = dateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  const total = SENTIMENTS.reduce((sum, each) => sum + report.totals[each], 0);
  return (
    <ReportFrame>
      <div>
        <p className="text-sm font-medium text-primary">{t('reports.public.kicker')}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-fg sm:text-3xl">{report.projectName}</h1>
        <p className="mt-2 text-fg-muted">
          {t('reports.public.generated', { date: when.format(new Date(report.generatedAt)) })}
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card headingLevel={2} title={t('reports.public.totalsTitle')} className="lg:col-span-2">
          <p className="text-3xl font-bold text-fg tabular-nums">{number.format(total)}</p>
          <p className="text-sm text-fg-muted">{t('reports.public.totalsHint', { count: total })}</p>
          <ul aria-label={t('reports.public.totalsTitle')} className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
            {SENTIMENTS.map((sentiment) => (
              <li key={sentiment} className="flex flex-col items-start gap-1">
                <SentimentBadge sentiment={sentiment} />
                <span className="text-lg font-semibold text-fg tabular-nums">
                  {number.format(report.totals[sentiment])}
                </span>
              </li>
            ))}
          </ul>
        </Card>
        <Card headingLevel={2} title={t('reports.public.channelsTitle')}>
          {report.channels.length ? (
            <ul aria-label={t('reports.public.channelsTitle')} className="flex flex-col gap-2 text-sm">
              {report.channels.map((channel, index) => (
                <li key={`${channel.kind}-${index}`} className="min-w-0">
                  <ChannelLine kind={channel.kind} name={channel.name} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-fg-muted">{t('reports.public.noChannels')}</p>
          )}
        </Card>
      </div>

      <Card
        headingLevel={2}
        title={t('projectComments.chart.title')}
        description={t('projectComments.chart.counted')}
        actions={
          <SummaryPeriodSelect
            value={period}
            onChange={(days) => setSearchParams({ days }, { replace: true, preventScrollReset: true })}
          />
        }
      >
        <div aria-busy={loading}>
          <SentimentChart
            summary={report.summary}
            label={t('projectComments.chart.label', { count: Number(period) })}
          />
        </div>
      </Card>
    </ReportFrame>
  );
}

/** "Espresso Bar · Report · Orbita": the project's name first, as the tab is told apart by it. */
export function meta({ data, error }: { data?: { report?: { projectName: string } }; error?: unknown }) {
  if (!data?.report) return pageTitle(isNotFoundResponse(error) ? 'notFound.title' : 'reports.public.title');
  return pageTitle('reports.public.title').map(({ title }) => ({ title: `${data.report!.projectName} · ${title}` }));
}

/**
 * An unknown or revoked link is the not-found page without its button: whoever holds it came
 * from a message, not from our dashboard. A lost connection, or an answer the API could not give,
 * says so and offers to try again.
 */
export function ErrorBoundary() {
  const { t } = useTranslation();
  const notFound = isNotFoundResponse(useRouteError());
  return (
    <ReportFrame>
      {notFound ? (
        <NotFoundState text={t('reports.public.notFound')} withButton={false} />
      ) : (
        <RouteErrorBoundary withDashboardLink={false} />
      )}
    </ReportFrame>
  );
}
