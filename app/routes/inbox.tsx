import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '~/lib/format';
import type { InboxDoneResult } from '~contract/inbox';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { Alert } from '~/components/ui/alert';
import { Button, ButtonLink } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { whereToAttachChannels } from '~/lib/paths';
import { AppDialog, ConfirmDialog, useFormDialog } from '~/components/ui/dialog';
import { authorOf } from '~/features/comments/author';
import { PageHeader } from '~/components/ui/page-header';
import { TextLink } from '~/components/ui/text-link';
import { DataTable, type DataTableHandle } from '~/components/ui/table';
import { requireUser } from '~/features/auth/guards';
import { useCommentArrivals } from '~/features/comments/comment-arrivals';
import {
  deleteInboxComment,
  getInbox,
  inboxKeys,
  inboxQuery,
  markDone,
  markInboxComment,
  markMatchingDone,
  replyInInbox,
  shownInboxComment,
  undoDone,
  type InboxComment,
} from '~/features/comments/inbox';
import { InboxActions, inboxIntents, InboxPlace, useInboxColumns } from '~/features/comments/inbox-columns';
import { CommentWithReplies } from '~/features/comments/project-comment-columns';
import { DeleteCommentDialog, useDeleteDialog } from '~/features/comments/delete-comment-dialog';
import {
  inboxFilterChanged,
  inboxFilterFromQuery,
  inboxFilterFromUrl,
  inboxFilterToParams,
  isInboxFiltered,
  type InboxFilter,
} from '~/features/comments/inbox-filter';
import { INBOX_SHORTCUTS, inboxKeyCommand, type InboxCommand } from '~/features/comments/inbox-keys';
import { InboxToolbar, type InboxProjectChoice } from '~/features/comments/inbox-toolbar';
import { CommentListFooter } from '~/features/comments/list-footer';
import { NewCommentsNotice } from '~/features/comments/new-comments-notice';
import { marksOf } from '~/features/comments/project-comment-columns';
import { ReplyDialog, ReplyFormSchema, replyRefused } from '~/features/comments/reply-dialog';
import { savedRepliesForReplying } from '~/features/comments/saved-replies';
import { isInControl } from '~/features/comments/review-keys';
import { placeAfterLeaving } from '~/features/comments/review-state';
import { ShortcutsButton, ShortcutsDialog } from '~/features/comments/shortcuts-dialog';
import { ChannelLine } from '~/features/integrations/channel-kind';
import { getProjects } from '~/features/projects/api';
import { parseForm, useIsPending } from '~/lib/forms';
import { formAnswer, formText, handleIntents, intentOf, useIntent } from '~/lib/intents';
import { LOADS_IN_PLACE } from '~/lib/loading';
import { pageTitle } from '~/lib/i18n';
import { throwRouteError } from '~/lib/route-errors';
import { snackbar } from '~/lib/snackbar';
import { runLatestAction, undoUnlessGone, useUndoKey } from '~/lib/snackbar-undo';
import { useQueryChange, useQueryOnItsWay } from '~/lib/url-query';
import { ReplyNeedsAccount } from '~/features/comments/reply-needs-account';

/** Every project of the user (a page at a time from the API), with their channels: the filters' choices. */
async function allProjects(): Promise<InboxProjectChoice[]> {
  const first = await getProjects(1);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.meta.lastPage - 1) }, (_, n) => getProjects(n + 2)),
  );
  return [first, ...rest]
    .flatMap((page) => page.data)
    .map((project) => ({
      id: project._id,
      name: project.name,
      channels: project.channels.map((channel) => ({ id: channel._id, name: channel.name, kind: channel.type })),
    }));
}

/**
 * The inbox (docs/product.md#inbox): every comment of the user's projects in one list, the open
 * ones negatives first by default; filters and order in the URL. Read a page at a time as it
 * scrolls (its one read outside the loader).
 */
