import { useCallback, useMemo, useState } from 'react';
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Comment } from '~contract/comments';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { Badge, SentimentBadge } from '~/components/ui/badge';
import { Breadcrumb } from '~/components/ui/breadcrumb';
import { Button, ButtonLink } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { StrokeIcon } from '~/components/ui/icon';
import { PageHeader } from '~/components/ui/page-header';
import { Select } from '~/components/ui/select';
import { Skeleton } from '~/components/ui/skeleton';
import { DataTable, type Column } from '~/components/ui/table';
import { requireUser } from '~/features/auth/guards';
import { FLAG_FILTERS } from '~/features/comments/filter';
import {
  getProjectComments,
  markProjectComment,
  replyToComment,
  withReply,
  projectCommentKeys,
  projectCommentsQuery,
  sentimentSummaryQuery,
  withComment,
  type ProjectComment,
  type ProjectCommentPages,
  type SummaryPeriod,
} from '~/features/comments/project-comments';
import {
  isProjectFiltered,
  projectFilterFromUrl,
  projectFilterToParams,
  type ProjectCommentFilter,
} from '~/features/comments/project-filter';
import { ReplyDialog, ReplyFormSchema } from '~/features/comments/reply-dialog';
import { SentimentChart, SummaryPeriodSelect } from '~/features/comments/sentiment-chart';
import { CommentListFooter } from '~/features/comments/list-footer';
import { FoldedFilters } from '~/features/comments/folded-filters';
import { ANY, FlagFilterSelects, SentimentFilterSelect } from '~/features/comments/filter-selects';
import { ChannelLine } from '~/features/integrations/channel-kind';
import { getProject } from '~/features/projects/api';
import { reportBackgroundError } from '~/lib/api-errors';
import { parseForm, replyWithApiError, useIsPending } from '~/lib/forms';
import { HttpError } from '~/lib/http';
import { queryClient } from '~/lib/query-client';
import { snackbar } from '~/lib/snackbar';
import { pageTitle } from '~/lib/i18n';
import { paths } from '~/lib/paths';
import { throwRouteError } from '~/lib/route-errors';

/**
 * A project's comments (issue 13): the sentiment summary over time, then the comments on its
 * channels, newest first, each with its replies under it; filters in the URL; bookmark and hide
 * on each. Thousands of comments: the list is virtualized and read a page at a time as it
 * scrolls. Another user's project, or one that is gone, is the not-found page.
 */
export async function clientLoader({ request, params }: { request: Request; params: { projectId?: string } }) {
  await requireUser(request);
  const projectId = params.projectId ?? '';
  const { filter, period } = projectFilterFromUrl(new URL(request.url));
  try {
    const [project] = await Promise.all([getProject(projectId), getProjectComments(projectId, filter)]);
    return { project, filter, period };
  } catch (error) {
    throwRouteError(error, request);
  }
}

/** Replying to a comment (the reply dialog's form), through the channel's provider. */
export async function clientAction({ request, params }: { request: Request; params: { projectId?: string } }) {
  await requireUser(request);
  const projectId = params.projectId ?? '';
  const submission = await parseForm(request, ReplyFormSchema);
  if (submission.status !== 'success') return submission.reply();
  try {
    const { reply, parent } = await replyToComment(projectId, submission.value.commentId, submission.value.message);
    // Under its parent at once, in every list of this project that holds it.
    queryClient.setQueriesData<ProjectCommentPages>(
      { queryKey: [...projectCommentKeys.all(projectId), 'list'] },
      (pages) => (pages ? withReply(pages, parent, reply) : pages),
    );
    snackbar.show('projectComments.reply.posted', 'success', { values: { channel: reply.channel.name } });
  } catch (error) {
    // The provider's refusal or absence is said in the API's own words; the typed reply stays.
    if (error instanceof HttpError && (error.status === 409 || error.status === 502) && error.body?.message) {
      return submission.reply({ formErrors: [error.body.message] });
    }
    return replyWithApiError(request, submission, error, { 404: 'projectComments.reply.gone' });
  }
  // `status: 'success'` closes the dialog.
  return submission.reply();
}

/** A row is about this tall before it is measured (two lines of message and its details). */
const ROW_HEIGHT = 88;

function BookmarkIcon({ filled }: { filled: boolean }) {
  return <StrokeIcon d="M6 4h12v17l-6-4-6 4z" className={`size-4 ${filled ? 'fill-current' : ''}`} />;
}

