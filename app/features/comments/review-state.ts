import type { Comment } from '~contract/comments';
import type { ReviewChoice } from './review';

/**
 * What the sentiment review page holds besides its data: the selection, the row the keyboard is
 * on, and which dialog is open. A reducer, so each rule (a Shift range, a move at the list's
 * edge, the keyboard's place when its row leaves) is a plain function the unit tests run
 * (review-state.test.ts); the page's hook (use-sentiment-review.ts) only wires it to the list and
 * to the route's intents. The list itself is the cache's: nothing here copies a comment's state.
 */
export interface ReviewState {
  /** The filter (its URL query) the selection belongs to: a new filter is a new list. */
  filterKey: string;
  selected: ReadonlySet<string>;
  /** Every comment matching the filter, beyond the loaded pages. */
  allMatching: boolean;
  /** The row the keyboard is on. */
  activeId: string | undefined;
  /** Where Shift+x starts its range: the comment last selected or unselected by key. */
  rangeStart: string | null;
  /** The keyboard moved (or its row left the list): focus follows once the rows are drawn. */
  focusActive: boolean;
  /** The list's order when a review of rows was sent: where the keyboard stays if its row leaves. */
  place: readonly string[] | null;
  /** The rows of the review on its way (`'matching'`: every comment matching), until its answer. */
  reviewing: readonly string[] | 'matching' | null;
  /**
   * The review on its way was sent from a dialog (Edit's Save, the confirmation's): its answer
   * closes it. A dialog opened since (e pressed as the rows left) stays open.
   */
  sentFromDialog: boolean;
  editing: Comment | null;
  confirming: ReviewChoice | null;
  helpOpen: boolean;
}

export type ReviewEvent =
  | { type: 'filtered'; filterKey: string }
  /** The table's own selection (a checkbox, a Shift-click, select all loaded). */
  | { type: 'selected'; ids: ReadonlySet<string> }
  /** x or Space on the keyboard's row (Shift: the range from the last one). */
  | { type: 'toggled'; range: boolean; comments: readonly Comment[] }
  | { type: 'cleared' }
  | { type: 'selectedAllMatching' }
  /** j/↓ (1) or k/↑ (-1). */
  | { type: 'moved'; by: 1 | -1; comments: readonly Comment[] }
  /** The table's active row changed (a click, a focus). */
  | { type: 'activated'; id: string | undefined }
  | { type: 'focused' }
  /**
   * A review is on its way: its rows (null: every comment matching), the list's order now, and
   * whether it was sent from a dialog.
   */
  | { type: 'sent'; reviewing: readonly string[] | null; order: readonly string[]; fromDialog: boolean }
  /** The list changed: the keyboard's row may have left it. */
  | { type: 'listed'; ids: readonly string[] }
  /** The API took a review of these rows. */
  | { type: 'reviewed'; ids: readonly string[] }
  | { type: 'reviewedAllMatching' }
  /** A review ended without changing anything (refused, failed): the selection stays for another try. */
  | { type: 'settled' }
  | { type: 'editing'; comment: Comment | null }
  | { type: 'confirming'; choice: ReviewChoice | null }
  | { type: 'help'; open: boolean };

export const initialReviewState = (filterKey: string): ReviewState => ({
  filterKey,
  selected: new Set(),
  allMatching: false,
  activeId: undefined,
  rangeStart: null,
  focusActive: false,
  place: null,
  reviewing: null,
  sentFromDialog: false,
  editing: null,
  confirming: null,
  helpOpen: false,
});

const noSelection = { selected: new Set<string>(), allMatching: false } as const;

/** Once a review's answer is in: the dialog it was sent from closes (whatever the answer). */
const answered = (state: ReviewState) =>
  state.sentFromDialog
    ? { reviewing: null, sentFromDialog: false, editing: null, confirming: null }
    : { reviewing: null, sentFromDialog: false };

export function reviewReducer(state: ReviewState, event: ReviewEvent): ReviewState {
  switch (event.type) {
    case 'filtered':
      // Compared by what it asks for: a revalidation (a theme or language change) hands the
      // loader's data over anew, the same filter in a new object, and must not drop the selection.
      if (event.filterKey === state.filterKey) return state;
      return {
        ...state,
        ...noSelection,
        filterKey: event.filterKey,
        activeId: undefined,
        rangeStart: null,
        place: null,
      };
    case 'selected':
      return { ...state, selected: event.ids, allMatching: false };
    case 'toggled':
      return toggle(state, event.range, event.comments);
    case 'cleared':
      return { ...state, ...noSelection };
    case 'selectedAllMatching':
      return { ...state, allMatching: true };
    case 'moved': {
      if (event.comments.length === 0) return state;
      const index = indexOf(event.comments, state.activeId);
      // From nowhere, both keys start at the first row; at either end the keyboard stays there.
      const to = index < 0 ? 0 : Math.max(0, Math.min(event.comments.length - 1, index + event.by));
      return { ...state, activeId: event.comments[to].id, focusActive: true };
    }
    case 'activated':
      return state.activeId === event.id ? state : { ...state, activeId: event.id };
    case 'focused':
      return state.focusActive ? { ...state, focusActive: false } : state;
    case 'sent':
      return {
        ...state,
        reviewing: event.reviewing ?? 'matching',
        // A review of every comment matching reads the list again: no place to keep.
        place: event.reviewing ? event.order : null,
        sentFromDialog: event.fromDialog,
      };
    case 'listed':
      return keepPlace(state, event.ids);
    case 'reviewed': {
      const gone = new Set(event.ids);
      return { ...state, ...answered(state), selected: new Set([...state.selected].filter((id) => !gone.has(id))) };
    }
    case 'reviewedAllMatching':
      return { ...state, ...answered(state), ...noSelection };
    case 'settled':
      return { ...state, ...answered(state) };
    case 'editing':
      return { ...state, editing: event.comment };
    case 'confirming':
      return { ...state, confirming: event.choice };
    case 'help':
      return { ...state, helpOpen: event.open };
  }
}

