import { useCallback, useMemo, useRef } from 'react';
import { useLoaderData } from '@remix-run/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { PageHeader } from '~/components/ui/page-header';
import { DataTable, type DataTableHandle } from '~/components/ui/table';
import { requireAdmin } from '~/features/auth/guards';
import {
  commentKeys,
  commentListQuery,
  getCommentList,
  reviewAllMatching,
  reviewComments,
  undoCommentReview,
} from '~/features/comments/api';
import { EditCommentDialog } from '~/features/comments/edit-comment-dialog';
import { CommentListFooter } from '~/features/comments/list-footer';
import {
  filterFromQuery,
  filterFromUrl,
  filterToParams,
  isFiltered,
  type ReviewFilter,
} from '~/features/comments/filter';
import { loadedComments } from '~/features/comments/review';
import { commentArrivals, useReviewArrivals } from '~/features/comments/comment-arrivals';
import { NewCommentsNotice } from '~/features/comments/new-comments-notice';
import { ConfirmAllDialog, ReviewActionsBar } from '~/features/comments/review-actions';
import { useReviewColumns } from '~/features/comments/review-columns';
import {
  choiceOf,
  filterOf,
  reviewIntents,
  reviewsOf,
  totalOf,
  type ReviewAnswer,
} from '~/features/comments/review-intents';
import { ReviewToolbar } from '~/features/comments/review-toolbar';
import { ShortcutsButton, ShortcutsDialog } from '~/features/comments/shortcuts-dialog';
import { useSentimentReview } from '~/features/comments/use-sentiment-review';
import { formText, handleIntents, useIntent } from '~/lib/intents';
import { LOADS_IN_PLACE } from '~/lib/loading';
import { useQueryChange, useQueryOnItsWay } from '~/lib/url-query';
import { pageTitle } from '~/lib/i18n';
import { useReadWhileUnderWay } from '~/lib/read-while-under-way';
import { failureToSay, throwRouteError } from '~/lib/route-errors';
import { snackbar } from '~/lib/snackbar';
import { undoUnlessGone } from '~/lib/snackbar-undo';
import { authorOf } from '~/features/comments/author';
import { SentimentModelCard } from '~/features/comments/model-card';
import {
  getSentimentModel,
  sentimentModelChanged,
  trainSentimentModel,
  type SentimentModel,
} from '~/features/comments/sentiment-model';

/** The panel's "Train now". */
const trainIntent = 'train';

export async function clientLoader({ request }: { request: Request }) {
  // Beside the admin layout's loader: its guard (cached) keeps a non-admin from asking for comments.
  await requireAdmin(request);
  const filter = filterFromUrl(new URL(request.url));
  const loaderStartedAt = Date.now();
  try {
    const [model] = await Promise.all([
      // The panel says a failure to read it, with a retry: the review stays usable.
      getSentimentModel().catch((error: unknown): SentimentModel | 'failed' => {
        failureToSay(error, request);
        return 'failed';
      }),
      getCommentList(filter),
    ]);
    return { filter, model, loaderStartedAt };
  } catch (error) {
    throwRouteError(error, request);
  }
}

/**
 * Every change the page makes, each an intent (app/features/comments/review-intents.ts): a review
 * of rows (the list follows in the cache, `reviewComments`), of every comment matching, and the
 * Undo of either. The page says a review's outcome itself, as its message carries the Undo.
 */
export async function clientAction({ request }: { request: Request }) {
  await requireAdmin(request);
  return handleIntents(request, {
    [reviewIntents.review]: async (form): Promise<ReviewAnswer> => {
      const reviews = reviewsOf(form);
      const result = await reviewComments(filterOf(form), reviews);
      await sentimentModelChanged();
      return { result, ids: reviews.map((review) => review.id) };
    },
    [reviewIntents.reviewMatching]: async (form): Promise<ReviewAnswer> => {
      const choice = choiceOf(form);
      const sentiment = choice.action === 'set' ? choice.sentiment : undefined;
      try {
        const result = await reviewAllMatching(filterOf(form), choice.action, totalOf(form), sentiment);
        await sentimentModelChanged();
        return { result, ids: null };
      } finally {
        // Done or refused (more match now), the list was read again from its top: what arrived is in it.
        commentArrivals.reviewShown();
      }
    },
    // The panel's status, read again after the action, says it queued or under way (and, live,
    // how it ends): a message of its own would still say "queued" after the training ended.
    [trainIntent]: async () => {
      await trainSentimentModel();
    },
    [reviewIntents.undo]: async (form) => {
      const result = await undoUnlessGone(undoCommentReview(formText(form, 'batchId')));
      if (!result) return;
      await sentimentModelChanged();
      snackbar.show('review.undone', 'success', { values: { count: result.updated } });
      if (result.conflicts.length > 0) {
        snackbar.show('review.undoConflicts', 'warning', { values: { count: result.conflicts.length } });
      }
    },
  });
}

/** A row is about this tall before it is measured (two lines of message and the badges). */
const ROW_HEIGHT = 72;

