import { describe, expect, it } from 'vitest';
import { inboxKeyCommand, INBOX_SHORTCUTS } from './inbox-keys';

const press = (key: string, extra: Partial<Parameters<typeof inboxKeyCommand>[0]> = {}) => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  defaultPrevented: false,
  ...extra,
});
const outside = { inControl: false, hasSelection: false };

describe("the inbox's keys", () => {
  it('move, select, and act on the row as its help lists them', () => {
    expect(inboxKeyCommand(press('j'), outside)).toEqual({ does: 'move', by: 1 });
    expect(inboxKeyCommand(press('k'), outside)).toEqual({ does: 'move', by: -1 });
    expect(inboxKeyCommand(press('e'), outside)).toEqual({ does: 'done' });
    expect(inboxKeyCommand(press('r'), outside)).toEqual({ does: 'reply' });
    expect(inboxKeyCommand(press('b'), outside)).toEqual({ does: 'bookmark' });
    expect(inboxKeyCommand(press('h'), outside)).toEqual({ does: 'hide' });
    expect(inboxKeyCommand(press('#'), outside)).toEqual({ does: 'delete' });
    expect(inboxKeyCommand(press('z'), outside)).toEqual({ does: 'undo' });
    expect(inboxKeyCommand(press('x'), outside)).toEqual({ does: 'toggle' });
    expect(inboxKeyCommand(press('?'), outside)).toEqual({ does: 'help' });
    // Every key the help lists does something (the arrows and Esc where they apply).
    for (const shortcut of INBOX_SHORTCUTS) {
      const named: Record<string, string> = { '↓': 'ArrowDown', '↑': 'ArrowUp', Space: ' ', Esc: 'Escape' };
      const key = named[shortcut.keys[0]] ?? shortcut.keys[0];
      expect(inboxKeyCommand(press(key), { inControl: false, hasSelection: true }), shortcut.does).not.toBeNull();
    }
  });

  it("leaves the browser's, a control's and an unselected Escape alone", () => {
    expect(inboxKeyCommand(press('e', { ctrlKey: true }), outside)).toBeNull();
    expect(inboxKeyCommand(press('r', { metaKey: true }), outside)).toBeNull();
    expect(inboxKeyCommand(press(' '), { inControl: true, hasSelection: false })).toBeNull();
    expect(inboxKeyCommand(press('ArrowDown'), { inControl: true, hasSelection: false })).toBeNull();
    expect(inboxKeyCommand(press('Escape'), outside)).toBeNull();
    expect(inboxKeyCommand(press('Escape'), { inControl: false, hasSelection: true })).toEqual({ does: 'clear' });
    expect(inboxKeyCommand(press('q'), outside)).toBeNull();
  });
});
