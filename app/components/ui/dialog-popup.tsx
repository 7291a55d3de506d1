import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { AppDialogProps } from './dialog';
import { dialogWidths } from './dialog';
import { firstFocusableIn } from '~/lib/focus';

/**
 * Where the element that opened a dialog stood: its list item's list and place, if it was in one;
 * and what had the focus then, where Headless UI gives it back.
 */
type Opener = { element: Element; list: Element | null; index: number; focused: Element | null; inMain: boolean };

function openerOf(active: Element | null): Opener | null {
  // Opened from a menu's item, the menu's button opened it, wherever the focus is now: it left
  // with the menu, and a click never gave it to the button. The menu marks its button as the
  // item is chosen (`AppMenu`; written out here, so that a dialog never loads the menus' code).
  const marked = document.querySelector('[data-dialog-opener]');
  // A dialog that opened by itself (new channels ready) had no opener: the page's content takes
  // the focus back.
  const element = marked ?? (active && active !== document.body ? active : document.querySelector('main'));
  if (!element) return null;
  const item = element.closest('li, tr');
  const list = item?.parentElement ?? null;
  const index = item && list ? itemsOf(list).indexOf(item) : -1;
  return { element, list, index, focused: active, inMain: element.closest('main') !== null };
}

/**
 * Where the keyboard goes once a dialog has closed and left it nowhere: back to the element that
 * opened it; when that has left the page (a card deleted from its own menu, a row), the item now at
 * its place in its list (or table), or the one before it when it was the last; else `<main>`
 * (docs/decisions/113).
 */
function successorOf(opener: Opener): HTMLElement | null {
  const { element, list, index } = opener;
  if (element.isConnected && element instanceof HTMLElement) return element;
  const items = list?.isConnected ? itemsOf(list) : [];
  if (items.length > 0) {
    const item = items[Math.min(index, items.length - 1)]!;
    // A row the keyboard moves along (a table's roving tab index) takes the focus itself.
    const focusable = item.hasAttribute('tabindex') && item instanceof HTMLElement ? item : firstFocusableIn(item);
    if (focusable) return focusable;
  }
  return document.querySelector('main');
}

/** A list's items, or a table body's rows: not the spacers a long list scrolls with (hidden). */
const itemsOf = (list: Element) =>
  Array.from(list.children).filter((child) => /^(LI|TR)$/.test(child.tagName) && !child.hasAttribute('aria-hidden'));

/** The dialog itself (see `AppDialog` in ./dialog, which loads this module when first opened). */
export function DialogPopup({ open, onClose, title, icon, children, actions, width = 'md' }: AppDialogProps) {
  const opener = useRef<Opener | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = openerOf(document.activeElement);
  }, [open]);
  // Headless UI gives the focus back to what had it as the dialog opened, or to the last element
  // that had it and is still in the page, but only when the focus was in the dialog as it closed
  // (a form's button disabled while it sends has lost it). Otherwise the focus is on `<body>`,
  // where keys do nothing and the next Tab starts from the top. And a menu's item that opened the
  // dialog had taken the focus with it: what had it before the menu opened may be far away. Once
  // the dialog has let the focus go, the page has its say first (four frames: the inbox gives a
  // replied comment's place to the next row), then the successor takes it.
  useEffect(() => {
    const left = opener.current;
    if (open || !left) return;
    opener.current = null;
    let tries = 0;
    const check = () => {
      const active = document.activeElement;
      const settled = tries++ >= 4 && !active?.closest('[role=dialog]');
      if (!settled) {
        if (tries < 60) frame = requestAnimationFrame(check);
        return;
      }
      // Nowhere; or given back to what had the focus when a menu's item opened the dialog, or to
      // what had it last (the skip link), out of the page's content that the opener was in.
      const astray =
        (active === left.focused && left.focused !== left.element) || (left.inMain && !active?.closest('main'));
      // Or, its opener gone from a list, given back to another of its items, or to the frame
      // around it, that had it earlier (Headless UI's history), not to the item now in its place.
      const successor = successorOf(left);
      const aroundList =
        !!active && !!left.list?.isConnected && (left.list.contains(active) || active.contains(left.list));
      const elsewhereInList =
        !left.element.isConnected && aroundList && !!successor?.closest('li, tr') && !successor.contains(active);
      if (!active || active === document.body || astray || elsewhereInList) successor?.focus();
    };
    let frame = requestAnimationFrame(check);
    return () => cancelAnimationFrame(frame);
  }, [open]);
  return (
    // The dialog element itself covers the screen, so it has a box of its own to be seen in.
    // Headless UI points aria-labelledby at the title only after its first frame (the title
    // registers in an effect), so the dialog is named by its text too: never a nameless dialog.
    // A dialog taller than the screen (a long form on a short one) scrolls, its buttons in reach.
    <Dialog open={open} aria-label={title} onClose={onClose} className="fixed inset-0 z-50 overflow-y-auto">
      <div className="fixed inset-0 bg-scrim" aria-hidden="true" />
      <div className="flex min-h-full items-end justify-center p-4 sm:items-center">
        <DialogPanel
          className={`relative w-full ${dialogWidths[width]} rounded-xl bg-raised p-6 text-fg shadow-lg ring-1 ring-line`}
        >
          {icon ? <div className="mb-4">{icon}</div> : null}
          <DialogTitle className="text-lg font-semibold wrap-anywhere">{title}</DialogTitle>
          <Description as="div" className="mt-2 text-sm wrap-anywhere text-fg-muted">
            {children}
          </Description>
          {/* A dialog holding a form has its buttons in the form (actions null). */}
          {actions ? (
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{actions}</div>
          ) : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
