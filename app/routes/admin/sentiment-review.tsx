import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SENTIMENTS } from '~contract/fields';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { SentimentBadge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/dialog';
import { PageHeader } from '~/components/ui/page-header';
import { DataTable, type Column, type DataTableHandle } from '~/components/ui/table';
import { requireAdmin } from '~/features/auth/guards';
import {
  commentKeys,
  commentListQuery,
  getCommentList,
  reviewAllMatching,
  reviewComments,
  undoCommentReview,
  type Comment,
  type CommentPages,
  type ReviewResult,
} from '~/features/comments/api';
import { EditCommentDialog } from '~/features/comments/edit-comment-dialog';
import { CommentListFooter } from '~/features/comments/list-footer';
import { filterFromUrl, filterToParams, isFiltered, type ReviewFilter } from '~/features/comments/filter';
import { applyReviews, loadedComments, reviewsFor, type ReviewChoice } from '~/features/comments/review';
import { ReviewToolbar } from '~/features/comments/review-toolbar';
import { ShortcutsDialog } from '~/features/comments/shortcuts-dialog';
import { reportBackgroundError } from '~/lib/api-errors';
import { pageTitle } from '~/lib/i18n';
import { throwRouteError } from '~/lib/route-errors';
import { snackbar } from '~/lib/snackbar';

export async function clientLoader({ request }: { request: Request }) {
  // Beside the admin layout's loader: its guard (cached) keeps a non-admin from asking for comments.
  await requireAdmin(request);
  const filter = filterFromUrl(new URL(request.url));
  try {
    await getCommentList(filter);
    return { filter };
  } catch (error) {
    throwRouteError(error, request);
  }
}

/** A row is about this tall before it is measured (two lines of message and the badges). */
const ROW_HEIGHT = 72;

function useColumns(): Column<Comment>[] {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language || undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return [
    {
      id: 'message',
      header: t('review.columns.message'),
      className: 'min-w-56 max-w-xl',
      // User content: React writes it as text, never as HTML.
      cell: (comment) => (
        <div className="flex flex-col gap-1">
          <span className="line-clamp-2 wrap-anywhere">{comment.message}</span>
          <span className="text-xs text-fg-muted">
            {t(`review.channelKinds.${comment.channel.kind}`)} · {comment.channel.name} ·{' '}
            <time dateTime={comment.publishedAt}>{date.format(new Date(comment.publishedAt))}</time>
          </span>
          {/* On a phone the other columns fold in here, so a row reads whole without scrolling sideways. */}
          <span className="flex flex-wrap items-center gap-1.5 text-xs text-fg-muted md:hidden">
            {comment.authorName}
            <SentimentBadge sentiment={comment.sentiment.sentiment} />
            {comment.proposedSentiment ? (
              <>
                <span aria-hidden="true">→</span>
                <span className="sr-only">{t('review.columns.proposedSentiment')}</span>
                <SentimentBadge sentiment={comment.proposedSentiment} />
              </>
            ) : null}
          </span>
        </div>
      ),
    },
    {
      id: 'author',
      header: t('review.columns.author'),
      className: 'hidden max-w-48 md:table-cell',
      cell: (comment) => <span className="line-clamp-2 wrap-anywhere">{comment.authorName}</span>,
    },
    {
      id: 'sentiment',
      header: t('review.columns.sentiment'),
      className: 'hidden md:table-cell',
      cell: (comment) => (
        <div className="flex flex-col items-start gap-1">
          <SentimentBadge sentiment={comment.sentiment.sentiment} />
          {comment.sentiment.inReview ? null : <span className="text-xs text-fg-muted">{t('review.reviewed')}</span>}
        </div>
      ),
    },
    {
      id: 'proposedSentiment',
      header: t('review.columns.proposedSentiment'),
      className: 'hidden md:table-cell',
      cell: (comment) =>
        comment.proposedSentiment ? (
          <SentimentBadge sentiment={comment.proposedSentiment} />
        ) : (
          <span className="text-fg-muted">
            <span aria-hidden="true">—</span>
            <span className="sr-only">{t('review.noProposal')}</span>
          </span>
        ),
    },
  ];
}

/** What the next review applies to: the selected rows, every comment matching, or the row the keyboard is on. */
type Target = { kind: 'rows'; comments: Comment[] } | { kind: 'matching'; total: number };

export default function SentimentReviewRoute() {
  const { t, i18n } = useTranslation();
  const { filter } = useLoaderData<typeof clientLoader>();
  const [, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const columns = useColumns();
  const table = useRef<DataTableHandle | null>(null);
  const count = new Intl.NumberFormat(i18n.language || undefined).format;

  const list = useInfiniteQuery(commentListQuery(filter));
  const comments = useMemo(() => loadedComments(list.data), [list.data]);
  const total = list.data?.pages[list.data.pages.length - 1]?.meta.total ?? 0;

  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [activeId, setActiveId] = useState<string | undefined>(undefined);
  const [editing, setEditing] = useState<Comment | null>(null);
  const [confirming, setConfirming] = useState<ReviewChoice | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [pending, setPending] = useState(false);
  // The keyboard moved (or its row left the list): focus follows once the rows are drawn.
  const focusAfterRender = useRef(false);

  // A new filter is a new list: nothing of the old selection applies to it.
  // Compared by what it asks for: a revalidation (a theme or language change) hands the loader's
  // data over anew, the same filter in a new object, and must not drop the selection.
  const filterKey = filterToParams(filter).toString();
  const [selectionFor, setSelectionFor] = useState(filterKey);
  if (selectionFor !== filterKey) {
    setSelectionFor(filterKey);
    setSelected(new Set());
    setAllMatching(false);
    setActiveId(undefined);
  }

  const changeFilter = (change: Partial<ReviewFilter>) =>
    setSearchParams(filterToParams({ ...filter, ...change }), { preventScrollReset: true });

  const selectedComments = comments.filter((comment) => selected.has(comment.id));
  const activeIndex = activeId ? comments.findIndex((comment) => comment.id === activeId) : -1;
  useEffect(() => {
    if (!focusAfterRender.current || activeIndex < 0) return;
    focusAfterRender.current = false;
    table.current?.focusRow(activeIndex);
  }, [activeId, activeIndex]);
  const active = activeIndex >= 0 ? comments[activeIndex] : undefined;
  const target: Target | null = allMatching
    ? { kind: 'matching', total }
    : selectedComments.length > 0
      ? { kind: 'rows', comments: selectedComments }
      : active
        ? { kind: 'rows', comments: [active] }
        : null;
  const reviewable = target?.kind === 'matching' || !!target?.comments.some((comment) => comment.sentiment.inReview);
  const editable = target?.kind === 'rows' && target.comments.length === 1 && target.comments[0].sentiment.inReview;

  const loadMore = useCallback(() => {
    if (list.hasNextPage && !list.isFetchingNextPage && !list.isError) void list.fetchNextPage();
  }, [list]);

  const undo = useCallback(
    async (batchId: string) => {
      try {
        const result = await undoCommentReview(batchId);
        snackbar.show('review.undone', 'success', { values: { count: result.updated } });
        if (result.conflicts.length > 0) {
          snackbar.show('review.undoConflicts', 'warning', { values: { count: result.conflicts.length } });
        }
      } catch (error) {
        reportBackgroundError(error);
      } finally {
        // The comments come back where they were: the list is read again, page by page.
        await queryClient.invalidateQueries({ queryKey: commentKeys.lists() });
      }
    },
    [queryClient],
  );

  const announce = (result: ReviewResult) => {
    if (result.updated > 0) {
      const batchId = result.batchId;
      snackbar.show('review.updated', 'success', {
        action: batchId ? { label: 'review.undo', run: () => void undo(batchId) } : undefined,
      });
    }
    if (result.conflicts.length > 0) {
      snackbar.show('review.conflicts', 'warning', { values: { count: result.conflicts.length } });
    }
  };

  const review = async (choice: ReviewChoice, on: Target) => {
    setPending(true);
    try {
      if (on.kind === 'matching') {
        const result = await reviewAllMatching(
          filter,
          choice.action,
          on.total,
          choice.action === 'set' ? choice.sentiment : undefined,
        );
        announce(result);
        setSelected(new Set());
        setAllMatching(false);
        await queryClient.invalidateQueries({ queryKey: commentKeys.lists() });
        return;
      }
      const sent = reviewsFor(choice, on.comments);
      if (sent.length === 0) {
        snackbar.show('review.nothingInReview', 'info');
        return;
      }
      const result = await reviewComments(sent);
      // The rows leave (or change) where they are; the keyboard stays at the same place in the list.
      const index = activeIndex;
      const next = queryClient.setQueryData<CommentPages>(commentKeys.list(filter), (pages) =>
        pages ? applyReviews(pages, sent, result, filter) : pages,
      );
      const left = new Set(loadedComments(next).map((comment) => comment.id));
      setSelected((ids) => new Set([...ids].filter((id) => !sent.some((review) => review.id === id))));
      if (index >= 0 && activeId && !left.has(activeId)) {
        // The next comment still there, else the one before: where the eye already is.
        const stay =
          comments.slice(index).find((comment) => left.has(comment.id)) ??
          comments
            .slice(0, index)
            .reverse()
            .find((comment) => left.has(comment.id));
        focusAfterRender.current = true;
        setActiveId(stay?.id);
      }
      announce(result);
      if (result.conflicts.length > 0) await queryClient.invalidateQueries({ queryKey: commentKeys.lists() });
    } catch (error) {
      reportBackgroundError(error);
      // Someone else's count moved (409), or the list is stale: read it again.
      await queryClient.invalidateQueries({ queryKey: commentKeys.lists() });
    } finally {
      setPending(false);
      setConfirming(null);
      setEditing(null);
    }
  };

  /** Accept, reject or set: at once for rows in hand, after a confirmation for every comment matching. */
  const choose = (choice: ReviewChoice) => {
    if (!target || !reviewable || pending) return;
    if (target.kind === 'matching') setConfirming(choice);
    else void review(choice, target);
  };

  const edit = () => {
    if (editable && target?.kind === 'rows') setEditing(target.comments[0]);
  };

  const moveTo = (index: number) => {
    if (comments.length === 0) return;
    const to = Math.max(0, Math.min(comments.length - 1, index));
    focusAfterRender.current = true;
    setActiveId(comments[to].id);
  };

  // Where Shift+x starts its range: the comment last selected or unselected by key.
  const rangeStart = useRef<string | null>(null);
  const toggle = (comment: Comment, range: boolean) => {
    if (!comment.sentiment.inReview) return;
    setAllMatching(false);
    const from = range && rangeStart.current ? comments.findIndex((each) => each.id === rangeStart.current) : -1;
    const to = comments.indexOf(comment);
    rangeStart.current = comment.id;
    setSelected((ids) => {
      const next = new Set(ids);
      if (from < 0) {
        if (!next.delete(comment.id)) next.add(comment.id);
        return next;
      }
      // The whole range takes the state the comment takes, as a shift-click does.
      const checking = !ids.has(comment.id);
      for (const each of comments.slice(Math.min(from, to), Math.max(from, to) + 1)) {
        if (!each.sentiment.inReview) continue;
        if (checking) next.add(each.id);
        else next.delete(each.id);
      }
      return next;
    });
  };

  /**
   * The list's keys (the help dialog lists them). They act while focus is in the list, so they
   * never take a letter typed elsewhere (WCAG 2.1.4); a key with Ctrl, Alt or Meta is the
   * browser's, and inside a control (a checkbox's Space, a button's Enter) the control's own.
   */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return;
    const inControl = (event.target as HTMLElement).closest('input, button, select, textarea, a, [role="listbox"]');
    const key = event.key;
    const act = (run: () => void) => {
      event.preventDefault();
      run();
    };
    if (key === '?') return act(() => setHelpOpen(true));
    if (key === 'j' || (key === 'ArrowDown' && !inControl)) return act(() => moveTo(activeIndex + 1));
    if (key === 'k' || (key === 'ArrowUp' && !inControl))
      return act(() => moveTo(activeIndex < 0 ? 0 : activeIndex - 1));
    if (key === 'Escape' && (selected.size > 0 || allMatching)) {
      return act(() => {
        setSelected(new Set());
        setAllMatching(false);
      });
    }
    if (key === 'x' || key === 'X' || (key === ' ' && !inControl)) {
      return act(() => {
        if (!active) return moveTo(0);
        toggle(active, event.shiftKey);
      });
    }
    if (key === 'a') return act(() => choose({ action: 'accept' }));
    if (key === 'r') return act(() => choose({ action: 'reject' }));
    if (key === 'e') return act(edit);
    const digit = Number(key);
    if (Number.isInteger(digit) && digit >= 1 && digit <= SENTIMENTS.length) {
      return act(() => choose({ action: 'set', sentiment: SENTIMENTS[digit - 1] }));
    }
  };

  const loadedInReview = comments.filter((comment) => comment.sentiment.inReview);
  const allLoadedSelected = loadedInReview.length > 0 && loadedInReview.every((comment) => selected.has(comment.id));
  const inReviewList = filter.inReview === true;
  const selectionCount = allMatching ? total : selected.size;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('review.title')}
        subtitle={t('review.subtitle')}
        actions={
          <Button variant="secondary" size="sm" onClick={() => setHelpOpen(true)}>
            {t('review.shortcuts.open')}
          </Button>
        }
      />
      <ReviewToolbar filter={filter} onChange={changeFilter} />

      {/* The list and its actions: where the review keys work. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the keys of the focusable rows and buttons inside, caught as they bubble */}
      <section aria-label={t('review.listLabel')} onKeyDown={onKeyDown} className="flex flex-col gap-3">
        <div
          className="flex min-h-11 flex-wrap items-center gap-x-4 gap-y-2 rounded-lg bg-muted px-3 py-2 text-sm"
          role="toolbar"
          aria-label={t('review.actions.label')}
        >
          <p className="font-medium text-fg" aria-live="polite">
            {selectionCount > 0
              ? t('review.selected', { count: selectionCount, formatted: count(selectionCount) })
              : t('review.matching', { count: total, formatted: count(total) })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => choose({ action: 'accept' })} disabled={!reviewable || pending}>
              {t('review.actions.accept')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => choose({ action: 'reject' })}
              disabled={!reviewable || pending}
            >
              {t('review.actions.reject')}
            </Button>
            <Button size="sm" variant="secondary" onClick={edit} disabled={!editable || pending}>
              {t('review.actions.edit')}
            </Button>
          </div>
          {inReviewList && !allMatching && allLoadedSelected && total > selected.size ? (
            <Button size="sm" variant="ghost" onClick={() => setAllMatching(true)}>
              {t('review.selectAllMatching', { count: total, formatted: count(total) })}
            </Button>
          ) : null}
          {selectionCount > 0 ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setSelected(new Set());
                setAllMatching(false);
              }}
            >
              {t('review.clearSelection')}
            </Button>
          ) : null}
        </div>

        <DataTable
          caption={t('review.tableCaption')}
          captionHidden
          columns={columns}
          rows={comments}
          getRowId={(comment) => comment.id}
          loading={list.isPending}
          loadingRows={8}
          empty={isFiltered(filter) && !inReviewList ? t('review.noMatch') : t('review.empty')}
          selectedIds={allMatching ? new Set(loadedInReview.map((comment) => comment.id)) : selected}
          onSelectionChange={(ids) => {
            setAllMatching(false);
            setSelected(ids);
          }}
          canSelect={(comment) => comment.sentiment.inReview}
          rowLabel={(comment) => t('review.rowLabel', { author: comment.authorName })}
          virtual={{ estimateRowHeight: ROW_HEIGHT, height: 'max(24rem, calc(100dvh - 22rem))' }}
          onEndReached={loadMore}
          totalRows={total}
          footer={<CommentListFooter list={list} shown={comments.length} />}
          activeRowId={activeId}
          onActiveRowChange={(id) => setActiveId(id)}
          handleRef={table}
        />
      </section>

      <EditCommentDialog
        comment={editing}
        pending={pending}
        onClose={() => setEditing(null)}
        onSave={(comment, sentiment) =>
          void review({ action: 'set', sentiment }, { kind: 'rows', comments: [comment] })
        }
      />
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && void review(confirming, { kind: 'matching', total })}
        pending={pending}
        title={t('review.confirmAll.title')}
        confirmText={confirming ? confirmText(t, confirming) : undefined}
      >
        {confirming ? <ConfirmAllText choice={confirming} total={total} /> : null}
      </ConfirmDialog>
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}

function confirmText(t: TFunction, choice: ReviewChoice): string {
  if (choice.action === 'accept') return t('review.actions.accept');
  if (choice.action === 'reject') return t('review.actions.reject');
  return t('review.actions.set', { sentiment: t(`ui.sentiment.${choice.sentiment}`) });
}

/** What a review of every matching comment will do, said before it is done. */
function ConfirmAllText({ choice, total }: { choice: ReviewChoice; total: number }) {
  const { t, i18n } = useTranslation();
  const values = { count: total, formatted: new Intl.NumberFormat(i18n.language || undefined).format(total) };
  if (choice.action === 'accept') return t('review.confirmAll.accept', values);
  if (choice.action === 'reject') return t('review.confirmAll.reject', values);
  return t('review.confirmAll.set', { ...values, sentiment: t(`ui.sentiment.${choice.sentiment}`) });
}

export function meta() {
  return pageTitle('review.title');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
