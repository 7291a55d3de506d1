import { useActionData, useLoaderData, useLocation, useNavigate } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { dateTimeFormat, numberFormat } from '~/lib/format';
import { SENTIMENTS } from '~contract/fields';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { Avatar } from '~/components/ui/avatar';
import { SentimentBadge } from '~/components/ui/badge';
import { ButtonLink } from '~/components/ui/button';
import { ConfirmDialog, useFormDialog } from '~/components/ui/dialog';
import { AppMenu } from '~/components/ui/menu';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { PageHeader } from '~/components/ui/page-header';
import { requireUser } from '~/features/auth/guards';
import { useSignedInUser } from '~/features/auth/use-signed-in-user';
import { ChannelLine } from '~/features/integrations/channel-kind';
import { deleteProject, getProjects, renameProject, RenameProjectSchema, type Project } from '~/features/projects/api';
import { RenameProjectDialog } from '~/features/projects/rename-project-dialog';
import { PlanLimitNote } from '~/features/projects/plan-limit-note';
import { useProjectCountsShownLive } from '~/features/projects/project-counts';
import { ReportLinkDialog, reportLinkIntents, type ReportLinkState } from '~/features/projects/report-link-dialog';
import { createReportLink, getReportLink, revokeReportLink } from '~/features/projects/report-links';
import { parseForm, replyWithApiError, useIsPending } from '~/lib/forms';
import { formAnswer, formText, handleIntents, intentOf, useIntent } from '~/lib/intents';
import { snackbar } from '~/lib/snackbar';
import { throwRouteError } from '~/lib/route-errors';
import { TruncatedText } from '~/components/ui/truncated-text';
import { pageTitle } from '~/lib/i18n';
import { hasRoom } from '~/lib/plan-limits';
import { paths } from '~/lib/paths';
import { newAccountStore } from '~/lib/session';

/** The project whose report is being shared (`?share=<id>`): its dialog is open. */
const SHARE_PARAM = 'share';

export async function clientLoader({ request }: { request: Request }) {
  // The layout guards the page; the guard here (cached) keeps this loader, which runs beside
  // the layout's, from asking for a guest's projects.
  await requireUser(request);
  const sharing = new URL(request.url).searchParams.get(SHARE_PARAM);
  const loaderStartedAt = Date.now();
  try {
    const [projects, reportLink] = await Promise.all([
      getProjects(),
      // The dialog says a failure to read the link, with a retry: the list stays usable.
      sharing ? getReportLink(sharing).catch((): ReportLinkState => 'failed') : null,
    ]);
    return { projects, share: sharing ? { projectId: sharing, reportLink } : null, loaderStartedAt };
  } catch (error) {
    throwRouteError(error, request);
  }
}

/**
 * Every change the page makes: renaming (the rename dialog's form), deleting, and the report
 * link's making and revoking (buttons, through `useIntent`).
 */
export async function clientAction({ request }: { request: Request }) {
  await requireUser(request);
  if ((await intentOf(request)) === 'rename') return rename(request);
  return handleIntents(
    request,
    {
      delete: async (form) => {
        await deleteProject(formText(form, 'id'));
        snackbar.show('projects.deletedMessage', 'success', { values: { name: formText(form, 'name') } });
      },
      [reportLinkIntents.create]: async (form) => {
        await createReportLink(formText(form, 'projectId'));
        snackbar.show('reports.share.created', 'success');
      },
      [reportLinkIntents.revoke]: async (form) => {
        await revokeReportLink(formText(form, 'projectId'));
        snackbar.show('reports.share.revoked', 'success');
      },
    },
    { 404: { key: 'projects.gone' } },
  );
}

async function rename(request: Request) {
  const submission = await parseForm(request, RenameProjectSchema);
  if (submission.status !== 'success') return submission.reply();
  try {
    const project = await renameProject(submission.value.projectId, submission.value.name);
    snackbar.show('projects.renamedMessage', 'success', { values: { name: project.name } });
  } catch (error) {
    return replyWithApiError(request, submission, error, { 404: 'projects.gone' });
  }
  // `status: 'success'` closes the dialog (a reset would answer no status at all).
  return submission.reply();
}

/**
 * The project's comments, as every screen counts them (top-level only, replies not counted:
 * docs/decisions/052-one-count-of-a-projects-comments.md), then by sentiment: only the sentiments it has.
 */
