import type { ParseKeys } from 'i18next';
import { createStore, useStore, type Readable } from './store';

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

let nextId = 1;

export const snackbar = {
  /** `message` is a translation key (typed), or the API's own words passed as `{ text }`. */
  show(what: ParseKeys | { text: string }, tone: SnackbarTone = 'info', options: SnackbarOptions = {}) {
    const message: string = typeof what === 'string' ? what : what.text;
    // The same message twice in a row (say, offline from several requests) shows once: the newer
    // one, whose action (the undo of the latest change) is the one that still means something.
    messages.update((current) => [
      ...current.filter((existing) => existing.message !== message),
      { id: nextId++, tone, message, values: options.values, action: options.action },
    ]);
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

/** The messages showing, newest last: what `useSnackbarMessages` renders, and `runLatestAction` reads. */
export const snackbarMessages: Readable<SnackbarMessage[]> = messages;
export const useSnackbarMessages = (): SnackbarMessage[] => useStore(messages);
