import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of every frame's `<main>`: where the skip link takes the keyboard. */
export const MAIN_ID = 'main';
const SKIP_LINK_ID = 'skip-link';

/**
 * Puts focus on the skip link, as a page loaded anew starts: for a move to another page that
 * took away the element that had focus (a link or a button of the page left), so the next Tab
 * starts at the top again rather than wherever that element was. Drawn only if the keyboard
 * made the move (`:focus-visible`).
 */
export function focusSkipLink() {
  document.getElementById(SKIP_LINK_ID)?.focus({ preventScroll: true });
}

/**
 * The first stop of the keyboard on every page, shown only while the keyboard is on it: it takes
 * the keyboard past the navigation and the top bar (a dozen stops and more in the app's frame) to
 * the page's own content (docs/product.md#keyboard).
 */
export function SkipLink() {
  const { t } = useTranslation();
  // Focus, not the address's #main: the router would take a new address for a new page.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  };
  return (
    <a
      id={SKIP_LINK_ID}
      href={`#${MAIN_ID}`}
      onClick={skip}
      className="focus-ring sr-only rounded-md bg-surface text-sm font-semibold text-fg shadow-md ring-1 ring-line focus-visible:not-sr-only focus-visible:fixed focus-visible:top-3 focus-visible:left-3 focus-visible:z-50 focus-visible:px-4 focus-visible:py-3"
    >
      {t('nav.skipToContent')}
    </a>
  );
}
