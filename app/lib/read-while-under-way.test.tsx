// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '~/test/render';
import { asked, resetRouter, routerNow } from '~/test/router';

// The router, its state changed by the tests without rendering again (`~/test/router`).
vi.mock('@remix-run/react', async () => (await import('~/test/router')).remixModule);
vi.mock('react-router-dom', async () => (await import('~/test/router')).routerDomModule);
const live = vi.hoisted(() => ({ state: 'lost' }));
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
  resetRouter();
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
    routerNow.navigation = 'loading';
    await render(<Page />);
    await pass(2000);
    expect(asked).toEqual([]);

    routerNow.navigation = 'idle';
    routerNow.fetcher = 'submitting';
    await render(<Page />);
    await pass(2000);
    expect(asked).toEqual([]);
  });
});
