// @vitest-environment happy-dom
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '~/test/render';

/** The readings asked of the router, and its state as it has it now (React may not have rendered it yet). */
const asked = vi.hoisted(() => [] as string[]);
const router = vi.hoisted(() => ({ navigation: 'idle', fetcher: 'idle' }));
vi.mock('@remix-run/react', () => ({
  useRevalidator: () => ({ revalidate: () => void asked.push('revalidate'), state: 'idle' }),
}));
vi.mock('react-router-dom', async () => {
  const { createContext } = await import('react');
  const state = () => ({
    navigation: { state: router.navigation },
    fetchers: new Map([['sign-out', { state: router.fetcher }]]),
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

const { useReadAgainUnlessBusy } = await import('./read-again-unless-busy');

/** A page that hands the hook's function out, to call it later without rendering again. */
const kept = { readAgain: () => {} };
function Page() {
  const readAgain = useReadAgainUnlessBusy();
  useEffect(() => {
    kept.readAgain = readAgain;
  }, [readAgain]);
  return null;
}
const readAgain = () => kept.readAgain();

afterEach(() => {
  asked.length = 0;
  router.navigation = 'idle';
  router.fetcher = 'idle';
});

describe('a reading nobody asked for', () => {
  it('reads the page again when nothing is under way', async () => {
    await render(<Page />);
    readAgain();
    expect(asked).toEqual(['revalidate']);
  });

  it('is skipped for a form sent since the page last rendered: its redirect would be dropped', async () => {
    await render(<Page />);
    router.fetcher = 'submitting';
    readAgain();
    router.fetcher = 'loading';
    readAgain();
    expect(asked).toEqual([]);
  });

  it('is skipped for a navigation begun since the page last rendered', async () => {
    await render(<Page />);
    router.navigation = 'loading';
    readAgain();
    expect(asked).toEqual([]);
  });
});
