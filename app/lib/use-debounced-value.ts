import { useEffect, useRef, useState } from 'react';

/**
 * `value` once it has stopped changing for `ms` milliseconds: what a search box asks the API
 * for (the admin users search waits 600 ms), so typing a name is one request, not one a letter.
 * Each change restarts the wait; the first value is there at once.
 */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A search box's text, and what the URL says was searched (`searched`). Typing changes the
 * text; once it has rested for `ms` the caller is told (`onSettle`: put it in the URL: one
 * request). Back and forward change the URL, and the text follows it.
 */
export function useSettledText(searched: string, onSettle: (text: string) => void, ms: number) {
  const [text, setText] = useState(searched);
  const [shownFor, setShownFor] = useState(searched);
  if (searched !== shownFor) {
    setShownFor(searched);
    setText(searched);
  }
  const settled = useDebouncedValue(text, ms);
  // Only a change of the settled text searches: the URL moving (back) must not send it back.
  const lastSettled = useRef(settled);
  useEffect(() => {
    if (lastSettled.current === settled) return;
    lastSettled.current = settled;
    if (settled.trim() !== searched) onSettle(settled.trim());
  }, [settled, searched, onSettle]);
  return [text, setText] as const;
}
