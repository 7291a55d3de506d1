import { useCallback, useMemo } from 'react';
import { redirect, useActionData, useLoaderData } from '@remix-run/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '~/lib/format';
import type { Comment } from '~contract/comments';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { Breadcrumb } from '~/components/ui/breadcrumb';
import { ButtonLink } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { useFormDialog } from '~/components/ui/dialog';
import { PageHeader } from '~/components/ui/page-header';
import { Select } from '~/components/ui/select';
import { DataTable } from '~/components/ui/table';
import { requireUser } from '~/features/auth/guards';
import { FLAG_FILTERS } from '~/features/comments/filter';
import {
  getProjectComments,
  getSentimentSummary,
  markProjectComment,
  projectCommentKeys,
  projectCommentsQuery,
  replyToComment,
  type SentimentSummary,
  type SummaryPeriod,
} from '~/features/comments/project-comments';
import { markIntent, marksOf, useProjectCommentColumns } from '~/features/comments/project-comment-columns';
import {
  isProjectFiltered,
  projectFilterFromQuery,
  projectFilterFromUrl,
  projectFilterToParams,
  type ProjectCommentFilter,
} from '~/features/comments/project-filter';
import { ReplyDialog, ReplyFormSchema, replyRefused } from '~/features/comments/reply-dialog';
import { savedRepliesForReplying } from '~/features/comments/saved-replies';
import { SentimentSummaryCard } from '~/features/comments/summary-card';
import { CommentListFooter } from '~/features/comments/list-footer';
import { useCommentArrivals } from '~/features/comments/comment-arrivals';
import { NewCommentsNotice } from '~/features/comments/new-comments-notice';
import { FoldedFilters } from '~/features/comments/folded-filters';
import { ANY, FlagFilterSelects, SentimentFilterSelect } from '~/features/comments/filter-selects';
import { afterDone } from '~/features/comments/inbox';
import { ChannelLine } from '~/features/integrations/channel-kind';
import { getProject } from '~/features/projects/api';
import { parseForm, useIsPending } from '~/lib/forms';
import { formAnswer, formText, handleIntents, intentOf } from '~/lib/intents';
import { snackbar } from '~/lib/snackbar';
import { LOADS_IN_PLACE } from '~/lib/loading';
import { useQueryChange, useQueryOnItsWay } from '~/lib/url-query';
import { pageTitle } from '~/lib/i18n';
import { paths } from '~/lib/paths';
import { failureToSay, throwRouteError } from '~/lib/route-errors';
import { ReplyNeedsAccount } from '~/features/comments/reply-needs-account';

/**
 * A project's comments: the sentiment summary over time, then the comments on its channels,
 * newest first, each with its replies under it; filters and the summary's period in the URL;
 * bookmark and hide on each. Thousands of comments: the list is virtualized and read a page at a
 * time as it scrolls (its one read outside the loader). Another user's project, or one that is
 * gone, is the not-found page.
 */
export async function clientLoader({ request, params }: { request: Request; params: { projectId?: string } }) {
  await requireUser(request);
  const projectId = params.projectId ?? '';
  const { filter, period } = projectFilterFromUrl(new URL(request.url));
  const loaderStartedAt = Date.now();
  try {
    const [project, summary, , savedReplies] = await Promise.all([
      getProject(projectId),
      // The chart says a failure to read it, with a retry: the list stays usable. An ended
      // session or maintenance still leaves the page (failureToSay throws for those).
      getSentimentSummary(projectId, period).catch((error: unknown): SentimentSummary | 'failed' => {
        failureToSay(error, request);
        return 'failed';
      }),
      getProjectComments(projectId, filter),
      savedRepliesForReplying(request),
    ]);
    // A channel the project does not follow (an old link, one made up) reads as no filter, as any
    // value that makes no sense does (docs/product.md#comment-filters).
    if (filter.channelId && !project.channels.some((channel) => channel._id === filter.channelId)) {
      const query = projectFilterToParams({ ...filter, channelId: undefined }, period).toString();
      throw redirect(`${paths.projectComments(projectId)}${query ? `?${query}` : ''}`);
    }
    return { project, filter, period, summary, savedReplies, loaderStartedAt };
  } catch (error) {
    throwRouteError(error, request);
  }
}

/**
 * Every change the page makes (docs/decisions/035-one-way-to-change-data.md): a bookmark or a
 * hide from a row's buttons (an intent), and the reply dialog's form, through the channel's
 * provider. The feature's functions change the comment in the cached lists, so the list,
 * an infinite query, shows the new state.
 */
export async function clientAction({ request, params }: { request: Request; params: { projectId?: string } }) {
  await requireUser(request);
  const projectId = params.projectId ?? '';
  if (await intentOf(request)) {
    return handleIntents(request, {
      [markIntent]: async (form) => {
        await markProjectComment(projectId, formText(form, 'id'), marksOf(form));
      },
    });
  }
  const submission = await parseForm(request, ReplyFormSchema);
  if (submission.status !== 'success') return submission.reply();
  try {
    const { commentId, message, attemptId } = submission.value;
    const { reply } = await replyToComment(projectId, commentId, { message, attemptId });
    // Answered, the comment is done in the inbox: the header's open count follows now.
    await afterDone();
    snackbar.show('projectComments.reply.posted', 'success', { values: { channel: reply.channel.name } });
  } catch (error) {
    return replyRefused(request, submission, error);
  }
  // `status: 'success'` closes the dialog.
  return submission.reply();
}

/** A row is about this tall before it is measured (two lines of message and its details). */
const ROW_HEIGHT = 88;

