import { describe, expect, it } from 'vitest';
import type { Comment } from '~contract/comments';
import {
  editableComment,
  hasLanded,
  initialReviewState,
  isReviewable,
  reviewReducer,
  reviewTarget,
  type ReviewEvent,
  type ReviewState,
} from './review-state';
import { testComment } from './test-comment';

const comment = testComment;

const six = () => Array.from({ length: 6 }, () => comment());
const run = (events: ReviewEvent[], state: ReviewState = initialReviewState('')) => events.reduce(reviewReducer, state);
const ids = (state: ReviewState) => [...state.selected].sort();
const idsOf = (comments: Comment[]) => comments.map((each) => each.id).sort();

describe('moving with the keyboard', () => {
  const comments = six();

  it('starts at the first row from nowhere, with either key', () => {
    expect(run([{ type: 'moved', by: 1, comments }]).activeId).toBe(comments[0].id);
    expect(run([{ type: 'moved', by: -1, comments }]).activeId).toBe(comments[0].id);
  });

  it('goes down and up a row, and asks for focus', () => {
    const state = run([
      { type: 'moved', by: 1, comments },
      { type: 'moved', by: 1, comments },
      { type: 'moved', by: 1, comments },
      { type: 'moved', by: -1, comments },
    ]);
    expect(state.activeId).toBe(comments[1].id);
    expect(state.focusActive).toBe(true);
    expect(reviewReducer(state, { type: 'focused' }).focusActive).toBe(false);
  });

  it('stays on the last row going down, and on the first going up', () => {
    const atEnd = run([
      { type: 'activated', id: comments[5].id },
      { type: 'moved', by: 1, comments },
    ]);
    expect(atEnd.activeId).toBe(comments[5].id);
    const atStart = run([
      { type: 'activated', id: comments[0].id },
      { type: 'moved', by: -1, comments },
    ]);
    expect(atStart.activeId).toBe(comments[0].id);
  });

  it('does nothing in an empty list', () => {
    const state = initialReviewState('');
    expect(reviewReducer(state, { type: 'moved', by: 1, comments: [] })).toBe(state);
  });
});

describe('selecting with x and Shift+x', () => {
  const comments = six();
  const at = (index: number): ReviewEvent => ({ type: 'activated', id: comments[index].id });
  const x = (range = false): ReviewEvent => ({ type: 'toggled', range, comments });

  it('x selects the keyboard row, and x again unselects it', () => {
    const once = run([at(2), x()]);
    expect(ids(once)).toEqual([comments[2].id]);
    expect(ids(reviewReducer(once, x()))).toEqual([]);
  });

  it('x with no row under the keyboard goes to the first row, selecting nothing', () => {
    const state = run([x()]);
    expect(state.activeId).toBe(comments[0].id);
    expect(state.selected.size).toBe(0);
  });

  it('Shift+x selects every row from the last one toggled, either way up', () => {
    expect(ids(run([at(1), x(), at(4), x(true)]))).toEqual(idsOf(comments.slice(1, 5)));
    expect(ids(run([at(4), x(), at(1), x(true)]))).toEqual(idsOf(comments.slice(1, 5)));
  });

  it('Shift+x on a selected row unselects the whole range, as a Shift-click does', () => {
    const state = run([at(0), x(), at(1), x(), at(2), x(), at(3), x(), at(1), x(true)]);
    // 3 was toggled last: the range is 1–3, and 1 was selected, so the range is unselected.
    expect(ids(state)).toEqual([comments[0].id]);
  });

  it('Shift+x with nothing toggled before is a plain x', () => {
    expect(ids(run([at(3), x(true)]))).toEqual([comments[3].id]);
  });

  it('skips the rows not in review, in a range and alone', () => {
    const mixed = [comment(), comment({ sentiment: { sentiment: 'MIXED', inReview: false } }), comment()];
    const toggled = (range: boolean): ReviewEvent => ({ type: 'toggled', range, comments: mixed });
    const state = run([
      { type: 'activated', id: mixed[0].id },
      toggled(false),
      { type: 'activated', id: mixed[2].id },
      toggled(true),
    ]);
    expect(ids(state)).toEqual(idsOf([mixed[0], mixed[2]]));
    const alone = run([{ type: 'activated', id: mixed[1].id }, toggled(false)]);
    expect(alone.selected.size).toBe(0);
  });

  it('a key selection ends "every comment matching"', () => {
    expect(run([{ type: 'selectedAllMatching' }, at(0), x()]).allMatching).toBe(false);
  });
});

describe('the target of a review', () => {
  const comments = six();

  it('is every comment matching, else the selected rows, else the keyboard row', () => {
    const selected = run([{ type: 'selected', ids: new Set([comments[1].id, comments[3].id]) }]);
    expect(reviewTarget(selected, comments, 60)).toEqual({ kind: 'rows', comments: [comments[1], comments[3]] });
    expect(reviewTarget(reviewReducer(selected, { type: 'selectedAllMatching' }), comments, 60)).toEqual({
      kind: 'matching',
      total: 60,
    });
    const keyboard = run([{ type: 'activated', id: comments[2].id }]);
    expect(reviewTarget(keyboard, comments, 60)).toEqual({ kind: 'rows', comments: [comments[2]] });
    expect(reviewTarget(initialReviewState(''), comments, 60)).toBeNull();
  });

  it('can be edited when it is one comment in review, and reviewed when any is in review', () => {
    const reviewed = comment({ sentiment: { sentiment: 'MIXED', inReview: false } });
    expect(editableComment({ kind: 'rows', comments: [comments[0]] })).toBe(comments[0]);
    expect(editableComment({ kind: 'rows', comments: [comments[0], comments[1]] })).toBeNull();
    expect(editableComment({ kind: 'rows', comments: [reviewed] })).toBeNull();
    expect(isReviewable({ kind: 'rows', comments: [reviewed] })).toBe(false);
    expect(isReviewable({ kind: 'rows', comments: [reviewed, comments[0]] })).toBe(true);
    expect(isReviewable({ kind: 'matching', total: 0 })).toBe(true);
    expect(isReviewable(null)).toBe(false);
  });
});

