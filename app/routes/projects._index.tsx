import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AppHeader } from '~/components/app-header';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { getProjects } from '~/features/projects/api';
import { requireUser } from '~/lib/guards';
import { redirectOnApiError } from '~/lib/route-errors';

export async function clientLoader({ request }: { request: Request }) {
  const user = await requireUser(request);
  try {
    return { user, projects: await getProjects() };
  } catch (error) {
    redirectOnApiError(error, request);
    throw error;
  }
}

export default function ProjectsRoute() {
  const { t, i18n } = useTranslation();
  const { user, projects } = useLoaderData<typeof clientLoader>();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <div className="min-h-screen">
      <AppHeader user={user} />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-8">
        <h1 className="text-2xl font-bold tracking-tight">{t('projects.title')}</h1>
        <p className="mt-1 text-slate-700">{t('projects.welcome', { name: user.firstName })}</p>
        {projects.data.length === 0 ? (
          <p className="mt-8 rounded-lg bg-white p-6 text-slate-700 ring-1 ring-slate-200">{t('projects.empty')}</p>
        ) : (
          <ul aria-label={t('projects.listLabel')} className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {projects.data.map((project) => (
              <li key={project._id} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <h2 className="font-semibold text-slate-900">{project.name}</h2>
                <p className="mt-1 text-sm text-slate-600">
                  {t('projects.created', { date: dateFormat.format(new Date(project.createdAt)) })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
