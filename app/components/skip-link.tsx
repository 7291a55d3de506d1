import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of every frame's `<main>`: where the skip link takes the keyboard. */
export const MAIN_ID = 'main';

/**
 * The first stop of the keyboard on every page, shown only while it has focus: it takes the
 * keyboard past the navigation and the top bar (a dozen stops and more in the app's frame) to the
 * page's own content (docs/product.md#keyboard).
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
      href={`#${MAIN_ID}`}
      onClick={skip}
      className="focus-ring sr-only rounded-md bg-surface text-sm font-semibold text-fg shadow-md ring-1 ring-line focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:px-4 focus:py-3"
    >
      {t('nav.skipToContent')}
    </a>
  );
}
