import type { ParseKeys } from 'i18next';
import { createStore, useStore } from './store';

/**
 * The one snackbar. Messages are translation keys (or server text) kept outside React, so a
 * message raised while navigating away (session expired → /login) survives the navigation.
 */
export type SnackbarTone = 'info' | 'success' | 'warning' | 'error';
export interface SnackbarMessage {
  id: number;
  tone: SnackbarTone;
  /** A translation key, or text that came from the server. */
  message: string;
  /** Values for the key's placeholders (`{{count}}`). */
  values?: Record<string, string | number> | undefined;
  /** A button beside the message (Undo); pressing it runs `run` and dismisses the message. */
  action?: SnackbarAction | undefined;
  /**
   * Where the focus was when the message came (a row of the list a change was made from): where
   * it goes back to once the action's button, which leaves with the message, was pressed.
   */
  returnTo?: HTMLElement | undefined;
}

export interface SnackbarAction {
  label: ParseKeys;
  run: () => void;
}

export interface SnackbarOptions {
  values?: Record<string, string | number>;
  action?: SnackbarAction;
}

const messages = createStore<SnackbarMessage[]>([]);

const focusedElement = () =>
  typeof document !== 'undefined' &&
  document.activeElement instanceof HTMLElement &&
  document.activeElement !== document.body
    ? document.activeElement
    : undefined;
let nextId = 1;

export const snackbar = {
  /** `message` is a translation key (typed), or the API's own words passed as `{ text }`. */
  show(what: ParseKeys | { text: string }, tone: SnackbarTone = 'info', options: SnackbarOptions = {}) {
    const message: string = typeof what === 'string' ? what : what.text;
    // The same message twice in a row (say, offline from several requests) shows once: the newer
    // one, whose action (the undo of the latest change) is the one that still means something.
    messages.update((current) => [
      ...current.filter((existing) => existing.message !== message),
      { id: nextId++, tone, message, values: options.values, action: options.action, returnTo: focusedElement() },
    ]);
  },
  /**
   * Runs the newest message's action (the Undo of the latest change) and takes the message down,
   * as its button does: what a page's key for it calls (the inbox's and the review's `z`), so the
   * keyboard need not travel to the message at the end of the page. False when none has one.
   */
  runLatestAction(): boolean {
    const latest = messages.get().findLast((message) => message.action);
    if (!latest?.action) return false;
    snackbar.dismiss(latest.id);
    latest.action.run();
    return true;
  },
  /** Takes down every message showing `message` (a key), as soon as what it said stops being true. */
  withdraw(message: ParseKeys) {
    messages.update((current) =>
      current.some((existing) => existing.message === message)
        ? current.filter((existing) => existing.message !== message)
        : current,
    );
  },
  dismiss(id: number) {
    messages.update((current) => current.filter((message) => message.id !== id));
  },
  clear() {
    messages.set([]);
  },
};

export const useSnackbarMessages = (): SnackbarMessage[] => useStore(messages);
