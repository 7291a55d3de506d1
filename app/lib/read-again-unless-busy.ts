import { useFetchers, useNavigation, useRevalidator } from '@remix-run/react';
import { useCallback, useRef } from 'react';

/**
 * Reads the page's loaders again, unless a navigation or a form is under way: the router's
 * revalidation would interrupt it and load the page it is leaving (a sign-out's way to the sign-in
 * page stayed on the page, or went back to it). For readings nobody asked for (the page started
 * listening, a live event, a look while something is under way); what comes next reads the page's
 * data anyway (the page reached, or the form's own reading), from a cache its caller marked stale.
 */
export function useReadAgainUnlessBusy(): () => void {
  const revalidator = useRevalidator();
  // Both hooks called at every render (the rules of hooks), whichever says busy.
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle');
  const latest = useRef({ revalidate: revalidator.revalidate, busy });
  latest.current = { revalidate: revalidator.revalidate, busy };
  return useCallback(() => {
    if (!latest.current.busy) latest.current.revalidate();
  }, []);
}
