import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { Avatar } from '~/components/ui/avatar';
import { ButtonLink } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { PageHeader } from '~/components/ui/page-header';
import { requireUser } from '~/features/auth/guards';
import { useSignedInUser } from '~/features/auth/use-signed-in-user';
import { getProjects } from '~/features/projects/api';
import { throwRouteError } from '~/lib/route-errors';
import { pageTitle } from '~/lib/i18n';
import { paths } from '~/lib/paths';

export async function clientLoader({ request }: { request: Request }) {
  // The layout guards the page; the guard here (cached) keeps this loader, which runs beside
  // the layout's, from asking for a guest's projects.
  await requireUser(request);
  try {
    return { projects: await getProjects() };
  } catch (error) {
    throwRouteError(error, request);
  }
}

/** An account on its first day is welcomed, not welcomed back. */
function isNewAccount(createdAt: string) {
  return Date.now() - Date.parse(createdAt) < 24 * 60 * 60 * 1000;
}

export default function ProjectsRoute() {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const { projects } = useLoaderData<typeof clientLoader>();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={t('projects.title')}
        subtitle={t(isNewAccount(user.createdAt) ? 'projects.welcomeNew' : 'projects.welcome', {
          name: user.firstName,
        })}
        actions={
          projects.data.length > 0 ? <ButtonLink to={paths.newProject()}>{t('projects.newProject')}</ButtonLink> : null
        }
      />
      {projects.data.length === 0 ? (
        <EmptyState
          headingLevel={2}
          title={t('projects.emptyTitle')}
          description={t('projects.empty')}
          action={<ButtonLink to={paths.newProject()}>{t('projects.newProject')}</ButtonLink>}
        />
      ) : (
        <ul aria-label={t('projects.listLabel')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {projects.data.map((project) => (
            <li key={project._id}>
              <Card className="h-full">
                <div className="flex items-center gap-3">
                  <Avatar name={project.name} decorative />
                  <div className="min-w-0">
                    <h2 className="truncate font-semibold text-fg">{project.name}</h2>
                    <p className="text-sm text-fg-muted">
                      {t('projects.created', { date: dateFormat.format(new Date(project.createdAt)) })}
                    </p>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function meta() {
  return pageTitle('projects.title');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
