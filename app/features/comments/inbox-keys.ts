import type { ReviewKey } from './review-keys';

/** What a key asks the inbox to do (the help dialog lists them: INBOX_SHORTCUTS). */
export type InboxCommand =
  | { does: 'help' }
  | { does: 'move'; by: 1 | -1 }
  | { does: 'clear' }
  | { does: 'toggle' }
  | { does: 'done' }
  | { does: 'reply' }
  | { does: 'bookmark' }
  | { does: 'hide' }
  | { does: 'delete' }
  | { does: 'undo' };

/** The inbox's keys, as its help dialog lists them (and inboxKeyCommand reads them). */
export const INBOX_SHORTCUTS = [
  { keys: ['j', '↓'], does: 'next' },
  { keys: ['k', '↑'], does: 'previous' },
  { keys: ['x', 'Space'], does: 'select' },
  { keys: ['e'], does: 'done' },
  { keys: ['r'], does: 'reply' },
  { keys: ['b'], does: 'bookmark' },
  { keys: ['h'], does: 'hide' },
  { keys: ['#'], does: 'delete' },
  { keys: ['z'], does: 'undo' },
  { keys: ['Esc'], does: 'clear' },
  { keys: ['?'], does: 'help' },
] as const;

/**
 * The inbox's keys, as the review's (review-keys.ts): they act while focus is in the list, so
 * they never take a letter typed elsewhere (WCAG 2.1.4); with Ctrl, Alt or Meta a key is the
 * browser's, and inside a control (`inControl`) the control's own. Escape clears a selection, and
 * is left alone when there is none. `null`: not an inbox key.
 */
export function inboxKeyCommand(
  event: ReviewKey,
  { inControl, hasSelection }: { inControl: boolean; hasSelection: boolean },
): InboxCommand | null {
  if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return null;
  const key = event.key;
  if (key === '?') return { does: 'help' };
  if (key === 'j' || (key === 'ArrowDown' && !inControl)) return { does: 'move', by: 1 };
  if (key === 'k' || (key === 'ArrowUp' && !inControl)) return { does: 'move', by: -1 };
  if (key === 'Escape') return hasSelection ? { does: 'clear' } : null;
  if (key === 'x' || (key === ' ' && !inControl)) return { does: 'toggle' };
  if (key === 'e') return { does: 'done' };
  if (key === 'r') return { does: 'reply' };
  if (key === 'b') return { does: 'bookmark' };
  if (key === 'h') return { does: 'hide' };
  if (key === '#') return { does: 'delete' };
  if (key === 'z') return { does: 'undo' };
  return null;
}
