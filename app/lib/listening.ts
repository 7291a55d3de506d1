import { useEffect, useRef } from 'react';

/**
 * When the page last started listening on its session's channel (each subscription, the first
 * included, and again after every reconnect; docs/decisions/098): nothing told before then is
 * replayed, so what a page read before it may lack what changed meanwhile.
 */
let listeningSince = -Infinity;
const listeners = new Set<() => void>();

export const listening = {
  /** The page listens from now: the live updates call it at each subscription. */
  began() {
    listeningSince = Date.now();
    listeners.forEach((listener) => listener());
  },
  /** The session's connection closed (signing out): the next one listens anew. */
  forget() {
    listeningSince = -Infinity;
  },
};

/**
 * What a page shows says how things were at `readSince`; if the page started listening after that
 * (its first subscription, or one after a reconnect), what was told in between is lost, and
 * `readAgain` runs: as the page opens, and at each subscription while it is open. On a page
 * opened once listening, nothing: every change since its reading is heard.
 */
export function useReadAgainOnListening(readSince: number, readAgain: () => void) {
  const latest = useRef({ readSince, readAgain });
  latest.current = { readSince, readAgain };
  useEffect(() => {
    if (listeningSince >= latest.current.readSince) latest.current.readAgain();
    const listener = () => latest.current.readAgain();
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
