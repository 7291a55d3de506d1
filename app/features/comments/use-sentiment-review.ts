import { useEffect, useLayoutEffect, useReducer, useState, type KeyboardEvent, type RefObject } from 'react';
import type { DataTableHandle } from '~/components/ui/table';
import { useIntent } from '~/lib/intents';
import { snackbar } from '~/lib/snackbar';
import { runLatestAction, useUndoKey } from '~/lib/snackbar-undo';
import type { Comment, ReviewResult, Sentiment } from './api';
import { filterToParams, type ReviewFilter } from './filter';
import { reviewsFor, type ReviewChoice } from './review';
import { reviewFields, reviewIntents, reviewMatchingFields, type ReviewAnswer } from './review-intents';
import { isInControl, reviewKeyCommand, type ReviewCommand } from './review-keys';
import {
  editableComment,
  hasLanded,
  initialReviewState,
  isReviewable,
  reviewReducer,
  reviewTarget,
  type ReviewTarget,
} from './review-state';

/** A review as the fetcher submits it, and what the page notes as it goes. */
interface Submission {
  intent: string;
  fields: Record<string, string>;
  /** Its rows; null: every comment matching. */
  reviewing: string[] | null;
  fromDialog: boolean;
}

/** A review's outcome, said once its answer is in: done (with Undo), and what was left alone. */
function announce(result: ReviewResult, undo: (batchId: string) => void) {
  if (result.updated > 0) {
    const batchId = result.batchId;
    // Where the keyboard is as the review is said (the list's row): the Undo's button leaves with
    // its message, and gives the focus back there rather than to the page's start.
    const returnTo = document.activeElement;
    snackbar.show('review.updated', 'success', {
      action: batchId
        ? {
            label: 'review.undo',
            run: () => {
              undo(batchId);
              if (returnTo instanceof HTMLElement && returnTo.isConnected) returnTo.focus();
            },
          }
        : undefined,
    });
  }
  if (result.conflicts.length > 0) {
    snackbar.show('review.conflicts', 'warning', { values: { count: result.conflicts.length } });
  }
}

/**
 * The sentiment review page's behaviour: its state (review-state.ts), its keys (review-keys.ts),
 * and its changes, each an intent of the route's clientAction (review-intents.ts). A review of
 * rows waits for the API's answer, as the list only changes once the API took it; the Undo in
 * its message goes through a fetcher of its own, so a review sent meanwhile never drops it.
 */
