import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useNavigation } from '@remix-run/react';
import { z } from 'zod/mini';

/**
 * A page's filters as its URL keeps them, read with the API's own query schemas from the contract
 * (`commentFilterShape`…), so the page and the API agree on what a value means. Leniently: a value
 * its schema refuses reads as absent, whatever the schema makes of nothing (no filter, page 1), so
 * a mangled or outdated link still opens the page rather than an error (decision 039).
 */
export function queryFromUrl<S extends Record<string, z.core.$ZodType>>(
  shape: S,
  params: URLSearchParams,
  /** A field's name in the URL where the page names it otherwise (`channel` for `channelId`). */
  names: Partial<Record<keyof S, string>> = {},
): { [K in keyof S]: z.output<S[K]> | undefined } {
  const read = (schema: z.core.$ZodType, value: string | undefined) => z.safeParse(schema, value);
  return Object.fromEntries(
    Object.entries(shape).map(([field, schema]) => {
      const given = read(schema, params.get(names[field] ?? field) ?? undefined);
      return [field, given.success ? given.data : read(schema, undefined).data];
    }),
  ) as { [K in keyof S]: z.output<S[K]> | undefined };
}

/**
 * The query this page is on its way to: a change of its own address (a filter, a search, a page)
 * whose loaders are still running, or `null` when none is. What a list shows meanwhile is the
 * old query's; this is the one it will show, for its own loading state and for the next change.
 */
export function useQueryOnItsWay(): URLSearchParams | null {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const search =
    navigation.state === 'loading' && !navigation.formMethod && navigation.location.pathname === pathname
      ? navigation.location.search
      : null;
  return useMemo(() => (search === null ? null : new URLSearchParams(search)), [search]);
}

/**
 * Changes this page's query (`update` is given the latest and returns the next), as a navigation
 * within the page. The latest is the query a change still on its way goes to, not the one still
 * shown: two filters changed a few milliseconds apart (two search boxes, each waiting for its
 * typing to rest) both apply, where starting from the address shown would drop the first.
 */
export function useQueryChange() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const onItsWay = useQueryOnItsWay();
  const latest = onItsWay === null ? search : `?${onItsWay}`;
  const here = useRef({ pathname, latest });
  // What this hook asked for last, until the router says where it is going (the next render).
  const asked = useRef<string | null>(null);
  useEffect(() => {
    here.current = { pathname, latest };
    asked.current = null;
  }, [pathname, latest]);
  return useCallback(
    (update: (query: URLSearchParams) => URLSearchParams, { preventScrollReset = true } = {}) => {
      const next = update(new URLSearchParams(asked.current ?? here.current.latest)).toString();
      asked.current = next ? `?${next}` : '';
      void navigate({ pathname: here.current.pathname, search: asked.current }, { preventScrollReset });
    },
    [navigate],
  );
}
