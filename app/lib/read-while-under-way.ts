import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useLiveState } from './live';
import { useReadAgainUnlessBusy } from './read-again-unless-busy';

/** While not live, the page looks again this often. */
const LOOK_AGAIN_MS = 2000;

async function readAgain(revalidate: () => void, before: (() => Promise<void>) | undefined) {
  await before?.();
  revalidate();
}

/**
 * Something under way in the background whose end the live updates tell, reading the page again
 * (an account's channels being fetched, a training of the classifier). What was told before the
 * page's channel was subscribed is not replayed: just subscribed while it is under way, the page is
 * read once; while not live, it looks again every 2 s, for `forAtMost` ms at most. `before` runs
 * first each time: a cached reading that the page's loader would otherwise answer with, dropped.
 * A look that falls while the user is on their way elsewhere, or sending a form, is skipped: it
 * would stop them (`useReadAgainUnlessBusy`), and the next look, or the form's own reading, comes.
 * Answers whether the page is being read again.
 */
export function useReadWhileUnderWay(
  underWay: boolean,
  { forAtMost = 60_000, before }: { forAtMost?: number; before?: () => Promise<void> } = {},
): boolean {
  const revalidator = useRevalidator();
  const revalidate = useReadAgainUnlessBusy();
  const live = useLiveState() === 'live';
  const wasLive = useRef(live);
  // The latest `before`, without starting the effects again for a new function at each render.
  const latestBefore = useRef(before);
  useEffect(() => {
    latestBefore.current = before;
  });
  useEffect(() => {
    if (live && !wasLive.current && underWay) void readAgain(revalidate, latestBefore.current);
    wasLive.current = live;
  }, [live, underWay, revalidate]);
  useEffect(() => {
    if (!underWay || live) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started > forAtMost) window.clearInterval(timer);
      else if (revalidator.state === 'idle') void readAgain(revalidate, latestBefore.current);
    }, LOOK_AGAIN_MS);
    return () => window.clearInterval(timer);
  }, [underWay, live, forAtMost, revalidator, revalidate]);
  return revalidator.state === 'loading';
}
