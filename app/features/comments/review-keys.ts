import { SENTIMENTS } from '~contract/fields';
import type { ReviewChoice } from './review';

/** What a key asks the review list to do (the help dialog lists them: shortcuts-dialog.tsx). */
export type ReviewCommand =
  | { does: 'help' }
  | { does: 'move'; by: 1 | -1 }
  | { does: 'clear' }
  | { does: 'toggle'; range: boolean }
  | { does: 'choose'; choice: ReviewChoice }
  | { does: 'edit' }
  | { does: 'undo' };

export interface ReviewKey {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  defaultPrevented: boolean;
}

/**
 * The list's keys. They act while focus is in the list, so they never take a letter typed
 * elsewhere (WCAG 2.1.4); a key with Ctrl, Alt or Meta is the browser's, and inside a control
 * (`inControl`: a checkbox's Space, a button's Enter, a select's arrows) the control's own.
 * Escape clears a selection, and is left alone when there is none. `null`: not a review key.
 */
export function reviewKeyCommand(
  event: ReviewKey,
  { inControl, hasSelection }: { inControl: boolean; hasSelection: boolean },
): ReviewCommand | null {
  if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return null;
  const key = event.key;
  if (key === '?') return { does: 'help' };
  if (key === 'j' || (key === 'ArrowDown' && !inControl)) return { does: 'move', by: 1 };
  if (key === 'k' || (key === 'ArrowUp' && !inControl)) return { does: 'move', by: -1 };
  if (key === 'Escape') return hasSelection ? { does: 'clear' } : null;
  if (key === 'x' || key === 'X' || (key === ' ' && !inControl)) return { does: 'toggle', range: event.shiftKey };
  if (key === 'a') return { does: 'choose', choice: { action: 'accept' } };
  if (key === 'r') return { does: 'choose', choice: { action: 'reject' } };
  if (key === 'e') return { does: 'edit' };
  if (key === 'z') return { does: 'undo' };
  const digit = Number(key);
  if (Number.isInteger(digit) && digit >= 1 && digit <= SENTIMENTS.length) {
    return { does: 'choose', choice: { action: 'set', sentiment: SENTIMENTS[digit - 1] } };
  }
  return null;
}

/** Whether a key's target is a control that keeps its own keys. */
export const isInControl = (target: EventTarget | null) =>
  target instanceof Element && target.closest('input, button, select, textarea, a, [role="listbox"]') !== null;
