import { useCallback, useState } from 'react';
import { reportBackgroundError } from './api-errors';

/**
 * A screen's actions that run from a button (attach, detach, connect, refresh…), one at a time
 * by key: `pending` names the one running, for its button's busy state; a failure is said the
 * way background work says it (the snackbar, or sign-in when the session is over).
 */
export function usePendingAction() {
  const [pending, setPending] = useState<string | null>(null);
  const run = useCallback(async (key: string, work: () => Promise<void>) => {
    setPending(key);
    try {
      await work();
    } catch (error) {
      reportBackgroundError(error);
    } finally {
      setPending(null);
    }
  }, []);
  return { pending, run };
}
