import { useEffect } from 'react';
import * as notificationsContract from '~contract/notifications';
import type { Notification } from '~contract/notifications';
import { api } from '~/lib/api';
import { createStore, useStore } from '~/lib/store';
import { throttle } from '~/lib/throttle';

export type { Notification } from '~contract/notifications';

/**
 * The user's notifications as the header's bell shows them (docs/product.md#alerts): kept outside
 * React, like the inbox's open count, read when the chrome first shows and again as the server
 * says something new arrived. Undefined until read, or when it could not be.
 */
type Shown = { data: Notification[]; unread: number };
const shown = createStore<Shown | undefined>(undefined);
let lastReading = 0;

async function readNotifications(): Promise<void> {
  const reading = ++lastReading;
  try {
    const answer = await api.call(notificationsContract.listNotifications, {}, { countsForLoading: false });
    if (reading === lastReading) shown.set(answer);
  } catch {
    // Not said: the bell shows no count, and the next event reads it again.
    if (reading === lastReading) shown.set(undefined);
  }
}

const readAgain = throttle(() => void readNotifications(), 1_000);

/** Something new was told (the `Notified` event): the bell reads its list again, at most once a second. */
export function notified() {
  readAgain.call();
}

/** The bell's list, read when the first component asks for it (the chrome, once signed in). */
export function useNotifications(): Shown | undefined {
  const value = useStore(shown);
  useEffect(() => {
    if (shown.get() === undefined) void readNotifications();
  }, []);
  return value;
}

/** Marks them read (`ids`, or all); the bell follows the answer. */
export async function markNotificationsRead(ids?: string[]) {
  await api.call(notificationsContract.markNotificationsRead, { body: ids ? { ids } : {} });
  await readNotifications();
}

/** Signing out: another user here never sees this one's notifications. */
export function forgetNotifications() {
  shown.set(undefined);
}
