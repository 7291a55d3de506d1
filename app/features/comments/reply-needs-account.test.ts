import { describe, expect, it } from 'vitest';
import type { ChannelKind } from '~contract/fields';
import { channelsWithoutAccount } from './reply-needs-account';

const listed = (id: string, kind: ChannelKind, name: string, canReply: boolean) => ({
  channel: { id, kind, name, canReply },
});

describe('channelsWithoutAccount', () => {
  it('names each channel that would take replies with its account, once, in order', () => {
    expect(
      channelsWithoutAccount([
        listed('1', 'instagram-account', 'espressobarmilano', false),
        listed('2', 'facebook-page', 'Espresso Bar Milano', false),
        listed('1', 'instagram-account', 'espressobarmilano', false),
      ]),
    ).toEqual(['Espresso Bar Milano', 'espressobarmilano']);
  });

  it('leaves out the channels that take replies already, and the kinds never answered from here', () => {
    expect(
      channelsWithoutAccount([
        listed('1', 'facebook-page', 'Bar', true),
        listed('2', 'linkedin-organization', 'Trattoria Roma Group', false),
        listed('3', 'facebook-ad-account', 'Bar Ads', false),
      ]),
    ).toEqual([]);
  });
});