export default function ProjectCommentsRoute() {
  const { t, i18n } = useTranslation();
  const { project, filter, period, summary, savedReplies, loaderStartedAt } = useLoaderData<typeof clientLoader>();
  const changeQuery = useQueryChange();
  const onItsWay = useQueryOnItsWay();
  const count = numberFormat(i18n.language).format;

  const list = useInfiniteQuery(projectCommentsQuery(project._id, filter));
  const arrivals = useCommentArrivals(
    { lists: projectCommentKeys.lists(project._id), summaries: projectCommentKeys.summaries(project._id) },
    filter.channelId ? [filter.channelId] : project.channels.map((each) => each._id),
    { listKey: projectCommentKeys.list(project._id, filter), loaderStartedAt, listReadAt: list.dataUpdatedAt },
  );
  const comments = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const total = list.data?.pages[list.data.pages.length - 1]?.meta.total ?? 0;

  // Each change applies to what was already asked for, not to the address still shown.
  const change = (next: { filter?: Partial<ProjectCommentFilter>; period?: SummaryPeriod }) =>
    changeQuery((query) => {
      const asked = projectFilterFromQuery(query);
      return projectFilterToParams({ ...asked.filter, ...next.filter }, next.period ?? asked.period);
    });
  // A new filter's list, or a new period's chart, is on its way: each says so in place.
  const next = onItsWay && projectFilterFromQuery(onItsWay);
  const filtering =
    next !== null &&
    projectFilterToParams(next.filter, period).toString() !== projectFilterToParams(filter, period).toString();
  const newPeriod = next !== null && next.period !== period;

  // The comment being answered: the form's answers since its dialog opened are its own.
  const replying = useFormDialog<Comment>(formAnswer(useActionData<typeof clientAction>()));
  const replyPending = useIsPending();
  const columns = useProjectCommentColumns({
    onReply: replying.open,
    channel: (comment) => <ChannelLine kind={comment.channel.kind} name={comment.channel.name} />,
  });

  const loadMore = useCallback(() => {
    if (list.hasNextPage && !list.isFetchingNextPage && !list.isError) void list.fetchNextPage();
  }, [list]);

  // On a phone the channel shows, the rest when asked for (open when some are set).
  const othersSet = [filter.sentiment, ...FLAG_FILTERS.map((name) => filter[name])].filter(
    (value) => value !== undefined,
  ).length;

  return (
    <div className="flex flex-col gap-6">
      <Breadcrumb
        items={[
          { label: t('projects.title'), to: paths.projects() },
          { label: project.name },
          { label: t('projectComments.titleShort') },
        ]}
      />
      <PageHeader
        title={t('projectComments.title', { name: project.name })}
        subtitle={t('projectComments.subtitle')}
        actions={
          <ButtonLink variant="secondary" to={paths.projectChannels(project._id)}>
            {t('projectComments.toChannels')}
          </ButtonLink>
        }
      />
      <SentimentSummaryCard
        summary={summary}
        period={period}
        loading={newPeriod}
        onPeriodChange={(chosen) => change({ period: chosen })}
      />

      <div role="search" aria-label={t('review.filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Select
          label={t('projectComments.filters.channel')}
          options={[
            { value: ANY, label: t('projectComments.filters.anyChannel') },
            ...project.channels.map((channel) => ({ value: channel._id, label: channel.name })),
          ]}
          value={filter.channelId ?? ANY}
          onChange={(value) => change({ filter: { channelId: value === ANY ? undefined : value } })}
        />
        <FoldedFilters set={othersSet}>
          <SentimentFilterSelect value={filter.sentiment} onChange={(sentiment) => change({ filter: { sentiment } })} />
          <FlagFilterSelects filter={filter} onChange={(flags) => change({ filter: flags })} />
        </FoldedFilters>
      </div>

      <ReplyNeedsAccount firstPage={list.data?.pages[0]?.data} />
      <section aria-label={t('projectComments.listLabel')} className="flex flex-col gap-3">
        <DataTable
          toolbar={
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm font-medium text-fg" aria-live="polite">
                {list.isPending ? null : t('projectComments.matching', { count: total, formatted: count(total) })}
              </p>
              <NewCommentsNotice count={arrivals.waiting} onShow={() => arrivals.show()} />
            </div>
          }
          caption={t('projectComments.tableCaption', { name: project.name })}
          captionHidden
          columns={columns}
          rows={comments}
          getRowId={(comment) => comment.id}
          loading={list.isPending || filtering}
          loadingRows={6}
          empty={
            isProjectFiltered(filter) ? (
              t('projectComments.noMatch')
            ) : project.channels.length === 0 ? (
              <EmptyState
                compact
                title={t('projectComments.noChannelsTitle')}
                description={t('projectComments.noChannels')}
                action={
                  <ButtonLink size="sm" to={paths.projectChannels(project._id)}>
                    {t('inbox.attachChannels')}
                  </ButtonLink>
                }
              />
            ) : (
              t('projectComments.empty')
            )
          }
          virtual={{ estimateRowHeight: ROW_HEIGHT, height: 'max(24rem, calc(100dvh - 16rem))' }}
          onEndReached={loadMore}
          totalRows={total}
          footer={<CommentListFooter list={list} shown={comments.length} />}
        />
      </section>
      <ReplyDialog
        comment={replying.item}
        savedReplies={savedReplies}
        onClose={replying.close}
        lastResult={replying.lastResult}
        pending={replyPending}
      />
    </div>
  );
}

/** Its filters and period show their own loading, never the global bar (docs/decisions/051-lists-load-in-place.md). */
export const handle = LOADS_IN_PLACE;

export function meta({ data }: { data?: { project?: { name: string } } }) {
  return data?.project
    ? [{ title: `${data.project.name} · ${pageTitle('projectComments.titleShort')[0]!.title}` }]
    : pageTitle('projectComments.titleShort');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
