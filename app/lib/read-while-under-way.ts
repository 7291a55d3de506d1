import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useLiveState } from './live';

/** While not live, the page looks again this often. */
const LOOK_AGAIN_MS = 2000;

type Revalidator = ReturnType<typeof useRevalidator>;

async function readAgain(revalidator: Revalidator, before: (() => Promise<void>) | undefined) {
  await before?.();
  revalidator.revalidate();
}

/**
 * Something under way in the background whose end the live updates tell, reading the page again
 * (an account's channels being fetched, a training of the classifier). What was told before the
 * page's channel was subscribed is not replayed: just subscribed while it is under way, the page is
 * read once; while not live, it looks again every 2 s, for `forAtMost` ms at most. `before` runs
 * first each time: a cached reading that the page's loader would otherwise answer with, dropped.
 * Answers whether the page is being read again.
 */
export function useReadWhileUnderWay(
  underWay: boolean,
  { forAtMost = 60_000, before }: { forAtMost?: number; before?: () => Promise<void> } = {},
): boolean {
  const revalidator = useRevalidator();
  const live = useLiveState() === 'live';
  const wasLive = useRef(live);
  // The latest `before`, without starting the effects again for a new function at each render.
  const latestBefore = useRef(before);
  useEffect(() => {
    latestBefore.current = before;
  });
  useEffect(() => {
    if (live && !wasLive.current && underWay) void readAgain(revalidator, latestBefore.current);
    wasLive.current = live;
  }, [live, underWay, revalidator]);
  useEffect(() => {
    if (!underWay || live) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started > forAtMost) window.clearInterval(timer);
      else if (revalidator.state === 'idle') void readAgain(revalidator, latestBefore.current);
    }, LOOK_AGAIN_MS);
    return () => window.clearInterval(timer);
  }, [underWay, live, forAtMost, revalidator]);
  return revalidator.state === 'loading';
}
