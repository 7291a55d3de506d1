import * as accounts from '~contract/accounts';
import type { FacebookAccount, LinkedInAccount } from '~contract/accounts';
import { api } from '~/lib/api';

export type { Channel, FacebookAccount, LinkedInAccount } from '~contract/accounts';
export { OAUTH_RETURN_PATHS } from '~contract/accounts';

export type AccountProvider = 'facebook' | 'linkedin';
export type ConnectedAccount = FacebookAccount | LinkedInAccount;
/** How a return's store went: connected, reconnected… (the snackbar's words). */
export type StoreOutcome = (typeof accounts.STORE_OUTCOMES)[number];

const operations = {
  facebook: {
    list: accounts.listFacebookAccounts,
    authorize: accounts.authorizeFacebookAccount,
    refresh: accounts.refreshFacebookAccount,
    makePrimary: accounts.makeFacebookAccountPrimary,
    remove: accounts.deleteFacebookAccount,
  },
  linkedin: {
    list: accounts.listLinkedInAccounts,
    authorize: accounts.authorizeLinkedInAccount,
    refresh: accounts.refreshLinkedInAccount,
    makePrimary: accounts.makeLinkedInAccountPrimary,
    remove: accounts.deleteLinkedInAccount,
  },
} as const;

/** Where the provider sends the browser back: the address the round trip was registered with. */
export const returnUri = (provider: AccountProvider) =>
  `${window.location.origin}${accounts.OAUTH_RETURN_PATHS[`${provider}-account`]}`;

/**
 * Both lists, fresh each time the screen is entered (spec §4: accounts load on entering), and
 * which providers this installation can connect.
 */
export async function loadAccounts() {
  const [facebook, linkedin] = await Promise.all([
    api.call(accounts.listFacebookAccounts),
    api.call(accounts.listLinkedInAccounts),
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
    return api.call(accounts.storeFacebookAccount, {
      body: { code, state, facebook_redirect_uri: redirectUri ?? returnUri('facebook') },
    });
  }
  return api.call(accounts.storeLinkedInAccount, {
    body: { code, state, redirect_uri: redirectUri ?? returnUri('linkedin') },
  });
}

/** Where LinkedIn sends the browser back after connecting an organization from a project. */
export const linkedinOrganizationReturnUri = () =>
  `${window.location.origin}${accounts.OAUTH_RETURN_PATHS['linkedin-organization']}`;

/** The consent page's address for connecting a LinkedIn organization into a project. */
export async function linkedinOrganizationAuthorizeUrl(projectId: string): Promise<string> {
  return (await api.call(accounts.authorizeLinkedInOrganization, { params: { projectId } })).url;
}

export function refreshAccount(provider: AccountProvider, id: string) {
  return api.call(operations[provider].refresh, { params: { id } });
}

export function makeAccountPrimary(provider: AccountProvider, id: string) {
  return api.call(operations[provider].makePrimary, { params: { id } });
}

export function deleteAccount(provider: AccountProvider, id: string) {
  return api.call(operations[provider].remove, { params: { id } });
}

/** Every channel an account brought, in the order the screen lists them. */
export function channelsOf(account: ConnectedAccount) {
  return 'organizations' in account
    ? account.organizations
    : [...account.facebook_pages, ...account.instagram_accounts, ...account.facebook_ad_accounts];
}
