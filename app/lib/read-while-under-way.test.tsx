// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '~/test/render';

/** What the hook asked of the router, in order, and the router's state as the hooks see it. */
const asked = vi.hoisted(() => [] as string[]);
const router = vi.hoisted(() => ({ navigation: 'idle', fetcher: 'idle' }));
const live = vi.hoisted(() => ({ state: 'lost' }));
vi.mock('@remix-run/react', () => ({
  useRevalidator: () => ({ revalidate: () => void asked.push('revalidate'), state: 'idle' }),
}));
vi.mock('react-router-dom', async () => {
  const { createContext } = await import('react');
  const state = () => ({
    navigation: { state: router.navigation },
    fetchers: new Map([['f', { state: router.fetcher }]]),
  });
  return {
    UNSAFE_DataRouterContext: createContext({
      router: {
        get state() {
          return state();
        },
      },
    }),
  };
});
vi.mock('./live', () => ({ useLiveState: () => live.state }));

const { useReadWhileUnderWay } = await import('./read-while-under-way');

/** A page with something under way (a training, an account's channels being fetched). */
function Page() {
  useReadWhileUnderWay(true, { forAtMost: 60_000 });
  return null;
}

/** Moves the fake clock on, letting the hook's promises settle. */
const pass = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  vi.useFakeTimers();
  asked.length = 0;
  router.navigation = 'idle';
  router.fetcher = 'idle';
  live.state = 'lost';
});
afterEach(() => vi.useRealTimers());

describe('a page reading itself while something is under way and the live updates are away', () => {
  it('looks again every 2 s', async () => {
    await render(<Page />);
    await pass(2000);
    expect(asked).toEqual(['revalidate']);
    await pass(2000);
    expect(asked).toEqual(['revalidate', 'revalidate']);
  });

  it('skips a look while the user is on their way elsewhere or sending a form: the reading would stop them', async () => {
    router.navigation = 'loading';
    await render(<Page />);
    await pass(2000);
    expect(asked).toEqual([]);

    router.navigation = 'idle';
    router.fetcher = 'submitting';
    await render(<Page />);
    await pass(2000);
    expect(asked).toEqual([]);
  });
});