export default function SentimentReviewRoute() {
  const { t } = useTranslation();
  const { filter, model, loaderStartedAt } = useLoaderData<typeof clientLoader>();
  const modelIntent = useIntent();
  // A training's end is told live; one that ended before this page's channel was subscribed (or
  // while the socket is away) is found by reading the panel again. Its job expires after 15 minutes.
  const trainingUnderWay = model !== 'failed' && model.training.state !== 'idle';
  useReadWhileUnderWay(trainingUnderWay, { forAtMost: 15 * 60_000, before: sentimentModelChanged });
  const changeQuery = useQueryChange();
  const onItsWay = useQueryOnItsWay();
  const columns = useReviewColumns();
  const table = useRef<DataTableHandle | null>(null);

  const list = useInfiniteQuery(commentListQuery(filter));
  const comments = useMemo(() => loadedComments(list.data), [list.data]);
  const lastMeta = list.data?.pages[list.data.pages.length - 1]?.meta;
  const total = lastMeta?.total ?? 0;
  // Counted only so far (a filter by words over many comments): "more than", and no "all matching".
  const totalIsAtLeast = lastMeta?.totalIsAtLeast ?? false;
  const review = useSentimentReview({ filter, comments, total, table });
  const { state, dispatch } = review;

  // Each change applies to the filter already asked for: two boxes typed in one after the other both count.
  const changeFilter = (change: Partial<ReviewFilter>) =>
    changeQuery((query) => filterToParams({ ...filterFromQuery(query), ...change }));
  // A new filter's list is on its way: the table says so in place (the global bar stays off).
  const filtering =
    onItsWay !== null && filterToParams(filterFromQuery(onItsWay)).toString() !== filterToParams(filter).toString();
  const loadMore = useCallback(() => {
    if (list.hasNextPage && !list.isFetchingNextPage && !list.isError) void list.fetchNextPage();
  }, [list]);
  const inReviewList = filter.inReview === true;
  const arrivals = useReviewArrivals(inReviewList, {
    listKey: commentKeys.list(filter),
    loaderStartedAt,
    listReadAt: list.dataUpdatedAt,
  });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('review.title')}
        subtitle={t('review.subtitle')}
        actions={<ShortcutsButton onClick={() => dispatch({ type: 'help', open: true })} />}
      />
      <SentimentModelCard
        model={model}
        onTrain={() => modelIntent.submit(trainIntent)}
        training={modelIntent.pending === trainIntent}
      />
      <ReviewToolbar filter={filter} onChange={changeFilter} />

      {/* The list and its actions: where the review keys work (app/features/comments/review-keys.ts). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the keys of the focusable rows and buttons inside, caught as they bubble */}
      <section aria-label={t('review.listLabel')} onKeyDown={review.onKeyDown} className="flex flex-col gap-3">
        <DataTable
          toolbar={
            <>
              <ReviewActionsBar
                total={total}
                totalIsAtLeast={totalIsAtLeast}
                selectionCount={review.selectionCount}
                offerAllMatching={
                  inReviewList && !state.allMatching && review.allLoadedSelected && total > review.selectionCount
                }
                reviewable={review.reviewable}
                editable={review.editable}
                pending={review.pending}
                onChoose={review.choose}
                onEdit={review.edit}
                onSelectAllMatching={() => dispatch({ type: 'selectedAllMatching' })}
                onClear={() => dispatch({ type: 'cleared' })}
              />
              <NewCommentsNotice
                count={arrivals.waiting}
                words={inReviewList ? 'review.showNewToReview' : 'review.showNew'}
                onShow={() => arrivals.show()}
              />
            </>
          }
          caption={t('review.tableCaption')}
          captionHidden
          columns={columns}
          rows={comments}
          getRowId={(comment) => comment.id}
          loading={list.isPending || filtering}
          loadingRows={8}
          empty={isFiltered(filter) ? t('review.noMatch') : t('review.empty')}
          selectedIds={review.checkedIds}
          onSelectionChange={(ids) => dispatch({ type: 'selected', ids })}
          canSelect={(comment) => comment.sentiment.inReview}
          rowLabel={(comment) => t('review.rowLabel', { author: authorOf(comment, t) })}
          virtual={{ estimateRowHeight: ROW_HEIGHT, height: 'max(24rem, calc(100dvh - 22rem))' }}
          onEndReached={loadMore}
          totalRows={totalIsAtLeast ? 'unknown' : total}
          footer={<CommentListFooter list={list} shown={comments.length} />}
          activeRowId={state.activeId}
          onActiveRowChange={(id) => dispatch({ type: 'activated', id })}
          handleRef={table}
        />
      </section>

      <EditCommentDialog
        comment={state.editing}
        pending={review.dialogPending}
        onClose={() => dispatch({ type: 'editing', comment: null })}
        onSave={review.save}
      />
      <ConfirmAllDialog
        choice={state.confirming}
        total={total}
        pending={review.dialogPending}
        onClose={() => dispatch({ type: 'confirming', choice: null })}
        onConfirm={review.confirm}
      />
      <ShortcutsDialog open={state.helpOpen} onClose={() => dispatch({ type: 'help', open: false })} />
    </div>
  );
}

/** Its filters show their own loading (the table's), never the global bar (docs/decisions/051-lists-load-in-place.md). */
export const handle = LOADS_IN_PLACE;

export function meta() {
  return pageTitle('review.title');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
