import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { requireUser } from '~/features/auth/guards';
import { useSignedInUser } from '~/features/auth/use-signed-in-user';
import { getProjects } from '~/features/projects/api';
import { throwRouteError } from '~/lib/route-errors';
import { pageTitle } from '~/lib/i18n';

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
    <>
      <h1 className="text-2xl font-bold tracking-tight">{t('projects.title')}</h1>
      <p className="mt-1 text-slate-700">
        {t(isNewAccount(user.createdAt) ? 'projects.welcomeNew' : 'projects.welcome', { name: user.firstName })}
      </p>
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
    </>
  );
}

export function meta() {
  return pageTitle('projects.title');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
