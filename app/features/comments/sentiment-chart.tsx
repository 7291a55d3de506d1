import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, numberFormat } from '~/lib/format';
import { SUMMARY_PERIODS, type SentimentSummary, type SummaryPeriod } from '~contract/comments';
import { SENTIMENTS, type Sentiment } from '~contract/fields';
import { SentimentBadge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Select } from '~/components/ui/select';

/** The CSS role of each sentiment's colour (app/tailwind.css): the chart's bars match the badges. */
const COLOUR_VARIABLE: Record<Sentiment, string> = {
  POSITIVE: '--sentiment-positive',
  MIXED: '--sentiment-mixed',
  NEGATIVE: '--sentiment-negative',
  NEUTRAL: '--sentiment-neutral',
  UNCLASSIFIED: '--sentiment-unclassified',
};

/** The theme's colours as they are now (light or dark: the variables swap under `.dark`). */
function themeColours() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return {
    sentiment: Object.fromEntries(SENTIMENTS.map((each) => [each, read(COLOUR_VARIABLE[each])])) as Record<
      Sentiment,
      string
    >,
    text: read('--fg-muted'),
    grid: read('--line'),
  };
}

/** Sums each sentiment over the period. */
export function totalsOf(summary: SentimentSummary): Record<Sentiment, number> {
  const totals = Object.fromEntries(SENTIMENTS.map((each) => [each, 0])) as Record<Sentiment, number>;
  for (const day of summary.days) for (const each of SENTIMENTS) totals[each] += day.counts[each] ?? 0;
  return totals;
}

/**
 * A project's comments by sentiment, a day at a time (docs/product.md#a-projects-comments): stacked bars drawn by Chart.js
 * (decision 027: loaded with this component only, never on the way to the first screen), in the
 * sentiments' own colours in either theme. The canvas is a picture: its words say the totals,
 * and the same figures are a table one press away, for screen readers and anyone who wants
 * numbers.
 */