function HideIcon({ hidden }: { hidden: boolean }) {
  return hidden ? (
    <StrokeIcon
      d="M3 3l18 18M10.6 6.1A9.8 9.8 0 0 1 12 6c5 0 9 6 9 6a17 17 0 0 1-3 3.4M6.5 7.6C4.4 9.1 3 12 3 12s4 6 9 6a9 9 0 0 0 4.2-1"
      className="size-4"
    />
  ) : (
    <StrokeIcon d="M3 12s4-6 9-6 9 6 9 6-4 6-9 6-9-6-9-6zm9 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z" className="size-4" />
  );
}

/** One comment's words and details; a reply reads the same, smaller, under its parent. */
function CommentBody({ comment, reply = false }: { comment: Comment; reply?: boolean }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language || undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-semibold wrap-anywhere">{comment.authorName}</span>
        {comment.fromChannel ? <Badge tone="primary">{t('projectComments.yourReply')}</Badge> : null}
        {reply && !comment.fromChannel ? <SentimentBadge sentiment={comment.sentiment.sentiment} /> : null}
        {comment.isHidden ? <Badge tone="neutral">{t('projectComments.hidden')}</Badge> : null}
      </span>
      {/* User content: React writes it as text, never as HTML. */}
      <span className={`wrap-anywhere whitespace-pre-line ${reply ? 'text-sm' : 'line-clamp-4'}`}>
        {comment.message}
      </span>
      <span className="text-xs text-fg-muted">
        <time dateTime={comment.publishedAt}>{date.format(new Date(comment.publishedAt))}</time>
      </span>
    </div>
  );
}

function ReplyIcon() {
  return <StrokeIcon d="M9 14 4 9l5-5M4 9h10a6 6 0 0 1 6 6v5" className="size-4" />;
}

