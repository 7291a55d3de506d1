/**
 * What the keyboard can reach inside an element: for handing the focus to an item that took the
 * place of one that left (a row, a card), at its first control.
 */
const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex="0"]';

/** The first element the keyboard can reach inside `element`, or null. */
export const firstFocusableIn = (element: Element | null | undefined): HTMLElement | null =>
  element?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