export async function clientLoader({ request }: { request: Request }) {
  await requireUser(request);
  const filter = inboxFilterFromUrl(new URL(request.url));
  const loaderStartedAt = Date.now();
  try {
    const [projects, savedReplies] = await Promise.all([
      allProjects(),
      savedRepliesForReplying(request),
      getInbox(filter),
    ]);
    return { filter, projects, savedReplies, loaderStartedAt };
  } catch (error) {
    throwRouteError(error, request);
  }
}

/** What a done (or open again, or undo) answered, and for which rows. */
export interface DoneAnswer {
  result: InboxDoneResult;
  done: boolean;
}

/**
 * Every change the page makes (docs/decisions/035-one-way-to-change-data.md): done or open again
 * (rows, or every comment matching with its count confirmed), its undo, a bookmark or a hide,
 * each an intent; and the reply dialog's form. The feature's functions change the cached lists,
 * so the list shows the new state.
 */
export async function clientAction({ request }: { request: Request }) {
  await requireUser(request);
  if (await intentOf(request)) {
    return handleIntents(request, {
      [inboxIntents.done]: async (form): Promise<DoneAnswer> => {
        const done = formText(form, 'done') === 'true';
        return { result: await markDone(formText(form, 'ids').split(','), done), done };
      },
      [inboxIntents.doneMatching]: async (form): Promise<DoneAnswer> => {
        const filter = inboxFilterFromQuery(new URLSearchParams(String(form.get('query') ?? '')));
        return { result: await markMatchingDone(filter, Number(formText(form, 'expectedTotal'))), done: true };
      },
      [inboxIntents.undo]: async (form): Promise<DoneAnswer | null> => {
        const result = await undoUnlessGone(undoDone(formText(form, 'batchId')));
        return result && { result, done: false };
      },
      [inboxIntents.mark]: async (form) => {
        const comment = await shownInboxComment(formText(form, 'id'));
        if (comment) await markInboxComment(comment, marksOf(form));
      },
      [inboxIntents.delete]: async (form) => {
        const comment = await shownInboxComment(formText(form, 'id'));
        if (!comment) return;
        await deleteInboxComment(comment);
        snackbar.show('inbox.delete.done', 'success', { values: { channel: comment.channel.name } });
      },
    });
  }
  const submission = await parseForm(request, ReplyFormSchema);
  if (submission.status !== 'success') return submission.reply();
  try {
    const { commentId, message, attemptId } = submission.value;
    const comment = await shownInboxComment(commentId);
    if (!comment) return submission.reply({ formErrors: ['projectComments.reply.gone'] });
    const { reply } = await replyInInbox(comment, { message, attemptId });
    snackbar.show('inbox.replied', 'success', { values: { channel: reply.channel.name } });
  } catch (error) {
    return replyRefused(request, submission, error);
  }
  return submission.reply();
}

/** A done on its way (see InboxRoute). */
interface SentDone {
  /** The rows it was sent for (the checked ones, or the keyboard's). */
  rows: readonly string[];
  /** The list's order when it was sent, until the keyboard's row left it. */
  place: readonly string[] | null;
  /** The row after the last one marked (else the one before the first). */
  after: string | undefined;
}

/** A row is about this tall before it is measured (its place, two lines of message and its details). */
const ROW_HEIGHT = 104;

