import { OAUTH_RETURN_PATHS } from '~contract/oauth';
import { HttpError } from '~/lib/http';
import { chosenLanguage } from '~/lib/i18n';
import { leaveFor } from '~/lib/intents';
import { safeReturnUrl } from '~/lib/return-url';
import { snackbar } from '~/lib/snackbar';
import { facebookAuthorizeUrl, signInWithFacebook, signUpWithFacebook } from './api';

/**
 * Signing in and up with Facebook (docs/product.md#sign-in-with-facebook; decisions 025 and 068).
 * The page's "with Facebook" intent sends the browser to Facebook's login dialog; Facebook sends it
 * back to the return's callback route (`/auth/facebook-login/callback`,
 * `/auth/facebook-register/callback`: app/routes/auth/facebook-callback.tsx), which finishes here
 * and goes on, with a problem to show in the page's address (`?facebook=notLinked`). What the page
 * was asked to do after (the return URL of sign-in, the coupon of sign-up) waits in this tab's
 * session storage meanwhile.
 */
export type FacebookPurpose = 'sign-in' | 'sign-up';

/**
 * What the page shows after a return: nothing more, the not-linked dialog, the email request, or
 * (sign-up) the address taken by an account this Facebook account is not connected to.
 */
export const FACEBOOK_PROBLEMS = ['notLinked', 'emailMissing', 'emailTaken'] as const;
export type FacebookProblem = (typeof FACEBOOK_PROBLEMS)[number];

/** The return each purpose comes back to (contract/oauth.ts). */
export const FACEBOOK_RETURNS = { 'facebook-login': 'sign-in', 'facebook-register': 'sign-up' } as const;

const RETURN_OF = { 'sign-in': 'facebook-login', 'sign-up': 'facebook-register' } as const;
const PENDING_KEY = 'facebook.pending';
const PROBLEM_PARAM = 'facebook';

type Pending = { returnUrl?: string; coupon?: string };

function readPending(): Pending {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Pending) : {};
  } catch {
    return {};
  }
}

/**
 * Sends the browser to Facebook, remembering what to do on the way back: the page's intent
 * (app/features/auth/facebook-button.tsx), a whole-page navigation like every provider's.
 */
export async function startFacebook(purpose: FacebookPurpose, pending: Pending, rerequest = false): Promise<never> {
  const url = await facebookAuthorizeUrl(purpose, rerequest);
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch {
    // Storage refused (private mode): the return still signs in, to the home page.
  }
  return leaveFor(url);
}

/** The page intent that sends the browser to Facebook (app/features/auth/facebook-button.tsx). */
export const FACEBOOK_INTENT = 'facebook';

/**
 * A guest page's clientAction handlers for its Facebook button: `pending` is what the page knows
 * of the way back (sign-in's return URL, sign-up's coupon); `rerequest` asks again for the email
 * permission the person declined.
 */
export const facebookIntents = (purpose: FacebookPurpose, pending: Pending) => ({
  [FACEBOOK_INTENT]: (form: FormData) => startFacebook(purpose, pending, form.get('rerequest') === 'true'),
});

/** The problem a page's address names (`?facebook=…`), if it is one. */
export function facebookProblemOf(url: string): FacebookProblem | null {
  const value = new URL(url, 'http://app.invalid').searchParams.get(PROBLEM_PARAM);
  return FACEBOOK_PROBLEMS.find((problem) => problem === value) ?? null;
}

/** `path` with `problem` named in its address, or as it is without one. */
export function withFacebookProblem(path: string, problem: FacebookProblem | null): string {
  if (!problem) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${PROBLEM_PARAM}=${problem}`;
}

/** `url` (a path with its query) without the problem: the page once its dialog is closed. */
export function withoutFacebookProblem(url: string): string {
  const parsed = new URL(url, 'http://app.invalid');
  parsed.searchParams.delete(PROBLEM_PARAM);
  return `${parsed.pathname}${parsed.search}`;
}

export interface FacebookOutcome {
  signedIn: boolean;
  newAccount: boolean;
  returnUrl: string;
  coupon: string | undefined;
  problem: FacebookProblem | null;
}

/**
 * Finishes a return: signed in (or up); or not, with the reason said (a snackbar) or left as a
 * problem for the page to show.
 */
export async function finishFacebook(purpose: FacebookPurpose, query: URLSearchParams): Promise<FacebookOutcome> {
  const pending = readPending();
  sessionStorage.removeItem(PENDING_KEY);
  const result: FacebookOutcome = {
    signedIn: false,
    newAccount: false,
    returnUrl: safeReturnUrl(pending.returnUrl ?? null),
    coupon: pending.coupon,
    problem: null,
  };
  const code = query.get('code');
  const state = query.get('state');
  if (query.get('error') !== null || !code || !state) {
    snackbar.show(query.get('error') === 'access_denied' ? 'facebook.declined' : 'facebook.error', 'error');
    return result;
  }
  // The email must be among the granted scopes; without it, say so and offer to grant it.
  const granted = (query.get('granted_scopes') ?? '').split(',');
  if (!granted.includes('email')) return { ...result, problem: 'emailMissing' };
  const body = { code, state, redirect_uri: `${window.location.origin}${OAUTH_RETURN_PATHS[RETURN_OF[purpose]]}` };
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
      return { ...result, problem: 'notLinked' };
    }
    if (error instanceof HttpError && error.fieldErrors.email?.length) {
      // Sign-up: the address belongs to an account this Facebook account is not connected to
      // (Facebook withholding it is caught above, from the granted scopes). Said above the form,
      // with the ways to sign in.
      return { ...result, problem: 'emailTaken' };
    }
    if (purpose === 'sign-up' && error instanceof HttpError && error.body?.message) {
      // A Facebook sign-up refused with a message shows that message.
      snackbar.show({ text: error.body.message }, 'error');
    } else {
      snackbar.show('facebook.error', 'error');
    }
    return result;
  }
}
