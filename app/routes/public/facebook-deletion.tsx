import { useLoaderData, useRouteError } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { NotFoundState, RouteErrorBoundary } from '~/components/error-boundary';
import { PublicPage } from '~/components/public-page';
import { Badge } from '~/components/ui/badge';
import { Card } from '~/components/ui/card';
import { getDeletionStatus } from '~/features/facebook-deletion/api';
import { pageTitle } from '~/lib/i18n';
import { isNotFoundResponse, throwRouteError } from '~/lib/route-errors';

/** Open to anyone with the id: the link Meta shows the person after their deletion request. */
export async function clientLoader({ request, params }: { request: Request; params: { id?: string } }) {
  try {
    return await getDeletionStatus(params.id ?? '');
  } catch (error) {
    throwRouteError(error, request);
  }
}

/** The status of a Facebook data-deletion request (docs/product.md#facebook-data-deletion). */
export default function FacebookDeletionRoute() {
  const { t } = useTranslation();
  const { deleted } = useLoaderData<typeof clientLoader>();
  return (
    <PublicPage>
      <h1 className="text-2xl font-bold tracking-tight text-fg">{t('facebookDeletion.title')}</h1>
      <Card className="w-full max-w-[600px] text-left">
        <dl className="flex flex-wrap items-center gap-3">
          <dt className="font-medium text-fg">{t('facebookDeletion.status')}</dt>
          <dd>
            <Badge tone={deleted ? 'success' : 'neutral'} size="md">
              {t(deleted ? 'facebookDeletion.deleted' : 'facebookDeletion.inProgress')}
            </Badge>
          </dd>
        </dl>
        <p className="mt-3 text-fg-muted">
          {t(deleted ? 'facebookDeletion.deletedText' : 'facebookDeletion.inProgressText')}
        </p>
      </Card>
    </PublicPage>
  );
}

/** An unknown id shows the not-found page: its tab says so too. */
export function meta({ error }: { error?: unknown }) {
  return pageTitle(isNotFoundResponse(error) ? 'notFound.title' : 'facebookDeletion.title');
}

/**
 * An unknown id is the not-found page without its button: the person came from Facebook, not
 * from our dashboard. A lost connection, or a lookup the API could not answer (a 500, too many
 * lookups), says so and offers to try again: the request may well exist.
 */
export function ErrorBoundary() {
  const { t } = useTranslation();
  const notFound = isNotFoundResponse(useRouteError());
  return (
    <PublicPage>
      {notFound ? (
        <NotFoundState text={t('facebookDeletion.notFound')} withButton={false} />
      ) : (
        <RouteErrorBoundary withDashboardLink={false} />
      )}
    </PublicPage>
  );
}
