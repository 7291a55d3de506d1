import { useFetchers, useLocation, useMatches, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useLoadingIndicator, useRequestsPending, type LoadingHandle } from '~/lib/loading';

/**
 * The loader overlay (docs/product.md#startup-and-the-loading-indicator): a bar across the top of
 * the page while the global loading flag is set, that is while a page is loading, a form or fetcher
 * is out, or a request that counts for it is in flight. It covers nothing the user might be reading
 * or typing in. A page that shows its own loading (`LOADS_IN_PLACE`) keeps what it does in place
 * (a new search, filter or page of its list, its own buttons and forms) to itself: only the
 * requests among them that count light the bar then.
 */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const requests = useRequestsPending();
  const { pathname } = useLocation();
  const inPlace = useMatches().some((match) => (match.handle as LoadingHandle | undefined)?.loadsInPlace);
  // This page's own address, whatever its query (a fetcher's action may carry `?index`).
  const own = (path: string | undefined) => inPlace && path?.split('?')[0] === pathname;
  const active =
    (navigation.state !== 'idle' && !own(navigation.location.pathname)) ||
    fetchers.some((fetcher) => fetcher.state !== 'idle' && !own(fetcher.formAction)) ||
    requests;
  const shown = useLoadingIndicator(active);
  if (!shown) return null;
  // In a live region: the bar sits outside the page's landmarks (it spans the top of every page),
  // and a page's content must be in one (axe's "region", met in CI when the bar was still fading
  // out after a request while a test looked). Mounted with the bar, the region announces nothing.
  return (
    <div aria-live="polite">
      <div
        role="progressbar"
        aria-label={t('common.loading')}
        className="pointer-events-none fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden bg-primary/15"
      >
        <div className="h-full w-2/5 rounded-full bg-primary motion-safe:animate-indeterminate" />
      </div>
    </div>
  );
}
