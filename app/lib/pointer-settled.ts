import { useEffect, useState } from 'react';
import { createStore } from './store';

/**
 * Whether a mouse button or a finger is down anywhere on the page, tracked once for all.
 * Pressing on a button takes focus from a field before the click lands; if the field then
 * grew an error line, the button would move away under the pointer and the click be lost.
 */
let pressed = false;
/** How many releases have had their click land: a change held back waits for the next one. */
const landed = createStore(0);

if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', () => (pressed = true), true);
  const release = () => {
    pressed = false;
    // After the click this release completes (dispatched in the same task), not before it.
    setTimeout(() => landed.update((count) => count + 1));
  };
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
}

/**
 * `value`, except that a change made while a pointer is pressed waits until it is released
 * and its click has landed. For whatever changes the layout on blur (a field's error). A
 * primitive, so a value equal to the last one is no change.
 */
export function usePointerSettled<T extends string | number | boolean | undefined>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (!pressed) return setSettled(value);
    return landed.subscribe(() => setSettled(value));
  }, [value]);
  return settled;
}
