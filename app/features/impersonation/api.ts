import * as impersonation from '~contract/impersonation';
import { api } from '~/lib/api';
import { OfflineError } from '~/lib/http';
import { liveConnection } from '~/lib/live';
import { paths } from '~/lib/paths';
import { forgetCache } from '~/lib/cache';
import { impersonationStore } from '~/lib/session';

/**
 * A fresh page at `path`: nothing cached for one account (the admin's, the user's) may show
 * through to the other, and a full load is the one way to be sure.
 */
function reloadAt(path: string) {
  // The socket is the account's that is ending: it closes now, not whenever the page goes.
  liveConnection.close();
  forgetCache();
  window.location.assign(path);
}

/**
 * "Login as user" (docs/product.md#login-as-user): asks the API for an impersonation token for
 * the user, keeps it beside the admin's own (app/lib/session.ts), and reloads the app at home
 * as that user. Never resolves (the page goes); rejects when the API refuses (an admin, an
 * unknown user) or cannot be reached.
 */
export async function loginAsUser(userId: string): Promise<never> {
  const answer = await api.call(impersonation.loginAsUser, { body: { id: userId } });
  impersonationStore.set(answer.access_token);
  impersonationStore.setReturn(`${window.location.pathname}${window.location.search}`);
  reloadAt(paths.home());
  // The page is being replaced: whoever waits on this (an intent's button) stays busy until it goes.
  return new Promise<never>(() => {});
}

/**
 * The Support page's intents for its rows' "Login as user" (a route's clientAction runs them with
 * `handleIntents`): a refusal (an admin, a user gone meanwhile) is said in the API's own words.
 */
export const loginAsIntents = {
  loginAs: async (form: FormData) => {
    const id = form.get('id');
    if (typeof id !== 'string' || id === '') throw new Response('Missing field "id"', { status: 400 });
    await loginAsUser(id);
  },
};

/**
 * 'Back to my account': ends the impersonation on the API (its token stops at once), forgets
 * it, and reloads at the Support page as the admin left it (its search and page), whose own
 * session was kept all along.
 * Offline it rejects and changes nothing, so the admin can try again: dropping the token
 * unannounced would leave the record saying it went on. An impersonation that had already
 * ended (401) goes back the same way (the HTTP client's `onEnded`).
 */
export async function backToOwnAccount(): Promise<never> {
  try {
    await api.call(impersonation.endImpersonation);
  } catch (error) {
    if (error instanceof OfflineError) throw error;
    // Any other answer: the impersonation is over one way or another; go back all the same.
  }
  impersonationStore.set(null);
  reloadAt(impersonationStore.takeReturn() ?? paths.adminSupport());
  // The page is being replaced: the banner's button stays busy until it goes.
  return new Promise<never>(() => {});
}
