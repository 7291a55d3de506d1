import { useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { Avatar } from '~/components/ui/avatar';
import { BrandMark } from '~/components/ui/brand-mark';
import { Button, ButtonLink } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { PageHeader } from '~/components/ui/page-header';
import { requireUser } from '~/features/auth/guards';
import { useSignedInUser } from '~/features/auth/use-signed-in-user';
import { ChannelLine } from '~/features/integrations/channel-kind';
import { getProjects } from '~/features/projects/api';
import { tiktokAuthorizeUrl } from '~/features/projects/tiktok';
import { reportBackgroundError } from '~/lib/api-errors';
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
  const [connecting, setConnecting] = useState<string | null>(null);
  /** To TikTok's consent page; it comes back through /integrations, and the import starts. */
  async function connectTiktok(projectId: string) {
    setConnecting(projectId);
    try {
      window.location.assign(await tiktokAuthorizeUrl(projectId));
    } catch (error) {
      reportBackgroundError(error);
      setConnecting(null);
    }
  }
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
                <div className="flex h-full flex-col gap-4">
                  <div className="flex items-center gap-3">
                    <Avatar name={project.name} decorative />
                    <div className="min-w-0">
                      <h2 className="truncate font-semibold text-fg">{project.name}</h2>
                      <p className="text-sm text-fg-muted">
                        {t('projects.created', { date: dateFormat.format(new Date(project.createdAt)) })}
                      </p>
                    </div>
                  </div>
                  {project.channels.length > 0 ? (
                    <ul
                      aria-label={t('projects.channelsOf', { name: project.name })}
                      className="flex flex-col gap-1.5 text-sm"
                    >
                      {project.channels.map((channel) => (
                        <li key={channel._id} className="min-w-0">
                          <ChannelLine kind={channel.type} name={channel.name} />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="text-sm text-fg-muted">{t('projects.noChannels')}</p>
                  )}
                  <div className="mt-auto">
                    <Button
                      variant="secondary"
                      size="sm"
                      pending={connecting === project._id}
                      onClick={() => void connectTiktok(project._id)}
                      aria-label={t('projects.connectTiktokTo', { name: project.name })}
                    >
                      <BrandMark brand="tiktok" className="size-4" />
                      {t('projects.connectTiktok')}
                    </Button>
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
