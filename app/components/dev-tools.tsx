import { lazy, Suspense } from 'react';

/**
 * The development-only devtools panel (spec §2 Root shell): TanStack Query's. Outside
 * development the import below is dead code and the production bundle never carries it.
 */
const QueryDevtools = import.meta.env.DEV
  ? lazy(() => import('@tanstack/react-query-devtools').then((module) => ({ default: module.ReactQueryDevtools })))
  : null;

export function DevTools() {
  if (!QueryDevtools) return null;
  return (
    <Suspense fallback={null}>
      <QueryDevtools initialIsOpen={false} buttonPosition="bottom-left" />
    </Suspense>
  );
}
