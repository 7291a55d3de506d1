import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Channel } from '~contract/integrations';
import { channelFetched } from './channel-fetched';

const channel = (id: string, name: string, type: Channel['type'] = 'facebook-page'): Channel => ({
  _id: `00000000-0000-4000-8000-00000000000${id}`,
  type,
  name,
  externalId: `ext-${id}`,
});

afterEach(() => channelFetched.close());

describe('the channel-fetched dialog', () => {
  it('opens with the first channel, appends the later ones in their order, and clears on close', () => {
    expect(channelFetched.current()).toBeNull();
    channelFetched.announce(channel('1', 'Espresso Bar Milano'));
    channelFetched.announce(channel('2', 'espressobarmilano', 'instagram-account'));
    expect(channelFetched.current()?.map((each) => each.name)).toEqual(['Espresso Bar Milano', 'espressobarmilano']);
    channelFetched.close();
    expect(channelFetched.current()).toBeNull();
    // The next event opens a new dialog with only its own channel.
    channelFetched.announce(channel('3', 'Trattoria Roma'));
    expect(channelFetched.current()?.map((each) => each.name)).toEqual(['Trattoria Roma']);
  });

  it('keeps one card for a channel announced twice, with its newer name, in its place', () => {
    channelFetched.announce(channel('1', 'Espresso'));
    channelFetched.announce(channel('2', 'Trattoria'));
    channelFetched.announce(channel('1', 'Espresso Bar Milano'));
    expect(channelFetched.current()?.map((each) => each.name)).toEqual(['Espresso Bar Milano', 'Trattoria']);
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
});
