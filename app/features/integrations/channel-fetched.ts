import type { Channel } from '~contract/integrations';
import { createStore, useStore } from '~/lib/store';

/**
 * The channel-fetched dialog's state (docs/product.md#fetching-channels): the first event opens it
 * with that channel, later ones while it is open append theirs (a channel announced twice keeps
 * one card, the newer), and closing clears it, so the next event opens a new one. Outside React,
 * as the snackbar is: an event can arrive while no page is rendering.
 */
/** The dialog's channels, or null while it is closed. */
const open = createStore<readonly Channel[] | null>(null);

export const channelFetched = {
  announce(channel: Channel) {
    open.update((channels) => {
      if (!channels) return [channel];
      const at = channels.findIndex((each) => each._id === channel._id);
      return at === -1 ? [...channels, channel] : channels.map((each, index) => (index === at ? channel : each));
    });
  },
  close: () => open.set(null),
  current: open.get,
  subscribe: open.subscribe,
};

export const useChannelFetched = () => useStore(open);