export default function InboxRoute() {
  const { t, i18n } = useTranslation();
  const { filter, projects, savedReplies, loaderStartedAt } = useLoaderData<typeof clientLoader>();
  const changeQuery = useQueryChange();
  const onItsWay = useQueryOnItsWay();
  const count = numberFormat(i18n.language).format;

  const list = useInfiniteQuery(inboxQuery(filter));
  const channelIds = useMemo(
    () => [...new Set(projects.flatMap((project) => project.channels.map((channel) => channel.id)))],
    [projects],
  );
  const arrivals = useCommentArrivals({ lists: inboxKeys.lists() }, channelIds, {
    listKey: inboxKeys.list(filter),
    loaderStartedAt,
    listReadAt: list.dataUpdatedAt,
  });
  const comments = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const lastPage = list.data?.pages[list.data.pages.length - 1]?.meta;
  const total = lastPage?.total ?? 0;
  const atLeast = lastPage?.totalIsAtLeast === true;

  const filterKey = inboxFilterToParams(filter).toString();
  const change = (next: Partial<InboxFilter>) =>
    changeQuery((query) => inboxFilterToParams(inboxFilterChanged(inboxFilterFromQuery(query), next)));
  const next = onItsWay && inboxFilterFromQuery(onItsWay);
  const filtering = next !== null && inboxFilterToParams(next).toString() !== filterKey;

  // The row the keyboard is on, the rows checked, and the dialogs.
  const [activeId, setActiveId] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [helpOpen, setHelpOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const table = useRef<DataTableHandle | null>(null);
  // A done on its way: the rows it was sent for, the list's order when it was sent (where the
  // keyboard stays when its row leaves) and the row after them. The keyboard and the selection
  // change only once the API took it: a refusal, or no connection, leaves them on the rows the
  // person chose, for another try (a press of e again must not mark the next comment done instead).
  const [sentDone, setSentDone] = useState<SentDone | null>(null);
  // The keyboard's row changed without a key (its row left): the focus follows once the rows are
  // drawn. A count, so that each time is taken once.
  const [focusAsked, setFocusAsked] = useState(0);
  const [shownFor, setShownFor] = useState(filterKey);
  // A new filter drops the selection (during render: React's "adjusting state on a change of props").
  if (shownFor !== filterKey) {
    setShownFor(filterKey);
    setSelected(new Set());
    setActiveId(undefined);
    setSentDone(null);
  }
  const order = useMemo(() => comments.map((comment) => comment.id), [comments]);
  const present = new Set(order);
  // The order shown last, for when the keyboard's row leaves the list otherwise than by a done
  // sent from here (below).
  const [shownOrder, setShownOrder] = useState<readonly string[]>(order);
  // The done was taken and its rows left the list: the keyboard goes to the next row still there.
  if (sentDone?.place && activeId !== undefined && !present.has(activeId)) {
    const stay = placeAfterLeaving(sentDone.place, activeId, present);
    if (stay !== null) {
      setActiveId(stay);
      setFocusAsked((asked) => asked + 1);
    }
    setSentDone({ ...sentDone, place: null });
  } else if (activeId !== undefined && !present.has(activeId) && !sentDone?.place && list.data) {
    // It left some other way (a reply made it done, it was deleted, another screen marked it):
    // the keyboard goes to the row after it as the list was shown, or to the list when none is left.
    const stay = placeAfterLeaving(shownOrder, activeId, present);
    if (stay !== null) {
      setActiveId(stay);
      setFocusAsked((asked) => asked + 1);
    }
  }
  if (shownOrder !== order) setShownOrder(order);
  const checked = new Set([...selected].filter((id) => present.has(id)));
  const activeIndex = activeId ? comments.findIndex((comment) => comment.id === activeId) : -1;
  const active = activeIndex >= 0 ? comments[activeIndex] : undefined;

  const replying = useFormDialog<InboxComment>(formAnswer(useActionData<typeof clientAction>()));
  const replyPending = useIsPending();
  const doneIntent = useIntent<DoneAnswer>();
  const undoIntent = useIntent();
  const marks = useIntent();
  const deletion = useIntent();
  const deleting = useDeleteDialog<InboxComment>(deletion.result);
  // On a phone: the comment whose detail is open (its row has no room for buttons). It closes
  // itself once the comment leaves the list (done, deleted).
  const [detailId, setDetailId] = useState<string | null>(null);
  const detail = detailId ? (comments.find((comment) => comment.id === detailId) ?? null) : null;

  // Each answer of a done: said once, with its Undo (`submitUndo` is the fetcher's own, stable).
  const answer = doneIntent.result;
  const submitUndo = undoIntent.submit;
  // The answer of the done on its way (during render, as a change of props): taken, its rows
  // leave the selection, and a row still listed (the list of every comment) hands the keyboard on
  // to the one after; refused, everything stays as it was.
  const [answerSeen, setAnswerSeen] = useState(answer);
  if (answer !== answerSeen) {
    setAnswerSeen(answer);
    if (answer && sentDone) {
      setSentDone(null);
      if (answer.ok) {
        const sentFor = new Set(sentDone.rows);
        setSelected(new Set([...selected].filter((id) => !sentFor.has(id))));
        if (activeId !== undefined && sentFor.has(activeId)) {
          setActiveId(sentDone.after);
          setFocusAsked((asked) => asked + 1);
        }
      }
    }
  }
  // z pressed while a done is on its way undoes that done, once its answer (and its Undo) is in.
  const undoKey = useUndoKey();
  useEffect(() => {
    const asked = undoKey.takeAsked();
    if (!answer?.ok) return;
    const { result, done } = answer.data;
    if (result.updated === 0) return;
    const batchId = result.batchId;
    snackbar.show(done ? 'inbox.doneSaid' : 'inbox.openedSaid', 'success', {
      values: { count: result.updated },
      action: batchId
        ? {
            label: 'review.undo',
            run: () => {
              submitUndo(inboxIntents.undo, { batchId });
              // Its button leaves with the message: the focus goes back to the keyboard's row.
              setFocusAsked((asked) => asked + 1);
            },
          }
        : undefined,
    });
    if (asked) runLatestAction();
  }, [answer, submitUndo, undoKey]);

  /** Done (or open again) for the checked rows, or the row the keyboard is on. */
  const sendDone = (rows: InboxComment[], done: boolean) => {
    const ids = rows.filter((row) => (row.doneAt === null) === done).map((row) => row.id);
    if (ids.length === 0) return;
    // Once taken, the keyboard moves on to the row after the last one leaving.
    const after = comments.slice(comments.indexOf(rows[rows.length - 1]!) + 1).find((row) => !ids.includes(row.id));
    setSentDone({
      rows: rows.map((row) => row.id),
      place: order,
      after: after?.id ?? comments.slice(0, comments.indexOf(rows[0]!)).at(-1)?.id,
    });
    doneIntent.submit(inboxIntents.done, { ids: ids.join(','), done: String(done) });
  };
  // A done asked for while the last one is still on its way (its answer, then the page read
  // again) waits for it, as the review's does: a key pressed meanwhile is not lost, and a second
  // submission would drop the first one's answer and its Undo. One waits at most; its rows are
  // looked up again when it goes.
  const [queuedDone, setQueuedDone] = useState<{ rows: readonly string[]; done: boolean } | null>(null);
  const doneBusy = doneIntent.pending !== null;
  const markRows = (rows: InboxComment[], done: boolean) => {
    if (!doneBusy) sendDone(rows, done);
    else if (!queuedDone) setQueuedDone({ rows: rows.map((row) => row.id), done });
  };
  useEffect(() => {
    if (doneBusy || !queuedDone) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- sent when the fetcher is free: what it sent is state the rows' place is kept by
    sendDone(
      comments.filter((comment) => queuedDone.rows.includes(comment.id)),
      queuedDone.done,
    );
    setQueuedDone(null);
    // Sent once the fetcher is free: `sendDone` reads this render's list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doneBusy, queuedDone]);
  const columns = useInboxColumns({
    onReply: replying.open,
    onDone: (comment) => markRows([comment], comment.doneAt === null),
    onDelete: deleting.open,
    onOpen: (comment) => setDetailId(comment.id),
    channel: (comment) => <ChannelLine kind={comment.channel.kind} name={comment.channel.name} />,
  });
  const targets = () => (checked.size > 0 ? comments.filter((row) => checked.has(row.id)) : active ? [active] : []);

  const run = (command: InboxCommand) => {
    if (command.does === 'help') return setHelpOpen(true);
    // The Undo of the latest done, while its message shows (the message is at the page's end); of
    // the one on its way once it is in, never of the one before it.
    if (command.does === 'undo') {
      undoKey.undo(!!(sentDone || queuedDone));
      return;
    }
    if (command.does === 'clear') return setSelected(new Set());
    if (command.does === 'move') {
      const index = Math.min(comments.length - 1, Math.max(0, activeIndex + command.by));
      const row = comments[index];
      if (!row) return;
      setActiveId(row.id);
      table.current?.focusRow(index);
      return;
    }
    if (!active && command.does !== 'done') return;
    if (command.does === 'toggle' && active) {
      const nextSelected = new Set(checked);
      if (nextSelected.has(active.id)) nextSelected.delete(active.id);
      else nextSelected.add(active.id);
      return setSelected(nextSelected);
    }
    if (command.does === 'done') {
      const rows = targets();
      return markRows(
        rows,
        rows.some((row) => row.doneAt === null),
      );
    }
    if (!active) return;
    if (command.does === 'reply' && active.channel.canReply) return replying.open(active);
    if (command.does === 'bookmark')
      return marks.submit(inboxIntents.mark, {
        id: active.id,
        mark: 'isBookmarked',
        value: String(!active.isBookmarked),
      });
    if (command.does === 'hide')
      return marks.submit(inboxIntents.mark, { id: active.id, mark: 'isHidden', value: String(!active.isHidden) });
    if (command.does === 'delete' && active.channel.canDelete) return deleting.open(active);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const command = inboxKeyCommand(event, { inControl: isInControl(event.target), hasSelection: checked.size > 0 });
    if (!command) return;
    event.preventDefault();
    run(command);
  };
  // The row that took the place of the one that left keeps the keyboard. Not when the focus is in
  // the active row already: a press on a row's button made that row the active one, and moving the
  // focus to the row, which scrolls a row partly out of view into it, between the press and the
  // release would lose the click (the release lands elsewhere).
  useEffect(() => {
    const focusedRow = document.activeElement?.closest('tbody tr');
    if (activeIndex >= 0 && focusedRow && focusedRow.getAttribute('data-index') !== String(activeIndex)) {
      table.current?.focusRow(activeIndex);
    }
  }, [activeIndex]);
  // A done moved the keyboard: the focus goes with it, before a key pressed as the rows leave is
  // handled, unless the person has gone on to another control meanwhile (the search field).
  // With no row left (the last one done), the list itself takes it: its empty state is next.
  const focusTaken = useRef(0);
  const listSection = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (focusAsked === focusTaken.current) return;
    focusTaken.current = focusAsked;
    const focused = document.activeElement;
    const lost = !focused || focused === document.body;
    // In the list but on none of its controls: a row, or the frame the rows scroll in.
    const inList = !lost && listSection.current?.contains(focused) === true && !isInControl(focused);
    if (activeIndex >= 0 && (lost || inList)) table.current?.focusRow(activeIndex);
    else if (activeIndex < 0 && lost) listSection.current?.focus();
  }, [focusAsked, activeIndex]);
  // A reply sent closes its dialog, which gives the focus back to what had it before: the row that
  // left (gone), or whatever in the list had it earlier. Once the dialog has gone (Headless UI
  // lets go a frame or so later) and given it back, the keyboard's row takes it.
  const repliesSent = replying.sent;
  useEffect(() => {
    if (repliesSent === 0) return;
    let frame = 0;
    let frames = 0;
    const afterTheDialog = () => {
      if (document.querySelector('[role="dialog"]') && frames++ < 60) {
        frame = requestAnimationFrame(afterTheDialog);
        return;
      }
      frame = requestAnimationFrame(() => setFocusAsked((asked) => asked + 1));
    };
    frame = requestAnimationFrame(afterTheDialog);
    return () => cancelAnimationFrame(frame);
  }, [repliesSent]);

  const loadMore = useCallback(() => {
    if (list.hasNextPage && !list.isFetchingNextPage && !list.isError) void list.fetchNextPage();
  }, [list]);

  const open = filter.state === 'open';
  const checkedRows = comments.filter((row) => checked.has(row.id));
  const totalText = count(total);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('inbox.title')}
        subtitle={t('inbox.subtitle')}
        actions={<ShortcutsButton onClick={() => setHelpOpen(true)} />}
      />
      <InboxToolbar filter={filter} projects={projects} onChange={change} />
      {filter.commentId ? (
        <Alert
          tone="info"
          title={t('inbox.oneComment.title')}
          action={
            <TextLink to={{ search: inboxFilterToParams({ ...filter, commentId: undefined }).toString() }}>
              {t('inbox.oneComment.showAll')}
            </TextLink>
          }
        >
          {t('inbox.oneComment.body')}
        </Alert>
      ) : null}
      <ReplyNeedsAccount firstPage={list.data?.pages[0]?.data} />

      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the keys of the focusable rows and buttons inside, caught as they bubble */}
      <section
        ref={listSection}
        aria-label={t('inbox.listLabel')}
        onKeyDown={onKeyDown}
        // Focused only from here, when its last row left: never a stop of its own on the way.
        tabIndex={-1}
        className="focus-ring flex flex-col gap-3 rounded-lg outline-offset-8"
      >
        <DataTable
          toolbar={
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm font-medium text-fg" aria-live="polite">
                {list.isPending
                  ? null
                  : atLeast
                    ? t('inbox.moreThan', { formatted: totalText })
                    : t(open ? 'inbox.openCount' : 'inbox.doneCount', { count: total, formatted: totalText })}
              </p>
              {checked.size > 0 ? (
                <Button size="sm" onClick={() => markRows(checkedRows, open)} disabled={doneIntent.pending !== null}>
                  {t(open ? 'inbox.markSelectedDone' : 'inbox.openSelected', { count: checked.size })}
                </Button>
              ) : open && total > 0 && !atLeast ? (
                <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
                  {t('inbox.markAllDone', { count: total, formatted: totalText })}
                </Button>
              ) : null}
              {/* What arrives is never the one comment shown alone. */}
              <NewCommentsNotice count={filter.commentId ? 0 : arrivals.waiting} onShow={() => arrivals.show()} />
            </div>
          }
          caption={t('inbox.tableCaption')}
          captionHidden
          columns={columns}
          rows={comments}
          getRowId={(comment) => comment.id}
          loading={list.isPending || filtering}
          loadingRows={6}
          empty={
            filter.commentId ? (
              <OneCommentNotHere filter={filter} />
            ) : isInboxFiltered(filter) ? (
              t('projectComments.noMatch')
            ) : open ? (
              channelIds.length === 0 ? (
                <NoChannels projects={projects} />
              ) : (
                t('inbox.zero')
              )
            ) : (
              t('inbox.noneDone')
            )
          }
          // A frame of the screen's height for rows; without any, the empty state's own height.
          virtual={
            comments.length > 0
              ? { estimateRowHeight: ROW_HEIGHT, height: 'max(24rem, calc(100dvh - 18rem))' }
              : undefined
          }
          onEndReached={loadMore}
          totalRows={atLeast ? 'unknown' : total}
          footer={<CommentListFooter list={list} shown={comments.length} />}
          selectedIds={checked}
          onSelectionChange={setSelected}
          rowLabel={(comment) => t('inbox.rowLabel', { author: comment.authorName })}
          activeRowId={active?.id}
          onActiveRowChange={(id) => setActiveId(id)}
          handleRef={table}
        />
      </section>
      <ReplyDialog
        comment={replying.item}
        savedReplies={savedReplies}
        onClose={replying.close}
        lastResult={replying.lastResult}
        pending={replyPending}
      />
      <AppDialog
        open={detail !== null}
        onClose={() => setDetailId(null)}
        title={detail ? t('inbox.detail.title', { author: authorOf(detail, t) }) : ''}
        actions={null}
      >
        {detail ? (
          <div className="mt-2 flex flex-col gap-5">
            <CommentWithReplies
              comment={detail}
              place={
                <InboxPlace
                  comment={detail}
                  channel={<ChannelLine kind={detail.channel.kind} name={detail.channel.name} />}
                />
              }
            />
            <InboxActions
              comment={detail}
              labelled
              onDone={(comment) => markRows([comment], comment.doneAt === null)}
              onReply={(comment) => {
                setDetailId(null);
                replying.open(comment);
              }}
              onDelete={(comment) => {
                setDetailId(null);
                deleting.open(comment);
              }}
            />
          </div>
        ) : null}
      </AppDialog>
      <DeleteCommentDialog
        comment={deleting.comment}
        refusal={deleting.refusal}
        pending={deletion.pending !== null}
        onClose={deleting.close}
        onConfirm={(comment) => deletion.submit(inboxIntents.delete, { id: comment.id })}
      />
      <ShortcutsDialog
        open={helpOpen}
        onClose={() => setHelpOpen(false)}
        shortcuts={INBOX_SHORTCUTS}
        words="inbox.shortcuts"
      />
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('inbox.confirmAll.title', { count: total, formatted: totalText })}
        confirmText={t('inbox.confirmAll.confirm', { count: total, formatted: totalText })}
        pending={doneIntent.pending !== null}
        onConfirm={() => {
          doneIntent.submit(inboxIntents.doneMatching, {
            query: inboxFilterToParams(filter).toString(),
            expectedTotal: String(total),
          });
          setConfirming(false);
        }}
      >
        {t('inbox.confirmAll.body')}
      </ConfirmDialog>
    </div>
  );
}

