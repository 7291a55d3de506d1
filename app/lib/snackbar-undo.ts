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
