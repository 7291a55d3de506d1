import { OAUTH_RETURN_PATHS } from '~contract/oauth';
import { HttpError } from '~/lib/http';
import { chosenLanguage } from '~/lib/i18n';
import { safeReturnUrl } from '~/lib/return-url';
import { snackbar } from '~/lib/snackbar';
import { facebookAuthorizeUrl, signInWithFacebook, signUpWithFacebook } from './api';

/**
 * Signing in and up with Facebook (docs/product.md#sign-in-with-facebook; decision 025). The button
 * sends the browser to Facebook's login dialog; Facebook sends it back to /login or /register with
 * `code`, `state` and `granted_scopes` (or an error), and that page's loader finishes here. What
 * the page was asked to do after (the return URL of sign-in, the coupon of sign-up) waits in this
 * tab's session storage meanwhile.
 */
export type FacebookPurpose = 'sign-in' | 'sign-up';

/**
 * What the page shows after a return: nothing more, the not-linked dialog, the email request, or
 * (sign-up) the address taken by an account this Facebook account is not connected to.
 */
export type FacebookProblem = 'notLinked' | 'emailMissing' | 'emailTaken';

const RETURN_TYPE: Record<FacebookPurpose, string> = { 'sign-in': 'facebook-login', 'sign-up': 'facebook-register' };
const PENDING_KEY = 'facebook.pending';

type Pending = { returnUrl?: string; coupon?: string };

function readPending(): Pending {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Pending) : {};
  } catch {
    return {};
  }
}

/** Sends the browser to Facebook, remembering what to do on the way back. */
export async function startFacebook(purpose: FacebookPurpose, pending: Pending, rerequest = false) {
  const url = await facebookAuthorizeUrl(purpose, rerequest);
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch {
    // Storage refused (private mode): the return still signs in, to the home page.
  }
  window.location.assign(url);
}

/** Whether this page load is Facebook sending the browser back for `purpose`. */
export const isFacebookReturn = (purpose: FacebookPurpose, query: URLSearchParams) =>
  query.get('type') === RETURN_TYPE[purpose];

/** The problem to show once the return's params are gone (kept across the redirect that removes them). */
let problem: FacebookProblem | null = null;
export function takeFacebookProblem(): FacebookProblem | null {
  const taken = problem;
  problem = null;
  return taken;
}

/**
 * Finishes a return: true when signed in (or up); otherwise the reason is said (a snackbar, or a
 * problem for the page to show) and the page reloads without the params.
 */
export async function finishFacebook(
  purpose: FacebookPurpose,
  query: URLSearchParams,
): Promise<{ signedIn: boolean; newAccount: boolean; returnUrl: string; coupon: string | undefined }> {
  const pending = readPending();
  sessionStorage.removeItem(PENDING_KEY);
  const result = {
    signedIn: false,
    newAccount: false,
    returnUrl: safeReturnUrl(pending.returnUrl ?? null),
    coupon: pending.coupon,
  };
  const code = query.get('code');
  const state = query.get('state');
  if (query.get('error') !== null || !code || !state) {
    snackbar.show(query.get('error') === 'access_denied' ? 'facebook.declined' : 'facebook.error', 'error');
    return result;
  }
  // The email must be among the granted scopes; without it, say so and offer to grant it.
  const granted = (query.get('granted_scopes') ?? '').split(',');
  if (!granted.includes('email')) {
    problem = 'emailMissing';
    return result;
  }
  const body = {
    code,
    state,
    redirect_uri: `${window.location.origin}${OAUTH_RETURN_PATHS[RETURN_TYPE[purpose] as 'facebook-login']}`,
  };
  try {
    if (purpose === 'sign-in') {
      await signInWithFacebook(body);
      return { ...result, signedIn: true };
    }
    // Sign-up with a Facebook account that already has its Orbita account signs in to it.
    const { account } = await signUpWithFacebook({ ...body, language: chosenLanguage() });
    return { ...result, signedIn: true, newAccount: account !== 'existing' };
  } catch (error) {
    if (error instanceof HttpError && error.status === 503) throw error;
    if (purpose === 'sign-in' && error instanceof HttpError && error.status === 401) {
      problem = 'notLinked';
    } else if (error instanceof HttpError && error.fieldErrors.email?.length) {
      // Sign-up: the address belongs to an account this Facebook account is not connected to
      // (Facebook withholding it is caught above, from the granted scopes). Said above the form,
      // with the ways to sign in.
      problem = 'emailTaken';
    } else if (purpose === 'sign-up' && error instanceof HttpError && error.body?.message) {
      // A Facebook sign-up refused with a message shows that message.
      snackbar.show({ text: error.body.message }, 'error');
    } else {
      snackbar.show('facebook.error', 'error');
    }
    return result;
  }
}
