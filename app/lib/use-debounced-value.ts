import { useEffect, useState } from 'react';

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