const indexOf = (comments: readonly Comment[], id: string | undefined) =>
  id === undefined ? -1 : comments.findIndex((comment) => comment.id === id);

/**
 * x on the keyboard's row: it is selected or unselected; with Shift, the rows from the one last
 * toggled by key to this one all take the state this one takes, as a Shift-click does. Only
 * comments in review can be selected. With no row under the keyboard yet, x goes to the first.
 */
function toggle(state: ReviewState, range: boolean, comments: readonly Comment[]): ReviewState {
  const to = indexOf(comments, state.activeId);
  if (to < 0) {
    return comments.length === 0 ? state : { ...state, activeId: comments[0].id, focusActive: true };
  }
  const comment = comments[to];
  if (!comment.sentiment.inReview) return state;
  const from = range && state.rangeStart ? indexOf(comments, state.rangeStart) : -1;
  const selected = new Set(state.selected);
  if (from < 0) {
    if (!selected.delete(comment.id)) selected.add(comment.id);
  } else {
    const checking = !state.selected.has(comment.id);
    for (const each of comments.slice(Math.min(from, to), Math.max(from, to) + 1)) {
      if (!each.sentiment.inReview) continue;
      if (checking) selected.add(each.id);
      else selected.delete(each.id);
    }
  }
  return { ...state, selected, allMatching: false, rangeStart: comment.id };
}

/**
 * After a review of rows, the keyboard stays at the same place in the list: when its row left,
 * it goes to the next one still there, else the one before (where the eye already is), and focus
 * follows. `ids` is the list now.
 */
function keepPlace(state: ReviewState, ids: readonly string[]): ReviewState {
  const { place, activeId } = state;
  if (!place || activeId === undefined) return state;
  const now = new Set(ids);
  if (now.has(activeId)) return state;
  const stay = placeAfterLeaving(place, activeId, now);
  if (stay === null) return { ...state, place: null };
  return { ...state, activeId: stay, focusActive: true, place: null };
}

/**
 * The row the keyboard goes to when its row (`activeId`) left the list: the next one of `place`
 * (the list's order when the change was sent) still in the list `now`, else the one before it.
 * `undefined` when none of them is left; `null` when `activeId` was not in `place`. The inbox
 * keeps its place by it too.
 */
export function placeAfterLeaving(
  place: readonly string[],
  activeId: string,
  now: ReadonlySet<string>,
): string | undefined | null {
  const index = place.indexOf(activeId);
  if (index < 0) return null;
  return (
    place.slice(index).find((id) => now.has(id)) ??
    place
      .slice(0, index)
      .reverse()
      .find((id) => now.has(id))
  );
}

/**
 * Whether the review of rows on its way shows in the list: each of its rows has left it or is
 * reviewed (the action wrote the cache). From then on the review is done for the admin, who may
 * choose the next one while Remix reads the page's loaders again.
 */
export function hasLanded(state: ReviewState, comments: readonly Comment[]): boolean {
  const { reviewing } = state;
  if (!reviewing || reviewing === 'matching') return false;
  const ids = new Set(reviewing);
  return !comments.some((comment) => ids.has(comment.id) && comment.sentiment.inReview);
}

/** What the next review applies to: every comment matching, the selected rows, or the keyboard's row. */
export type ReviewTarget = { kind: 'rows'; comments: Comment[] } | { kind: 'matching'; total: number };

export function reviewTarget(state: ReviewState, comments: readonly Comment[], total: number): ReviewTarget | null {
  if (state.allMatching) return { kind: 'matching', total };
  const selected = comments.filter((comment) => state.selected.has(comment.id));
  if (selected.length > 0) return { kind: 'rows', comments: selected };
  const active = comments[indexOf(comments, state.activeId)];
  return active ? { kind: 'rows', comments: [active] } : null;
}

/** Whether a target has anything to accept or reject (every comment matching: the server says). */
export const isReviewable = (target: ReviewTarget | null) =>
  target?.kind === 'matching' || !!target?.comments.some((comment) => comment.sentiment.inReview);

/** Edit takes one comment, in review. */
export const editableComment = (target: ReviewTarget | null): Comment | null =>
  target?.kind === 'rows' && target.comments.length === 1 && target.comments[0].sentiment.inReview
    ? target.comments[0]
    : null;
