import { useRevalidator } from '@remix-run/react';
import { useCallback, useContext, useRef } from 'react';
import { UNSAFE_DataRouterContext } from 'react-router-dom';

/** The router's own state: what `useNavigation` and `useFetchers` show once React renders it. */
type RouterState = { navigation: { state: string }; fetchers: ReadonlyMap<string, { state: string }> };

/** Whether a navigation or a form (a fetcher) is under way, as the router has it now. */
function busy({ navigation, fetchers }: RouterState): boolean {
  return navigation.state !== 'idle' || [...fetchers.values()].some((fetcher) => fetcher.state !== 'idle');
}

/**
 * Reads the page's loaders again, unless a navigation or a form is under way: the router's
 * revalidation would interrupt it and load the page it is leaving (a sign-out's way to the sign-in
 * page stayed on the page, or went back to it: a form's redirect is dropped for a revalidation
 * started after the form was sent). For readings nobody asked for (the page started listening, a
 * live event, a look while something is under way); what comes next reads the page's data anyway
 * (the page reached, or the form's own reading), from a cache its caller marked stale.
 *
 * Asked of the router itself when the reading is due, not of `useNavigation` and `useFetchers`:
 * their state is React's, a render behind. A sign-out chosen a moment before the page started
 * listening was not in it yet, and the reading dropped the sign-out's way to the sign-in page
 * (docs/decisions/099).
 */
export function useReadAgainUnlessBusy(): () => void {
  const revalidator = useRevalidator();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const latest = useRef({ revalidate: revalidator.revalidate, router });
  latest.current = { revalidate: revalidator.revalidate, router };
  return useCallback(() => {
    const { revalidate, router: now } = latest.current;
    if (now && busy(now.state)) return;
    revalidate();
  }, []);
}
