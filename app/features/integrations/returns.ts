import { brandName } from '~/components/ui/brand-mark';
import { describeApiError, reportBackgroundError, showApiError } from '~/lib/api-errors';
import { HttpError } from '~/lib/http';
import { snackbar } from '~/lib/snackbar';
import { authorizeUrl, storeAccount, type AccountProvider, type ConnectedAccount } from './api';

/**
 * The provider round trips' returns (spec §4 "Return from social login"), for the screens they
 * come back to: the integrations screen, and a project's channels (a LinkedIn organization
 * connected from the project).
 */

/** Sends the browser to the provider's consent page (a round trip that comes back here). */
export async function goToProvider(
  provider: AccountProvider,
  options: { accountId?: string; rerequest?: boolean } = {},
) {
  const url = await authorizeUrl(provider, options);
  window.location.assign(url);
}

/**
 * Where a provider sent the browser back (spec §4 "Return from social login"): a declined
 * consent or a provider error is said; a code is stored once (the params leave the address bar
 * and the history afterwards, so a reload never sends it again; the API refuses a spent state).
 */
export async function completeReturn(
  provider: AccountProvider,
  query: URLSearchParams,
  options: { redirectUri?: string } = {},
): Promise<{ account: ConnectedAccount; projectId: string | null } | undefined> {
  const error = query.get('error');
  const code = query.get('code');
  const state = query.get('state');
  const name = brandName(provider);
  if (error !== null) {
    const declined = error === 'access_denied' || error === 'user_cancelled_authorize';
    snackbar.show(declined ? 'integrations.declined' : 'integrations.providerError', 'error', {
      values: { provider: name },
    });
    return;
  }
  if (!code || !state) {
    snackbar.show('integrations.returnIncomplete', 'error', { values: { provider: name } });
    return;
  }
  try {
    const { account, outcome, projectId } = await storeAccount(provider, code, state, options.redirectUri);
    snackbar.show(`integrations.outcome.${outcome}`, 'success', { values: { name: account.name } });
    if (account.missingScopes.length > 0) {
      snackbar.show('integrations.missingScopes', 'warning', {
        values: { provider: name, scopes: account.missingScopes.join(', ') },
        action: {
          label: 'integrations.grantAgain',
          run: () =>
            void goToProvider(provider, { accountId: account._id, rerequest: true }).catch(reportBackgroundError),
        },
      });
    }
    return { account, projectId };
  } catch (failure) {
    // An ended session goes to sign in, an API in maintenance to its page (the loader's route
    // error); any other store error is a warning with the API's message (spec §8).
    if (failure instanceof HttpError && (failure.sessionExpired || failure.status === 503)) throw failure;
    const said = describeApiError(failure);
    if (said) showApiError(said, 'warning');
    return undefined;
  }
}
