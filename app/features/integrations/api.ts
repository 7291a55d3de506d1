import * as integrations from '~contract/integrations';
import type { FacebookAccount, LinkedInAccount } from '~contract/integrations';
import { api } from '~/lib/api';

export type { Channel, FacebookAccount, LinkedInAccount } from '~contract/integrations';
export { OAUTH_RETURN_PATHS } from '~contract/integrations';

export type AccountProvider = 'facebook' | 'linkedin';
export type ConnectedAccount = FacebookAccount | LinkedInAccount;
/** How a return's store went: connected, reconnected… (the snackbar's words). */
export type StoreOutcome = (typeof integrations.STORE_OUTCOMES)[number];

const operations = {
  facebook: {
    list: integrations.listFacebookAccounts,
    authorize: integrations.authorizeFacebookAccount,
    refresh: integrations.refreshFacebookAccount,
    makePrimary: integrations.makeFacebookAccountPrimary,
    remove: integrations.deleteFacebookAccount,
  },
  linkedin: {
    list: integrations.listLinkedInAccounts,
    authorize: integrations.authorizeLinkedInAccount,
    refresh: integrations.refreshLinkedInAccount,
    makePrimary: integrations.makeLinkedInAccountPrimary,
    remove: integrations.deleteLinkedInAccount,
  },
} as const;

/** Where the provider sends the browser back: the address the round trip was registered with. */
export const returnUri = (provider: AccountProvider) =>
  `${window.location.origin}${integrations.OAUTH_RETURN_PATHS[`${provider}-account`]}`;

/**
 * Both lists, fresh each time the screen is entered (docs/product.md#integrations), and
 * which providers this installation can connect.
 */
export async function loadAccounts() {
  const [facebook, linkedin] = await Promise.all([
    api.call(integrations.listFacebookAccounts),
    api.call(integrations.listLinkedInAccounts),
  ]);
  return {
    facebook: facebook.data,
    linkedin: linkedin.data,
    configured: { facebook: facebook.configured, linkedin: linkedin.configured } as Record<AccountProvider, boolean>,
  };
}

/**
 * The consent page's address for a new account, or for re-authorising `accountId` in place;
 * `rerequest` asks again for what was declined.
 */
export async function authorizeUrl(
  provider: AccountProvider,
  options: { accountId?: string; rerequest?: boolean } = {},
): Promise<string> {
  const body = {
    ...(options.accountId ? { accountId: options.accountId } : {}),
    ...(options.rerequest ? { rerequest: true } : {}),
  };
  return (await api.call(operations[provider].authorize, { body })).url;
}

/**
 * Finishes a round trip (app/routes/integrations/callback.tsx): the code and state the provider
 * sent back, to the address the round trip was registered with.
 */
export async function storeAccount(provider: AccountProvider, code: string, state: string, redirectUri?: string) {
  if (provider === 'facebook') {
    return api.call(integrations.storeFacebookAccount, {
      body: { code, state, facebook_redirect_uri: redirectUri ?? returnUri('facebook') },
    });
  }
  return api.call(integrations.storeLinkedInAccount, {
    body: { code, state, redirect_uri: redirectUri ?? returnUri('linkedin') },
  });
}

/** Where LinkedIn sends the browser back after connecting an organization from a project. */
export const linkedinOrganizationReturnUri = () =>
  `${window.location.origin}${integrations.OAUTH_RETURN_PATHS['linkedin-organization']}`;

/** The consent page's address for connecting a LinkedIn organization into a project. */
export async function linkedinOrganizationAuthorizeUrl(projectId: string): Promise<string> {
  return (await api.call(integrations.authorizeLinkedInOrganization, { params: { projectId } })).url;
}

export function refreshAccount(provider: AccountProvider, id: string) {
  return api.call(operations[provider].refresh, { params: { id } });
}

export function makeAccountPrimary(provider: AccountProvider, id: string) {
  return api.call(operations[provider].makePrimary, { params: { id } });
}

export function deleteConnectedAccount(provider: AccountProvider, id: string) {
  return api.call(operations[provider].remove, { params: { id } });
}

/** Every channel an account brought, in the order the screen lists them. */
export function channelsOf(account: ConnectedAccount) {
  return 'organizations' in account
    ? account.organizations
    : [...account.facebook_pages, ...account.instagram_accounts, ...account.facebook_ad_accounts];
}
