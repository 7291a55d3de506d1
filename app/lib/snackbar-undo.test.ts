import { afterEach, describe, expect, it } from 'vitest';
import { snackbar } from './snackbar';
import { runLatestAction } from './snackbar-undo';

/**
 * The one snackbar's Undo by key (the inbox's and the review's `z`): the newest message with an
 * action runs it, once, and goes, as its button does.
 */
describe('the latest action', () => {
  afterEach(() => snackbar.clear());

  it('is the newest message with one, run once and taken down', () => {
    const ran: string[] = [];
    snackbar.show('review.updated', 'success', { action: { label: 'review.undo', run: () => ran.push('first') } });
    snackbar.show('inbox.replied', 'success', { values: { channel: 'Bar' } });
    snackbar.show('inbox.doneSaid', 'success', {
      values: { count: 1 },
      action: { label: 'review.undo', run: () => ran.push('second') },
    });
    snackbar.show({ text: 'No connection.' }, 'warning');

    expect(runLatestAction()).toBe(true);
    expect(ran).toEqual(['second']);
    expect(runLatestAction()).toBe(true);
    expect(ran).toEqual(['second', 'first']);
    // Nothing left to undo: nothing runs, and the messages without one stay.
    expect(runLatestAction()).toBe(false);
    expect(ran).toEqual(['second', 'first']);
  });
});