/** Its filters show their own loading, never the global bar (docs/decisions/051-lists-load-in-place.md). */
export const handle = LOADS_IN_PLACE;

export const meta = () => pageTitle('inbox.title');

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/**
 * The one comment a notification led to, not among those the list shows: done or answered since
 * (or open, among the done), or deleted. The other state is a click away.
 */
function OneCommentNotHere({ filter }: { filter: InboxFilter }) {
  const { t } = useTranslation();
  const open = filter.state === 'open';
  return (
    <EmptyState
      compact
      title={t(open ? 'inbox.oneComment.notOpen' : 'inbox.oneComment.notDone')}
      action={
        <ButtonLink
          size="sm"
          variant="secondary"
          to={{ search: inboxFilterToParams({ ...filter, state: open ? 'done' : 'open' }).toString() }}
        >
          {t(open ? 'inbox.oneComment.lookDone' : 'inbox.oneComment.lookOpen')}
        </ButtonLink>
      }
    />
  );
}

/**
 * The inbox of a user whose projects follow no channel yet: what would be here, and the one thing
 * to do next: a first project, attaching channels to the only one, or choosing among them.
 */
function NoChannels({ projects }: { projects: Array<{ id: string }> }) {
  const { t } = useTranslation();
  const next = whereToAttachChannels(projects.length, projects[0]?.id);
  const words = {
    newProject: t('projects.newProject'),
    projectChannels: t('inbox.attachChannels'),
    projects: t('inbox.toProjects'),
  };
  return (
    <EmptyState
      compact
      title={t('inbox.noChannelsTitle')}
      description={t('inbox.noChannels')}
      action={
        <ButtonLink size="sm" to={next.to}>
          {words[next.step]}
        </ButtonLink>
      }
    />
  );
}