function useColumns(
  mark: (comment: Comment, marks: { isBookmarked?: boolean; isHidden?: boolean }) => void,
  pending: Set<string>,
  reply: (comment: Comment) => void,
) {
  const { t } = useTranslation();
  const columns: Column<ProjectComment>[] = [
    {
      id: 'comment',
      header: t('projectComments.columns.comment'),
      className: 'min-w-48 sm:min-w-64',
      cell: (comment) => (
        <div className="flex flex-col gap-2">
          <span className="text-xs text-fg-muted">
            <ChannelLine kind={comment.channel.kind} name={comment.channel.name} />
          </span>
          <CommentBody comment={comment} />
          <span className="md:hidden">
            <SentimentBadge sentiment={comment.sentiment.sentiment} />
          </span>
          {comment.replies.length > 0 ? (
            <ul
              aria-label={t('projectComments.repliesTo', { count: comment.replies.length, author: comment.authorName })}
              className="mt-1 flex flex-col gap-3 border-l-2 border-line pl-4"
            >
              {comment.replies.map((reply) => (
                <li key={reply.id}>
                  <CommentBody comment={reply} reply />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ),
    },
    {
      id: 'sentiment',
      header: t('projectComments.columns.sentiment'),
      className: 'hidden w-36 align-top md:table-cell',
      cell: (comment) => <SentimentBadge sentiment={comment.sentiment.sentiment} />,
    },
    {
      id: 'actions',
      header: <span className="sr-only">{t('projectComments.columns.actions')}</span>,
      align: 'end',
      className: 'w-12 align-top sm:w-32',
      cell: (comment) => (
        <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
          {comment.channel.canReply ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('projectComments.reply.open', { author: comment.authorName })}
              title={t('projectComments.reply.openHint')}
              onClick={() => reply(comment)}
            >
              <ReplyIcon />
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={comment.isBookmarked}
            aria-label={t('projectComments.bookmark', { author: comment.authorName })}
            title={t(comment.isBookmarked ? 'projectComments.unbookmarkHint' : 'projectComments.bookmarkHint')}
            disabled={pending.has(comment.id)}
            onClick={() => mark(comment, { isBookmarked: !comment.isBookmarked })}
            className={comment.isBookmarked ? 'text-primary' : ''}
          >
            <BookmarkIcon filled={comment.isBookmarked} />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={comment.isHidden}
            aria-label={t('projectComments.hide', { author: comment.authorName })}
            title={t(comment.isHidden ? 'projectComments.unhideHint' : 'projectComments.hideHint')}
            disabled={pending.has(comment.id)}
            onClick={() => mark(comment, { isHidden: !comment.isHidden })}
          >
            <HideIcon hidden={comment.isHidden} />
          </Button>
        </div>
      ),
    },
  ];
  return columns;
}

export default function ProjectCommentsRoute() {
  const { t, i18n } = useTranslation();
  const { project, filter, period } = useLoaderData<typeof clientLoader>();
  const [, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const count = new Intl.NumberFormat(i18n.language || undefined).format;

  const list = useInfiniteQuery(projectCommentsQuery(project._id, filter));
  const comments = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const total = list.data?.pages[list.data.pages.length - 1]?.meta.total ?? 0;
  const summary = useQuery(sentimentSummaryQuery(project._id, period));

  const change = (next: { filter?: Partial<ProjectCommentFilter>; period?: SummaryPeriod }) =>
    setSearchParams(projectFilterToParams({ ...filter, ...next.filter }, next.period ?? period), {
      preventScrollReset: true,
    });

  const [pending, setPending] = useState<Set<string>>(() => new Set());
  const mark = useCallback(
    async (comment: Comment, marks: { isBookmarked?: boolean; isHidden?: boolean }) => {
      setPending((ids) => new Set(ids).add(comment.id));
      try {
        const changed = await markProjectComment(project._id, comment.id, marks);
        // In place, where the eye is; a list filtered by that flag is read again on its next visit.
        queryClient.setQueryData<ProjectCommentPages>(projectCommentKeys.list(project._id, filter), (pages) =>
          pages ? withComment(pages, changed) : pages,
        );
        void queryClient.invalidateQueries({
          queryKey: projectCommentKeys.all(project._id),
          refetchType: 'none',
        });
      } catch (error) {
        reportBackgroundError(error);
      } finally {
        setPending((ids) => {
          const next = new Set(ids);
          next.delete(comment.id);
          return next;
        });
      }
    },
    [project._id, filter, queryClient],
  );
  // The comment being answered, and the action's answer when its dialog opened: an answer
  // since then is this dialog's (a success closes it; an error shows in it).
  const lastResult = useActionData<typeof clientAction>();
  const [replying, setReplying] = useState<{ comment: Comment; before: typeof lastResult } | null>(null);
  const replyResult = replying && lastResult !== replying.before ? lastResult : undefined;
  const replyingTo = replying && replyResult?.status !== 'success' ? replying.comment : null;
  const replyPending = useIsPending();
  const columns = useColumns(
    (comment, marks) => void mark(comment, marks),
    pending,
    (comment) => setReplying({ comment, before: lastResult }),
  );

  const loadMore = useCallback(() => {
    if (list.hasNextPage && !list.isFetchingNextPage && !list.isError) void list.fetchNextPage();
  }, [list]);

  // On a phone the channel shows, the rest when asked for (open when some are set).
  const othersSet = [filter.sentiment, ...FLAG_FILTERS.map((name) => filter[name])].filter(
    (value) => value !== undefined,
  ).length;

  const periodLabel = t('projectComments.chart.label', { count: Number(period) });

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

      <Card
        headingLevel={2}
        title={t('projectComments.chart.title')}
        actions={<SummaryPeriodSelect value={period} onChange={(next) => change({ period: next })} />}
      >
        {summary.data ? (
          <SentimentChart summary={summary.data} label={periodLabel} />
        ) : summary.isError ? (
          <p className="text-sm text-fg-muted" role="alert">
            {t('projectComments.chart.failed')}{' '}
            <Button size="sm" variant="secondary" onClick={() => void summary.refetch()}>
              {t('review.retry')}
            </Button>
          </p>
        ) : (
          <div role="status" aria-label={t('projectComments.chart.loading')}>
            <Skeleton className="h-64 w-full" />
          </div>
        )}
      </Card>

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

      <section aria-label={t('projectComments.listLabel')} className="flex flex-col gap-3">
        <p className="text-sm font-medium text-fg" aria-live="polite">
          {list.isPending ? null : t('projectComments.matching', { count: total, formatted: count(total) })}
        </p>
        <DataTable
          caption={t('projectComments.tableCaption', { name: project.name })}
          captionHidden
          columns={columns}
          rows={comments}
          getRowId={(comment) => comment.id}
          loading={list.isPending}
          loadingRows={6}
          empty={
            isProjectFiltered(filter)
              ? t('projectComments.noMatch')
              : project.channels.length === 0
                ? t('projectComments.noChannels')
                : t('projectComments.empty')
          }
          virtual={{ estimateRowHeight: ROW_HEIGHT, height: 'max(24rem, calc(100dvh - 16rem))' }}
          onEndReached={loadMore}
          totalRows={total}
          footer={<CommentListFooter list={list} shown={comments.length} />}
        />
      </section>
      <ReplyDialog
        comment={replyingTo}
        onClose={() => setReplying(null)}
        lastResult={replyResult}
        pending={replyPending}
      />
    </div>
  );
}

export function meta({ data }: { data?: { project?: { name: string } } }) {
  return data?.project
    ? [{ title: `${data.project.name} · ${pageTitle('projectComments.titleShort')[0]!.title}` }]
    : pageTitle('projectComments.titleShort');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
