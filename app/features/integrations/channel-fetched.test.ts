import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Channel } from '~contract/integrations';
import { snackbar } from '~/lib/snackbar';
import { channelFetched, connectsChannels, type FetchedChannel } from './channel-fetched';

const channel = (id: string, name: string, type: Channel['type'] = 'facebook-page'): FetchedChannel => ({
  channel: { _id: `00000000-0000-4000-8000-00000000000${id}`, type, name, externalId: `ext-${id}` },
  projects: [],
});

afterEach(() => {
  channelFetched.close();
  snackbar.clear();
});

describe('the channel-fetched dialog', () => {
  it('opens with the first channel, appends the later ones in their order, and clears on close', () => {
    expect(channelFetched.current()).toBeNull();
    channelFetched.announce(channel('1', 'Espresso Bar Milano'));
    channelFetched.announce(channel('2', 'espressobarmilano', 'instagram-account'));
    expect(channelFetched.current()?.map((each) => each.channel.name)).toEqual([
      'Espresso Bar Milano',
      'espressobarmilano',
    ]);
    channelFetched.close();
    expect(channelFetched.current()).toBeNull();
    // The next event opens a new dialog with only its own channel.
    channelFetched.announce(channel('3', 'Trattoria Roma'));
    expect(channelFetched.current()?.map((each) => each.channel.name)).toEqual(['Trattoria Roma']);
  });

  it('keeps one card for a channel announced twice, with its newer name, in its place', () => {
    channelFetched.announce(channel('1', 'Espresso'));
    channelFetched.announce(channel('2', 'Trattoria'));
    channelFetched.announce(channel('1', 'Espresso Bar Milano'));
    expect(channelFetched.current()?.map((each) => each.channel.name)).toEqual(['Espresso Bar Milano', 'Trattoria']);
  });

  it('tells its listeners of each change, and of nothing once they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = channelFetched.subscribe(listener);
    channelFetched.announce(channel('1', 'Espresso'));
    channelFetched.close();
    channelFetched.close();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    channelFetched.announce(channel('1', 'Espresso'));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('opens by itself only where channels are connected; elsewhere a notice offers it', () => {
    expect(connectsChannels('/integrations')).toBe(true);
    expect(connectsChannels('/projects/p1/channels')).toBe(true);
    expect(connectsChannels('/projects/p1/comments')).toBe(false);
    expect(connectsChannels('/inbox')).toBe(false);

    const show = vi.spyOn(snackbar, 'show');
    channelFetched.announce(channel('1', 'Trattoria Roma'), '/inbox');
    channelFetched.announce(channel('2', 'trattoriaroma', 'instagram-account'), '/inbox');
    expect(channelFetched.current()).toBeNull();
    // One notice, counting both (the same message replaces the one before).
    expect(show).toHaveBeenLastCalledWith('channelFetched.quiet', 'info', {
      values: { count: 2, name: 'Trattoria Roma' },
      action: { label: 'channelFetched.show', run: expect.any(Function) },
    });
    show.mock.lastCall![2]!.action!.run();
    show.mockRestore();
    expect(channelFetched.current()?.map((each) => each.channel.name)).toEqual(['Trattoria Roma', 'trattoriaroma']);
    // Open: later arrivals join it wherever the user is.
    channelFetched.announce(channel('3', 'Gelato Lab', 'tiktok-user'), '/inbox');
    expect(channelFetched.current()).toHaveLength(3);
  });
});
