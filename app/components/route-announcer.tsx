import { useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { focusSkipLink } from './skip-link';

/**
 * Says the new page's title to assistive technology after each move to another page: a page
 * loaded in place is otherwise silent, where a browser announces each page it loads
 * (docs/product.md#keyboard). Not for the first page, which the browser announces itself, nor
 * for a change of the same page's filters (its address's query). Where the move took away the
 * element that had focus, focus goes to the skip link, where a loaded page starts.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // By now the new page's <title> is in the document: it is drawn in the same pass. And the
    // new page's own focus (a field's autofocus) is taken already: it is never moved.
    setSaid(document.title);
    if (!document.activeElement || document.activeElement === document.body) focusSkipLink();
  }, [pathname]);
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only" data-route-announcer="">
      {said}
    </p>
  );
}