export function SentimentChart({ summary, label }: { summary: SentimentSummary; label: string }) {
  const { t, i18n } = useTranslation();
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [asTable, setAsTable] = useState(false);
  const [failed, setFailed] = useState(false);
  const tableId = useId();
  const language = i18n.language || undefined;
  const totals = totalsOf(summary);
  const count = numberFormat(language).format;
  const dayLabel = dateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const dayName = dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const shortDayName = dateTimeFormat(language, { day: 'numeric', month: 'numeric', timeZone: 'UTC' });
  const shown = SENTIMENTS.filter((each) => totals[each] > 0);
  const said = shown.map((each) => `${t(`ui.sentiment.${each}`)} ${count(totals[each])}`).join(', ');

  useEffect(() => {
    const element = canvas.current;
    if (!element || asTable) return;
    let chart: import('chart.js').Chart | undefined;
    let observer: MutationObserver | undefined;
    let cancelled = false;
    void import('./sentiment-chart-engine')
      .then(({ Chart }) => {
        if (cancelled) return;
        const colours = themeColours();
        chart = new Chart(element, {
          type: 'bar',
          data: {
            labels: summary.days.map((day) => dayLabel.format(new Date(`${day.date}T00:00:00Z`))),
            datasets: SENTIMENTS.map((each) => ({
              label: t(`ui.sentiment.${each}`),
              data: summary.days.map((day) => day.counts[each] ?? 0),
              backgroundColor: colours.sentiment[each],
              borderRadius: 2,
              maxBarThickness: 28,
            })),
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            locale: language,
            plugins: { legend: { display: false }, tooltip: { mode: 'index', intersect: false } },
            scales: {
              x: {
                stacked: true,
                grid: { display: false },
                ticks: { color: colours.text, maxRotation: 0, autoSkipPadding: 12 },
              },
              y: {
                stacked: true,
                beginAtZero: true,
                grid: { color: colours.grid },
                border: { display: false },
                ticks: { color: colours.text, precision: 0 },
              },
            },
          },
        });
        // The theme can change while the chart is on screen: its colours follow.
        observer = new MutationObserver(() => {
          if (!chart) return;
          const now = themeColours();
          chart.data.datasets.forEach((dataset, index) => {
            dataset.backgroundColor = now.sentiment[SENTIMENTS[index]!];
          });
          const scales = chart.options.scales as Record<
            string,
            { ticks?: { color?: string }; grid?: { color?: string } }
          >;
          if (scales.x?.ticks) scales.x.ticks.color = now.text;
          if (scales.y?.ticks) scales.y.ticks.color = now.text;
          if (scales.y?.grid) scales.y.grid.color = now.grid;
          chart.update();
        });
        observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
    // The labels' words and dates follow the language; the rest is the summary's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [summary, asTable, language]);

  return (
    <figure className="flex flex-col gap-3">
      <ul className="flex flex-wrap gap-2" aria-label={t('projectComments.chart.totals')}>
        {SENTIMENTS.map((each) => (
          <li key={each} className="flex items-center gap-1.5 text-sm">
            <SentimentBadge sentiment={each} />
            <span className="font-semibold tabular-nums">{count(totals[each])}</span>
          </li>
        ))}
      </ul>
      {asTable || failed ? (
        // Scrolls by keyboard too: it can be focused.
        <div
          className="focus-ring max-h-80 overflow-auto rounded-lg ring-1 ring-line"
          id={tableId}
          role="region"
          aria-label={label}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (WCAG 2.1.1)
          tabIndex={0}
        >
          <table className="w-full text-sm">
            <caption className="sr-only">{label}</caption>
            <thead className="sticky top-0 bg-muted text-left">
              <tr>
                <th scope="col" className="px-2 py-2 font-semibold sm:px-3">
                  {t('projectComments.chart.day')}
                </th>
                {/* On a phone the six columns fit by short names (the full ones still said). */}
                {SENTIMENTS.map((each) => (
                  <th key={each} scope="col" className="px-2 py-2 text-right font-semibold sm:px-3">
                    <span aria-hidden="true" className="sm:hidden">
                      {t(`ui.sentimentShort.${each}`)}
                    </span>
                    <span className="sr-only sm:not-sr-only">{t(`ui.sentiment.${each}`)}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {summary.days.map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="px-2 py-1.5 text-left font-normal whitespace-nowrap sm:px-3">
                    <time dateTime={day.date}>
                      <span aria-hidden="true" className="sm:hidden">
                        {shortDayName.format(new Date(`${day.date}T00:00:00Z`))}
                      </span>
                      <span className="sr-only sm:not-sr-only">
                        {dayName.format(new Date(`${day.date}T00:00:00Z`))}
                      </span>
                    </time>
                  </th>
                  {SENTIMENTS.map((each) => (
                    <td key={each} className="px-2 py-1.5 text-right tabular-nums sm:px-3">
                      {count(day.counts[each] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="relative h-56 sm:h-64">
          {/* Chart.js sets the canvas's width a frame after its box resizes (its ResizeObserver
              waits for the next animation frame): meanwhile the box's width bounds it, so a
              narrower window never gets a chart wider than its column. */}
          <canvas
            ref={canvas}
            className="max-w-full"
            role="img"
            aria-label={shown.length > 0 ? `${label}: ${said}` : `${label}: ${t('projectComments.chart.none')}`}
          />
        </div>
      )}
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm text-fg-muted">
        <span>{label}</span>
        {failed ? null : (
          <Button variant="ghost" size="sm" onClick={() => setAsTable(!asTable)} aria-expanded={asTable}>
            {asTable ? t('projectComments.chart.showChart') : t('projectComments.chart.showTable')}
          </Button>
        )}
      </figcaption>
    </figure>
  );
}

/** The chart's period (the last 7, 30 or 90 days), for the chart card's header. */
export function SummaryPeriodSelect({
  value,
  onChange,
}: {
  value: SummaryPeriod;
  onChange: (period: SummaryPeriod) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="w-48">
      <Select
        label={t('projectComments.chart.period')}
        options={SUMMARY_PERIODS.map((days) => ({
          value: days,
          label: t('projectComments.chart.lastDays', { count: Number(days) }),
        }))}
        value={value}
        onChange={(next) => onChange(next as SummaryPeriod)}
      />
    </div>
  );
}
