import {
  isRouteErrorResponse,
  useLocation,
  useNavigate,
  useNavigation,
  useRouteError,
  type ErrorResponse,
} from '@remix-run/react';
import { useCallback, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from './ui/button';
import { OfflineError } from '~/lib/http';
import type { RouteErrorData } from '~/lib/route-errors';
import { paths } from '~/lib/paths';

/** A route's own words for a status: `{ 404: () => t('projects.notFound', { id }) }`. */
export type StatusMessages = Partial<Record<number, (error: ErrorResponse) => ReactNode>>;

/**
 * What every route's ErrorBoundary renders, inside whatever frame its layout gives: the
 * not-found state for a 404 (with the route's words for what was missing, when it has them),
 * otherwise an apology worded per status, each with a way back to the dashboard (on a page of the
 * app) and, unless the page is refused, a way to try again.
 */
export function RouteErrorBoundary({
  statusMessages = {},
  withDashboardLink = true,
}: {
  statusMessages?: StatusMessages;
  /** False on a public page a stranger opens (a report, a deletion status): no dashboard is theirs. */
  withDashboardLink?: boolean;
}) {
  const error = useRouteError();
  const { t } = useTranslation();
  const response = isRouteErrorResponse(error) ? error : null;
  const offline = error instanceof OfflineError;
  // A thrown response is an expected outcome, and so is a lost connection; anything else is a
  // bug worth seeing in the console.
  if (!response && !offline) console.error(error);
  if (offline) return <OfflineState />;
  const status = response?.status ?? 500;
  const custom = response ? statusMessages[status]?.(response) : undefined;
  if (status === 404) return <NotFoundState text={custom} withButton={withDashboardLink} />;
  const requestId = (response?.data as Partial<RouteErrorData> | undefined)?.requestId;
  return (
    <ErrorState
      title={t('errors.pageTitle')}
      text={custom ?? t(status === 403 ? 'errors.forbidden' : 'errors.pageText')}
      reference={requestId ?? undefined}
      // Reloads, not navigations: whatever broke this page may be held in memory. Trying again is
      // offered where it may help: not where the page is refused.
      action={
        <div className="flex flex-wrap justify-center gap-3">
          {status === 403 ? null : (
            <Button variant="secondary" onClick={() => window.location.reload()}>
              {t('errors.retry')}
            </Button>
          )}
          {withDashboardLink ? (
            <ButtonLink to={paths.home()} reloadDocument>
              {t('notFound.backToDashboard')}
            </ButtonLink>
          ) : null}
        </div>
      }
    />
  );
}

/**
 * A page that could not load for want of a connection: it says so, and loads again by itself
 * as soon as the browser is back online (or when asked).
 *
 * It loads again by opening the same address, not by `useRevalidator`: React Router's boundary
 * leaves its error for a new location, or for a revalidation it saw start and end; when the
 * read is quick and the machine busy, React renders its start and end as one, the boundary sees
 * no revalidation, and the page stays offline with its data loaded. A new location it always sees.
 */
function OfflineState() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const loading = useNavigation().state === 'loading';
  const retry = useCallback(
    () =>
      navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { replace: true, state: location.state, preventScrollReset: true },
      ),
    [navigate, location],
  );
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
  return (
    <ErrorState
      title={t('errors.offlineTitle')}
      text={t('errors.offlineText')}
      action={
        <Button variant="secondary" pending={loading} onClick={retry}>
          {t('errors.retry')}
        </Button>
      }
    />
  );
}

/**
 * The not-found page's content (docs/product.md#not-found): for /404, unknown paths and records
 * that are gone.
 */
export function NotFoundState({ text, withButton = true }: { text?: ReactNode; withButton?: boolean }) {
  const { t } = useTranslation();
  return (
    <ErrorState
      code="404"
      title={t('notFound.title')}
      text={text ?? t('notFound.text')}
      action={withButton ? <ButtonLink to={paths.home()}>{t('notFound.backToDashboard')}</ButtonLink> : null}
    />
  );
}

export function ErrorState({
  code,
  title,
  text,
  action,
  reference,
}: {
  code?: string;
  title: ReactNode;
  text: ReactNode;
  action?: ReactNode;
  /** The API's request id: what the user can quote to support, who find it in the logs. */
  reference?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 py-10 text-center">
      {code ? (
        <p className="text-7xl font-extrabold tracking-tight text-primary" aria-hidden="true">
          {code}
        </p>
      ) : null}
      <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
      <p className="max-w-md text-fg-muted">{text}</p>
      {reference ? (
        <p className="text-sm text-fg-muted">
          {t('errors.reference')}{' '}
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-fg select-all">{reference}</code>
        </p>
      ) : null}
      {action}
    </div>
  );
}
