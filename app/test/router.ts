import { createContext } from 'react';

/**
 * A router for the tests of hooks that read the page again (`useReadAgainUnlessBusy`): what they
 * asked of it, in order (a test's other fakes may add theirs), and its state as it has it now,
 * which a test changes without rendering again. Each file that uses it replaces the two modules:
 *
 *   vi.mock('@remix-run/react', async () => (await import('~/test/router')).remixModule);
 *   vi.mock('react-router-dom', async () => (await import('~/test/router')).routerDomModule);
 */
export const asked: string[] = [];
export const routerNow = { navigation: 'idle', fetcher: 'idle' };

export const remixModule = {
  useRevalidator: () => ({ revalidate: () => void asked.push('revalidate'), state: 'idle' }),
};

export const routerDomModule = {
  UNSAFE_DataRouterContext: createContext({
    router: {
      get state() {
        return {
          navigation: { state: routerNow.navigation },
          fetchers: new Map([['a form', { state: routerNow.fetcher }]]),
        };
      },
    },
  }),
};

/** Back to a router with nothing under way and nothing asked. */
export function resetRouter() {
  asked.length = 0;
  routerNow.navigation = 'idle';
  routerNow.fetcher = 'idle';
}
