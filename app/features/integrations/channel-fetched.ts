import type { z } from 'zod/mini';
import type { ChannelFetchedEventSchema } from '~contract/realtime';
import { snackbar } from '~/lib/snackbar';
import { createStore, useStore } from '~/lib/store';

/** A channel that arrived, with the user's projects already following it. */
export type FetchedChannel = z.infer<typeof ChannelFetchedEventSchema>;

/**
 * The channel-fetched dialog's state (docs/product.md#fetching-channels): the first event opens it
 * with that channel, later ones while it is open append theirs (a channel announced twice keeps
 * one card, the newer), and closing clears it, so the next event opens a new one. Outside React,
 * as the snackbar is: an event can arrive while no page is rendering.
 *
 * It opens only where channels are connected (Integrations, a project's Channels): on any other
 * page, the user's other tab say, the arrivals are a quiet notice whose "Show" opens the dialog.
 */
/** The dialog's channels, or null while it is closed. */
const open = createStore<readonly FetchedChannel[] | null>(null);
/** What arrived while the user was elsewhere, for the notice's "Show". */
let quiet: FetchedChannel[] = [];

const withArrival = (list: readonly FetchedChannel[], arrival: FetchedChannel) => {
  const at = list.findIndex((each) => each.channel._id === arrival.channel._id);
  return at === -1 ? [...list, arrival] : list.map((each, index) => (index === at ? arrival : each));
};

/** Where a user connects channels: the pages the dialog opens on by itself. */
export const connectsChannels = (pathname: string) =>
  /^\/integrations(\/|$)/.test(pathname) || /^\/projects\/[^/]+\/channels\/?$/.test(pathname);

export const channelFetched = {
  /** A channel arrived; `pathname` is the page the user is on. */
  announce(arrival: FetchedChannel, pathname = '/integrations') {
    if (connectsChannels(pathname) || open.get() !== null) {
      open.update((list) => withArrival(list ?? [], arrival));
      return;
    }
    quiet = withArrival(quiet, arrival);
    const first = quiet[0]!;
    snackbar.show('channelFetched.quiet', 'info', {
      values: { count: quiet.length, name: first.channel.name },
      action: {
        label: 'channelFetched.show',
        run: () => {
          open.set(quiet);
          quiet = [];
        },
      },
    });
  },
  close: () => {
    open.set(null);
    quiet = [];
  },
  current: open.get,
  subscribe: open.subscribe,
};

export const useChannelFetched = () => useStore(open);
