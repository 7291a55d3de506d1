import { describe, expect, it } from 'vitest';
import { reviewKeyCommand, type ReviewKey } from './review-keys';

const press = (key: string, over: Partial<ReviewKey> = {}): ReviewKey => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  defaultPrevented: false,
  ...over,
});
const onRow = { inControl: false, hasSelection: false };

describe('reviewKeyCommand (the keys the help dialog lists)', () => {
  it('moves with j/k and the arrows, selects with x and Space, Shift+x for a range', () => {
    expect(reviewKeyCommand(press('j'), onRow)).toEqual({ does: 'move', by: 1 });
    expect(reviewKeyCommand(press('ArrowDown'), onRow)).toEqual({ does: 'move', by: 1 });
    expect(reviewKeyCommand(press('k'), onRow)).toEqual({ does: 'move', by: -1 });
    expect(reviewKeyCommand(press('ArrowUp'), onRow)).toEqual({ does: 'move', by: -1 });
    expect(reviewKeyCommand(press('x'), onRow)).toEqual({ does: 'toggle', range: false });
    expect(reviewKeyCommand(press(' '), onRow)).toEqual({ does: 'toggle', range: false });
    expect(reviewKeyCommand(press('X', { shiftKey: true }), onRow)).toEqual({ does: 'toggle', range: true });
  });

  it('accepts, rejects, edits, sets a sentiment by its number (1–5), opens the help', () => {
    expect(reviewKeyCommand(press('a'), onRow)).toEqual({ does: 'choose', choice: { action: 'accept' } });
    expect(reviewKeyCommand(press('r'), onRow)).toEqual({ does: 'choose', choice: { action: 'reject' } });
    expect(reviewKeyCommand(press('e'), onRow)).toEqual({ does: 'edit' });
    expect(reviewKeyCommand(press('z'), onRow)).toEqual({ does: 'undo' });
    expect(reviewKeyCommand(press('1'), onRow)).toEqual({
      does: 'choose',
      choice: { action: 'set', sentiment: 'POSITIVE' },
    });
    expect(reviewKeyCommand(press('5'), onRow)).toEqual({
      does: 'choose',
      choice: { action: 'set', sentiment: 'UNCLASSIFIED' },
    });
    expect(reviewKeyCommand(press('?', { shiftKey: true }), onRow)).toEqual({ does: 'help' });
    for (const other of ['0', '6', 'Enter', 'b', 'Tab']) expect(reviewKeyCommand(press(other), onRow)).toBeNull();
  });

  it('leaves a key with Ctrl, Alt or Meta to the browser, and one already handled alone', () => {
    expect(reviewKeyCommand(press('a', { ctrlKey: true }), onRow)).toBeNull();
    expect(reviewKeyCommand(press('r', { metaKey: true }), onRow)).toBeNull();
    expect(reviewKeyCommand(press('j', { altKey: true }), onRow)).toBeNull();
    expect(reviewKeyCommand(press('j', { defaultPrevented: true }), onRow)).toBeNull();
  });

  it("inside a control, leaves Space and the arrows to it (a checkbox's Space, a select's arrows)", () => {
    const inControl = { inControl: true, hasSelection: false };
    expect(reviewKeyCommand(press(' '), inControl)).toBeNull();
    expect(reviewKeyCommand(press('ArrowDown'), inControl)).toBeNull();
    expect(reviewKeyCommand(press('ArrowUp'), inControl)).toBeNull();
    expect(reviewKeyCommand(press('j'), inControl)).toEqual({ does: 'move', by: 1 });
  });

  it('clears a selection with Escape, and leaves Escape alone without one', () => {
    expect(reviewKeyCommand(press('Escape'), { inControl: false, hasSelection: true })).toEqual({ does: 'clear' });
    expect(reviewKeyCommand(press('Escape'), onRow)).toBeNull();
  });
});
