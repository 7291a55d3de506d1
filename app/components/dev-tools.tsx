import { lazy, Suspense } from 'react';
import { cacheForDevTools } from '~/lib/cache';

/**
 * The development-only devtools panel (docs/product.md#startup-and-the-loading-indicator): TanStack
 * Query's. Outside development the import below is dead code and the production bundle never
 * carries it.
 */
const QueryDevtools = import.meta.env.DEV
  ? lazy(async () => {
      // The data cache loads on first use (app/lib/cache.ts), so the panel brings it.
      const [{ ReactQueryDevtools }, client] = await Promise.all([
        import('@tanstack/react-query-devtools'),
        cacheForDevTools(),
      ]);
      return {
        default: () => <ReactQueryDevtools client={client} initialIsOpen={false} buttonPosition="bottom-left" />,
      };
    })
  : null;

export function DevTools() {
  if (!QueryDevtools) return null;
  return (
    <Suspense fallback={null}>
      <QueryDevtools />
    </Suspense>
  );
}
