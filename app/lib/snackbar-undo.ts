import { useMemo, useRef } from 'react';
import { HttpError } from './http';
import { snackbar, snackbarMessages } from './snackbar';

/**
 * Runs the newest message's action (the Undo of the latest change) and takes the message down,
 * as its button does: what a list's key for it calls (the inbox's and the review's `z`), so the
 * keyboard need not travel to the message at the end of the page. False when none has one. Apart
 * from the snackbar, which the sign-in page loads: only the signed-in lists use it.
 */
export function runLatestAction(): boolean {
  const latest = snackbarMessages.get().findLast((message) => message.action);
  if (latest) {
    snackbar.dismiss(latest.id);
    latest.action!.run();
  }
  return !!latest;
}

/**
 * A list's `z`: the Undo of the latest change, or, while a change is on its way, the Undo of that
 * one once its answer (and its message with the Undo) is in, never the one before it. The page
 * calls `takeAsked` as each answer comes, and runs the Undo it offered if it says so.
 */
export function useUndoKey() {
  const asked = useRef(false);
  return useMemo(
    () => ({
      undo(changeOnItsWay: boolean) {
        if (changeOnItsWay) asked.current = true;
        else runLatestAction();
      },
      /** Whether `z` was pressed while the change just answered was on its way; asked once. */
      takeAsked() {
        const was = asked.current;
        asked.current = false;
        return was;
      },
    }),
    [],
  );
}

/**
 * An Undo's request, said as what it is when the API no longer has the change (404): undone
 * already (from another tab, or by another device), or its rows changed since. `null` then;
 * other failures go on to the page's handling.
 */
export async function undoUnlessGone<T>(undo: Promise<T>): Promise<T | null> {
  try {
    return await undo;
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 404)) throw error;
    snackbar.show('ui.nothingToUndo', 'info');
    return null;
  }
}
