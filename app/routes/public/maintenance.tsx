import { useSearchParams } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '~/components/public-page';
import { ButtonLink } from '~/components/ui/button';
import { checkHealth } from '~/features/health/api';
import { pageTitle } from '~/lib/i18n';
import { paths } from '~/lib/paths';
import { safeReturnUrl } from '~/lib/return-url';

/** How long the page waits between two questions to the API: often enough to notice, rarely enough not to add to the load. */
const HEALTH_CHECK_INTERVAL_MS = 10_000;

/**
 * Where the way back leads: the `from` path the 503 interrupted, when it is one of ours (never
 * another site, never this page again); null to go home.
 */
function returnTarget(from: string | null): string | null {
  const target = safeReturnUrl(from, '');
  const pathname = target.split(/[?#]/)[0];
  return target && pathname !== paths.maintenance() ? target : null;
}

/**
 * Asks the API whether it is up, at once and then every HEALTH_CHECK_INTERVAL_MS until it
 * answers; true from then on. One question at a time (the next is planned when the last one
 * has its answer), and none once the page is left.
 */
function useApiAnswers(): boolean {
  const [answers, setAnswers] = useState(false);
  useEffect(() => {
    const leaving = new AbortController();
    let next: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      try {
        await checkHealth(leaving.signal);
        setAnswers(true);
      } catch {
        // Still down (a 503, or no answer at all): ask again later, unless the page was left.
        if (!leaving.signal.aborted) next = setTimeout(check, HEALTH_CHECK_INTERVAL_MS);
      }
    };
    void check();
    return () => {
      leaving.abort();
      clearTimeout(next);
    };
  }, []);
  return answers;
}

/** Where any 503 sends the user (docs/product.md#maintenance); open to everybody. */
export default function MaintenanceRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const target = returnTarget(searchParams.get('from'));
  const apiAnswers = useApiAnswers();
  // The tab says it too (a user waiting in another tab sees it there): `meta` is read once, when
  // the page is loaded, and the page does not load again when the API comes back.
  useEffect(() => {
    if (apiAnswers) document.title = pageTitle('maintenance.backTitle')[0]!.title;
  }, [apiAnswers]);
  // One state at a time: down (what is happening, and that the page keeps checking), or back
  // (and the way back). Never both.
  return (
    <PublicPage>
      <h1 className="text-2xl font-bold">{t(apiAnswers ? 'maintenance.backTitle' : 'maintenance.title')}</h1>
      {apiAnswers ? null : <p className="max-w-md text-fg-muted">{t('maintenance.text')}</p>}
      {/* Polite: heard once when the API is back, not on every check. */}
      <p role="status" className={apiAnswers ? 'max-w-md text-fg-muted' : 'text-sm text-fg-muted'}>
        {t(apiAnswers ? 'maintenance.available' : 'maintenance.checking')}
      </p>
      {apiAnswers ? (
        // A whole new load: startup runs again (the user, the language, a build deployed meanwhile).
        <ButtonLink to={target ?? paths.home()} reloadDocument>
          {t(target ? 'maintenance.tryAgain' : 'maintenance.backHome')}
        </ButtonLink>
      ) : null}
    </PublicPage>
  );
}

export function meta() {
  return pageTitle('maintenance.title');
}