function CommentCounts({ project }: { project: Project }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const present = SENTIMENTS.filter((sentiment) => project.commentCounts[sentiment] > 0);
  if (present.length === 0) return <p className="text-sm text-fg-muted">{t('projects.noComments')}</p>;
  const total = SENTIMENTS.reduce((sum, sentiment) => sum + project.commentCounts[sentiment], 0);
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm text-fg-muted">
        {t('projects.commentTotal', { count: total, formatted: number.format(total) })}
      </p>
      <ul aria-label={t('projects.commentsOf', { name: project.name })} className="flex flex-wrap gap-1.5">
        {present.map((sentiment) => (
          <li key={sentiment} className="flex items-center gap-1 text-sm">
            <SentimentBadge sentiment={sentiment} />
            <span className="font-medium text-fg tabular-nums">{number.format(project.commentCounts[sentiment])}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Whether to welcome the user: on the first visit after signing up in this tab only
 * (`newAccountStore`), never again on a later visit or a reload; a returning user sees the plain
 * heading.
 */
function useFirstVisitWelcome(): boolean {
  const [welcome] = useState(newAccountStore.get);
  useEffect(() => {
    if (welcome) newAccountStore.welcomed();
  }, [welcome]);
  return welcome;
}

export default function ProjectsRoute() {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const welcome = useFirstVisitWelcome();
  const { projects, share, loaderStartedAt } = useLoaderData<typeof clientLoader>();
  // Comments arriving or judged again on the projects' channels: the cards' counts follow.
  useProjectCountsShownLive(loaderStartedAt);
  const dateFormat = dateTimeFormat(i18n.language, { dateStyle: 'medium' });
  // The project being renamed: the form's answers since its dialog opened are its own.
  const renaming = useFormDialog<Project>(formAnswer(useActionData<typeof clientAction>()));
  const deletion = useIntent();
  // The project being deleted, and the last answer when its dialog opened: a deletion that went
  // through since then closes the dialog; one refused leaves it open to try again.
  const [confirming, setConfirming] = useState<{ project: Project; before: typeof deletion.result } | null>(null);
  const deleted = confirming && deletion.result !== confirming.before && deletion.result?.ok;
  const deleting = confirming && !deleted ? confirming.project : null;
  const setDeleting = (project: Project | null) => setConfirming(project ? { project, before: deletion.result } : null);
  const sharing = share ? (projects.data.find((project) => project._id === share.projectId) ?? null) : null;
  const navigate = useNavigate();
  const location = useLocation();
  // The share dialog is in the address (`?share=`): Back closes it, and a reload keeps it open.
  const openShare = (project: Project) =>
    navigate({ search: `?${SHARE_PARAM}=${project._id}` }, { preventScrollReset: true, state: { opened: true } });
  const closeShare = () =>
    (location.state as { opened?: boolean } | null)?.opened
      ? navigate(-1)
      : navigate({ search: '' }, { preventScrollReset: true, replace: true });
  const renamePending = useIsPending();
  // Said before the user tries; the API refuses one more all the same.
  const atLimit = !hasRoom(user.plan.id, 'projects', projects.meta.total);
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={t('projects.title')}
        subtitle={welcome ? t('projects.welcomeNew', { name: user.firstName }) : undefined}
        actions={
          projects.data.length > 0 ? <ButtonLink to={paths.newProject()}>{t('projects.newProject')}</ButtonLink> : null
        }
      />
      {atLimit ? <PlanLimitNote planId={user.plan.id} limit="projects" /> : null}
      {projects.data.length === 0 ? (
        <EmptyState
          headingLevel={2}
          title={t('projects.emptyTitle')}
          description={t('projects.empty')}
          action={<ButtonLink to={paths.newProject()}>{t('projects.newProject')}</ButtonLink>}
        />
      ) : (
        <ul aria-label={t('projects.listLabel')} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {projects.data.map((project) => (
            <li key={project._id}>
              <Card className="h-full">
                <div className="flex h-full flex-col gap-4">
                  <div className="flex items-center gap-3">
                    <Avatar name={project.name} decorative />
                    <div className="min-w-0 flex-1">
                      <h2 className="font-semibold text-fg">
                        <TruncatedText text={project.name} />
                      </h2>
                      <p className="text-sm text-fg-muted">
                        {t('projects.created', { date: dateFormat.format(new Date(project.createdAt)) })}
                      </p>
                    </div>
                    <AppMenu
                      label={t('projects.actionsFor', { name: project.name })}
                      iconOnly
                      size="sm"
                      items={[
                        { label: t('projects.rename'), onSelect: () => renaming.open(project) },
                        { label: t('reports.share.menu'), onSelect: () => openShare(project) },
                        { label: t('inboxRules.menu'), onSelect: () => navigate(paths.projectRules(project._id)) },
                        { label: t('projects.delete'), onSelect: () => setDeleting(project), danger: true },
                      ]}
                    />
                  </div>
                  <CommentCounts project={project} />
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
                  <div className="mt-auto flex flex-wrap gap-2">
                    <ButtonLink
                      to={paths.projectComments(project._id)}
                      size="sm"
                      aria-label={t('projects.openCommentsOf', { name: project.name })}
                    >
                      {t('projects.openComments')}
                    </ButtonLink>
                    <ButtonLink
                      to={paths.projectChannels(project._id)}
                      variant="secondary"
                      size="sm"
                      aria-label={t('projects.manageChannelsOf', { name: project.name })}
                    >
                      {t('projects.manageChannels')}
                    </ButtonLink>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ReportLinkDialog project={sharing} link={share?.reportLink ?? null} planId={user.plan.id} onClose={closeShare} />
      <RenameProjectDialog
        project={renaming.item}
        onClose={renaming.close}
        lastResult={renaming.lastResult}
        pending={renamePending}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && deletion.submit('delete', { id: deleting._id, name: deleting.name })}
        title={t('projects.deleteTitle')}
        confirmText={t('projects.deleteConfirm')}
        tone="danger"
        pending={deletion.pending === `delete:${deleting?._id}`}
      >
        <p>{t('projects.deleteText', { name: deleting?.name ?? '' })}</p>
        <ul className="mt-3 list-disc pl-5 text-sm">
          <li>{t('projects.deleteGoes', { count: deleting?.channels.length ?? 0 })}</li>
          <li>{t('projects.deleteStays')}</li>
        </ul>
      </ConfirmDialog>
    </div>
  );
}

export function meta() {
  return pageTitle('projects.title');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
