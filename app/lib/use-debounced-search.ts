import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A search box debounced: its text, and what the URL says was searched (`searched`). Typing changes the
 * text; once it has rested for `ms` the caller is told (`onSearch`: put it in the URL: one
 * request). Back and forward change the URL: the text follows it, and a wait still running for
 * what was typed before is dropped. The wait starts from each keystroke itself, so a clear made
 * right after going back is a change like any other.
 */
export function useDebouncedSearch(searched: string, onSearch: (text: string) => void, ms: number) {
  const [text, setShown] = useState(searched);
  const [shownFor, setShownFor] = useState(searched);
  if (searched !== shownFor) {
    setShownFor(searched);
    // The search this text asked for (trimmed) keeps the text as typed: "giulia " followed by
    // "rossi" after a pause must not become "giuliarossi". Any other search replaces it.
    if (searched !== text.trim()) setShown(searched);
  }
  const wait = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ searched, onSearch });
  useEffect(() => {
    latest.current = { searched, onSearch };
  });
  // The URL moved (back, forward, or the search itself): nothing typed before is pending any more.
  useEffect(() => () => clearTimeout(wait.current), [searched]);
  const setText = useCallback(
    (value: string) => {
      setShown(value);
      clearTimeout(wait.current);
      wait.current = setTimeout(() => {
        const { searched: now, onSearch: search } = latest.current;
        if (value.trim() !== now) search(value.trim());
      }, ms);
    },
    [ms],
  );
  return [text, setText] as const;
}
