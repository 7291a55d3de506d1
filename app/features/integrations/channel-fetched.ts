import { useSyncExternalStore } from 'react';
import type { Channel } from '~contract/accounts';

/**
 * The channel-fetched dialog's state (spec §4 "Channel-fetched events"): the first event opens it
 * with that channel, later ones while it is open append theirs (a channel announced twice keeps
 * one card, the newer), and closing clears it, so the next event opens a new one. Outside React,
 * as the snackbar is: an event can arrive while no page is rendering.
 */
let open: Channel[] | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const channelFetched = {
  announce(channel: Channel) {
    if (!open) open = [channel];
    else {
      const at = open.findIndex((each) => each._id === channel._id);
      open = at === -1 ? [...open, channel] : open.map((each, index) => (index === at ? channel : each));
    }
    emit();
  },
  close() {
    if (!open) return;
    open = null;
    emit();
  },
  /** The dialog's channels, or null while it is closed. */
  current: (): readonly Channel[] | null => open,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

export const useChannelFetched = () =>
  useSyncExternalStore(channelFetched.subscribe, channelFetched.current, () => null);
