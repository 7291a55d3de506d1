// @vitest-environment happy-dom
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '~/test/render';
import { asked, resetRouter, routerNow } from '~/test/router';

// The router, its state changed by the tests without rendering again (`~/test/router`).
vi.mock('@remix-run/react', async () => (await import('~/test/router')).remixModule);
vi.mock('react-router-dom', async () => (await import('~/test/router')).routerDomModule);

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

afterEach(resetRouter);

describe('a reading nobody asked for', () => {
  it('reads the page again when nothing is under way', async () => {
    await render(<Page />);
    readAgain();
    expect(asked).toEqual(['revalidate']);
  });

  it('is skipped for a form sent since the page last rendered: its redirect would be dropped', async () => {
    await render(<Page />);
    routerNow.fetcher = 'submitting';
    readAgain();
    routerNow.fetcher = 'loading';
    readAgain();
    expect(asked).toEqual([]);
  });

  it('is skipped for a navigation begun since the page last rendered', async () => {
    await render(<Page />);
    routerNow.navigation = 'loading';
    readAgain();
    expect(asked).toEqual([]);
  });
});
