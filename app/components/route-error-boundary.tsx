import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from './ui/button';
import { NotFound } from './not-found';

/**
 * What every route's ErrorBoundary renders: the not-found page for a 404, otherwise a plain
 * apology with a way home. Each status has its own words.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (!isRouteErrorResponse(error)) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const key = status === 403 ? 'errors.forbidden' : 'errors.generic';
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{t('errors.pageTitle')}</h1>
      <p className="text-slate-700">{t(key)}</p>
      <ButtonLink to="/" reloadDocument>
        {t('notFound.backToDashboard')}
      </ButtonLink>
    </main>
  );
}