describe('after a review', () => {
  const comments = six();
  const order = comments.map((each) => each.id);
  const without = (...gone: number[]) => order.filter((_, index) => !gone.includes(index));
  const sent = (reviewing: number[], fromDialog = false): ReviewEvent => ({
    type: 'sent',
    reviewing: reviewing.map((index) => order[index]),
    order,
    fromDialog,
  });

  it('takes the reviewed rows out of the selection, keeps the others, and closes the dialog it came from', () => {
    const state = run([
      { type: 'selected', ids: new Set(order.slice(0, 3)) },
      { type: 'editing', comment: comments[0] },
      sent([0], true),
      { type: 'reviewed', ids: order.slice(0, 2) },
    ]);
    expect(ids(state)).toEqual([order[2]]);
    expect(state.editing).toBeNull();
  });

  it('leaves open a dialog opened while the review was on its way (e pressed as the rows left)', () => {
    const state = run([
      { type: 'activated', id: order[1] },
      sent([1]),
      { type: 'editing', comment: comments[2] },
      { type: 'reviewed', ids: [order[1]] },
    ]);
    expect(state.editing).toBe(comments[2]);
  });

  it('of several rows, leaves the keyboard on the next row still there when its own left', () => {
    const before = run([
      { type: 'activated', id: order[1] },
      { type: 'selected', ids: new Set([order[1], order[2]]) },
      sent([1, 2]),
    ]);
    const state = reviewReducer(before, { type: 'listed', ids: without(1, 2) });
    expect(state.activeId).toBe(order[3]);
    expect(state.focusActive).toBe(true);
  });

  it('at the end of the list, leaves it on the row before', () => {
    const before = run([{ type: 'activated', id: order[5] }, sent([4, 5])]);
    expect(reviewReducer(before, { type: 'listed', ids: without(4, 5) }).activeId).toBe(order[3]);
  });

  it('leaves the keyboard where it is when its row stayed (a list of every comment)', () => {
    const before = run([{ type: 'activated', id: order[2] }, sent([2])]);
    expect(reviewReducer(before, { type: 'listed', ids: order })).toBe(before);
  });

  it('failed: the selection and the rows stay as they were, for another try; the dialogs close', () => {
    const before = run([
      { type: 'activated', id: order[1] },
      { type: 'selected', ids: new Set([order[1], order[2]]) },
      { type: 'confirming', choice: { action: 'accept' } },
      { type: 'sent', reviewing: null, order, fromDialog: true },
    ]);
    const after = reviewReducer(before, { type: 'settled' });
    expect(ids(after)).toEqual([order[1], order[2]]);
    expect(after.activeId).toBe(order[1]);
    expect(after.confirming).toBeNull();
    // The list read again still holds the rows: the keyboard does not move.
    expect(reviewReducer(after, { type: 'listed', ids: order })).toBe(after);
  });

  it('is done for the admin once its rows show reviewed, before its answer is in', () => {
    const before = run([sent([1, 2])]);
    const reviewed = (index: number) => ({
      ...comments[index],
      sentiment: { sentiment: 'MIXED' as const, inReview: false },
    });
    expect(hasLanded(before, comments)).toBe(false);
    // In the in-review list they left; in a list of every comment they show reviewed.
    expect(hasLanded(before, [comments[0], comments[3]])).toBe(true);
    expect(hasLanded(before, [comments[0], reviewed(1), reviewed(2)])).toBe(true);
    expect(hasLanded(before, [comments[0], reviewed(1), comments[2]])).toBe(false);
    // Every comment matching is read again: its answer says when it is done.
    expect(hasLanded(run([{ type: 'sent', reviewing: null, order, fromDialog: false }]), [])).toBe(false);
    expect(hasLanded(reviewReducer(before, { type: 'reviewed', ids: [order[1], order[2]] }), [])).toBe(false);
  });

  it('of every comment matching, clears the selection', () => {
    const state = run([{ type: 'selectedAllMatching' }, { type: 'reviewedAllMatching' }]);
    expect(state.allMatching).toBe(false);
    expect(state.selected.size).toBe(0);
  });
});

describe('a change of filter', () => {
  const comments = six();

  it('drops the selection and the keyboard row; the same filter again keeps them', () => {
    const state = run([
      { type: 'filtered', filterKey: 'message=a' },
      { type: 'activated', id: comments[0].id },
      { type: 'selected', ids: new Set([comments[0].id]) },
    ]);
    expect(reviewReducer(state, { type: 'filtered', filterKey: 'message=a' })).toBe(state);
    const other = reviewReducer(state, { type: 'filtered', filterKey: 'message=b' });
    expect(other.selected.size).toBe(0);
    expect(other.activeId).toBeUndefined();
  });
});
