import type { z } from 'zod/mini';
import type { ChannelSchema, FacebookAccountSchema, LinkedInAccountSchema } from '../../contract/integrations';
import type { ChannelKind, Provider } from '../../contract/fields';
import type { ChannelRow } from '../db/schema';
import type { AccountWithChannels } from './accounts';
import { FACEBOOK_SCOPES } from './providers/facebook';
import { LINKEDIN_SCOPES } from './providers/linkedin';

/** What the product asks each provider for: what an account lacks of it is `missingScopes`. */
const WANTED_SCOPES: Record<'facebook' | 'linkedin', readonly string[]> = {
  facebook: FACEBOOK_SCOPES,
  linkedin: LINKEDIN_SCOPES,
};

export const PROVIDER_NAMES: Record<Provider, string> = {
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
};

export const presentChannel = (row: ChannelRow): z.input<typeof ChannelSchema> => ({
  _id: row.id,
  type: row.kind,
  name: row.name,
  externalId: row.externalId,
});

function common(account: AccountWithChannels) {
  const wanted = WANTED_SCOPES[account.provider as 'facebook' | 'linkedin'] ?? [];
  return {
    _id: account.id,
    name: account.name,
    is_primary: account.isPrimary,
    status: account.status,
    grantedScopes: account.grantedScopes,
    missingScopes: wanted.filter((scope) => !account.grantedScopes.includes(scope)),
    channelsFetchedAt: account.channelsFetchedAt?.toISOString() ?? null,
    fetchingChannels: account.channelsPending.length > 0,
    fetchFailure:
      account.fetchFailure && account.fetchFailedAt
        ? { reason: account.fetchFailure, failedAt: account.fetchFailedAt.toISOString() }
        : null,
    createdAt: account.createdAt.toISOString(),
  };
}

const ofKind = (account: AccountWithChannels, kind: ChannelKind) =>
  account.channels.filter((row) => row.kind === kind).map(presentChannel);

export const presentFacebookAccount = (account: AccountWithChannels): z.input<typeof FacebookAccountSchema> => ({
  ...common(account),
  facebook_pages: ofKind(account, 'facebook-page'),
  instagram_accounts: ofKind(account, 'instagram-account'),
  facebook_ad_accounts: ofKind(account, 'facebook-ad-account'),
});

export const presentLinkedInAccount = (account: AccountWithChannels): z.input<typeof LinkedInAccountSchema> => ({
  ...common(account),
  organizations: ofKind(account, 'linkedin-organization'),
});
