import { isRouteErrorResponse, useRouteError, type ErrorResponse } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from './ui/button';
import { paths } from '~/lib/paths';

/** A route's own words for a status: `{ 404: () => t('projects.notFound', { id }) }`. */
export type StatusMessages = Partial<Record<number, (error: ErrorResponse) => ReactNode>>;

/**
 * What every route's ErrorBoundary renders, inside whatever frame its layout gives: the
 * not-found state for a 404 (with the route's words for what was missing, when it has them),
 * otherwise an apology worded per status, each with a way back to the dashboard.
 */
export function RouteErrorBoundary({ statusMessages = {} }: { statusMessages?: StatusMessages }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const response = isRouteErrorResponse(error) ? error : null;
  // A thrown response is an expected outcome; anything else is a bug worth seeing in the console.
  if (!response) console.error(error);
  const status = response?.status ?? 500;
  const custom = response ? statusMessages[status]?.(response) : undefined;
  if (status === 404) return <NotFoundState text={custom} />;
  return (
    <ErrorState
      title={t('errors.pageTitle')}
      text={custom ?? t(status === 403 ? 'errors.forbidden' : 'errors.pageText')}
      // A reload, not a navigation: whatever broke this page may be held in memory.
      action={
        <ButtonLink to={paths.home()} reloadDocument>
          {t('notFound.backToDashboard')}
        </ButtonLink>
      }
    />
  );
}

/** The not-found page's content (spec §2): for /404, unknown paths and records that are gone. */
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
}: {
  code?: string;
  title: ReactNode;
  text: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-4 py-10 text-center">
      {code ? (
        <p className="text-7xl font-extrabold tracking-tight text-primary" aria-hidden="true">
          {code}
        </p>
      ) : null}
      <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
      <p className="max-w-md text-fg-muted">{text}</p>
      {action}
    </div>
  );
}