export function useSentimentReview({
  filter,
  comments,
  total,
  table,
}: {
  filter: ReviewFilter;
  /** The loaded comments, in order. */
  comments: readonly Comment[];
  /** How many match the filter, loaded or not. */
  total: number;
  table: RefObject<DataTableHandle | null>;
}) {
  const filterKey = filterToParams(filter).toString();
  const [state, dispatch] = useReducer(reviewReducer, filterKey, initialReviewState);
  // Both settle during this render (React's "adjusting state on a change of props"): a new
  // filter drops the selection, and a row that left takes the keyboard to its neighbour.
  if (state.filterKey !== filterKey) dispatch({ type: 'filtered', filterKey });
  if (state.place && state.activeId !== undefined && !comments.some((comment) => comment.id === state.activeId)) {
    dispatch({ type: 'listed', ids: comments.map((comment) => comment.id) });
  }

  const activeIndex = state.activeId ? comments.findIndex((comment) => comment.id === state.activeId) : -1;
  // Before the browser handles anything else: a key pressed as a reviewed row leaves goes to the
  // row that took its place, not to the page.
  useLayoutEffect(() => {
    if (!state.focusActive || activeIndex < 0) return;
    dispatch({ type: 'focused' });
    table.current?.focusRow(activeIndex);
  }, [state.focusActive, activeIndex, table]);

  const reviews = useIntent<ReviewAnswer>();
  const undos = useIntent();
  const answer = reviews.result;
  // z pressed while a review is on its way undoes that review, once its answer (and its Undo) is in.
  const undoKey = useUndoKey();
  useEffect(() => {
    if (!answer) return;
    const asked = undoKey.takeAsked();
    // A failure is already said (handleIntents); the selection stays for another try.
    if (!answer.ok) return dispatch({ type: 'settled' });
    const { result, ids } = answer.data;
    dispatch(ids ? { type: 'reviewed', ids } : { type: 'reviewedAllMatching' });
    announce(result, (batchId) => undos.submit(reviewIntents.undo, { batchId }));
    if (asked) runLatestAction();
    // Only once for each answer (`undos.submit` is the fetcher's own, stable).
  }, [answer]);

  // The fetcher is busy from the review's submission until Remix has read the page's loaders
  // again; the review itself is done once its rows show reviewed. From then on the next review
  // may be chosen (a key pressed as the rows leave still counts), and waits for the fetcher,
  // whose second submission would otherwise drop the first one's answer (and its Undo).
  const fetcherBusy = reviews.pending !== null;
  const pending = fetcherBusy && !hasLanded(state, comments);
  const [queued, setQueued] = useState<Submission | null>(null);
  const submitNow = (submission: Submission) => {
    dispatch({
      type: 'sent',
      reviewing: submission.reviewing,
      order: comments.map((comment) => comment.id),
      fromDialog: submission.fromDialog,
    });
    reviews.submit(submission.intent, submission.fields);
  };
  const send = (submission: Submission) => {
    if (!fetcherBusy) submitNow(submission);
    else if (!queued) setQueued(submission);
  };
  useEffect(() => {
    if (fetcherBusy || !queued) return;
    setQueued(null);
    submitNow(queued);
    // Sent once the fetcher is free: `submitNow` reads this render's list.
  }, [fetcherBusy, queued]);

  const target = reviewTarget(state, comments, total);
  const reviewable = isReviewable(target);
  const editable = editableComment(target);

  const review = (choice: ReviewChoice, on: ReviewTarget, fromDialog = false) => {
    if (on.kind === 'matching') {
      send({
        intent: reviewIntents.reviewMatching,
        fields: reviewMatchingFields(filter, choice, on.total),
        reviewing: null,
        fromDialog,
      });
      return;
    }
    const sent = reviewsFor(choice, on.comments);
    if (sent.length === 0) {
      snackbar.show('review.nothingInReview', 'info');
      return;
    }
    send({
      intent: reviewIntents.review,
      fields: reviewFields(filter, sent),
      reviewing: sent.map((each) => each.id),
      fromDialog,
    });
  };

  /** Accept, reject or set: at once for rows in hand, after a confirmation for every comment matching. */
  const choose = (choice: ReviewChoice) => {
    if (!target || !reviewable || pending) return;
    if (target.kind === 'matching') dispatch({ type: 'confirming', choice });
    else review(choice, target);
  };
  const edit = () => {
    if (editable) dispatch({ type: 'editing', comment: editable });
  };

  const run = (command: ReviewCommand) => {
    if (command.does === 'help') dispatch({ type: 'help', open: true });
    else if (command.does === 'move') dispatch({ type: 'moved', by: command.by, comments });
    else if (command.does === 'clear') dispatch({ type: 'cleared' });
    else if (command.does === 'toggle') dispatch({ type: 'toggled', range: command.range, comments });
    else if (command.does === 'choose') choose(command.choice);
    // The Undo of the latest review, while its message shows (the message is at the page's end);
    // of the one on its way once it is in, never of the one before it.
    else if (command.does === 'undo') {
      undoKey.undo(state.reviewing !== null || queued !== null);
    } else edit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const command = reviewKeyCommand(event, {
      inControl: isInControl(event.target),
      hasSelection: state.selected.size > 0 || state.allMatching,
    });
    if (!command) return;
    event.preventDefault();
    run(command);
  };

  const inReview = comments.filter((comment) => comment.sentiment.inReview);
  const selectedCount = comments.filter((comment) => state.selected.has(comment.id)).length;
  return {
    state,
    dispatch,
    pending,
    reviewable,
    editable: editable !== null,
    choose,
    edit,
    /** The Edit dialog's Save: the chosen sentiment for its comment. */
    save: (comment: Comment, sentiment: Sentiment) =>
      review({ action: 'set', sentiment }, { kind: 'rows', comments: [comment] }, true),
    /** The confirmation's Accept (or Reject, or Set): every comment matching. */
    confirm: () => state.confirming && review(state.confirming, { kind: 'matching', total }, true),
    /**
     * A dialog's button waits for what the dialog sent (its answer closes the dialog); a row's
     * review still on its way when the dialog opened holds nothing: Escape and Cancel still close it.
     */
    dialogPending: (fetcherBusy && state.sentFromDialog) || queued?.fromDialog === true,
    onKeyDown,
    /** What the table shows checked: every loaded one in review when every comment matching is. */
    checkedIds: state.allMatching ? new Set(inReview.map((comment) => comment.id)) : state.selected,
    selectionCount: state.allMatching ? total : selectedCount,
    allLoadedSelected: inReview.length > 0 && inReview.every((comment) => state.selected.has(comment.id)),
  };
}
