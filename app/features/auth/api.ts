import * as auth from '~contract/auth';
import type { User } from '~contract/auth';
import * as coupons from '~contract/coupons';
import type { Language, Theme } from '~contract/fields';
import { api } from '~/lib/api';
import type { CallOptions } from '~/lib/http';
import { liveConnection } from '~/lib/live';
import { cached, forgetCache, invalidate, keepInCache } from '~/lib/cache';
import { drafts } from '~/lib/drafts';
import { impersonationStore, newAccountStore, tokenStore } from '~/lib/session';

export type { User };

/** This feature's cache keys: every query and invalidation names them through here. */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

/** Sign-in, sign-up, forgot and reset: a 401 is a refusal, never an expired session. */
const CREDENTIALS_CALL: CallOptions = { refreshOn401: false };

/** Stores a fresh session: the token for the client, the user for the cache. */
async function startSession(answer: { access_token: string; user: User }): Promise<User> {
  // Nothing cached for a previous user may show through to this one.
  forgetCache();
  tokenStore.set(answer.access_token);
  await keepInCache(authKeys.me(), answer.user);
  return answer.user;
}

export async function signIn(body: { email: string; password: string }) {
  return startSession(await api.call(auth.login, { body }, CREDENTIALS_CALL));
}

export async function signUp(body: {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  language?: Language | undefined;
}) {
  return startSession(await api.call(auth.register, { body }, CREDENTIALS_CALL));
}

/** Facebook's login dialog for signing in or up (a round trip back to /login or /register). */
export async function facebookAuthorizeUrl(purpose: 'sign-in' | 'sign-up', rerequest = false) {
  const body = { purpose, ...(rerequest ? { rerequest: true } : {}) };
  return (await api.call(auth.authorizeFacebookAuth, { body }, CREDENTIALS_CALL)).url;
}

/** Signs in with the code Facebook sent back; a 401 means no user connected that account. */
export async function signInWithFacebook(body: { code: string; state: string; redirect_uri: string }) {
  return startSession(await api.call(auth.facebookLogin, { body }, CREDENTIALS_CALL));
}

export async function signUpWithFacebook(body: {
  code: string;
  state: string;
  redirect_uri: string;
  language?: Language | undefined;
}) {
  const answer = await api.call(auth.facebookRegister, { body }, CREDENTIALS_CALL);
  return { user: await startSession(answer), account: answer.account };
}

/** This browser forgets the session: the live connection, the tokens, everything cached. */
export function forgetSession() {
  liveConnection.close();
  tokenStore.set(null);
  impersonationStore.set(null);
  // A welcome not yet shown was for the account that is leaving.
  newAccountStore.welcomed();
  forgetCache();
  drafts.forget();
}

export async function signOut() {
  try {
    await api.call(auth.logout);
  } finally {
    // Even if the server is unreachable, this browser forgets the session (and an
    // impersonation: signing out while acting as a user signs the admin out).
    forgetSession();
  }
}

export function forgotPassword(body: { email: string }) {
  return api.call(auth.forgot, { body }, CREDENTIALS_CALL);
}

export function resetPassword(body: { email: string; password: string; token: string }) {
  return api.call(auth.reset, { body }, CREDENTIALS_CALL);
}

/** A sign-up link's coupon, if it is one (a 404 if not). */
export async function getCoupon(code: string) {
  return (await api.call(coupons.showCoupon, { params: { code } })).coupon;
}

export async function redeemCoupon(coupon: string) {
  try {
    return await api.call(coupons.redeemCoupon, { body: { coupon } });
  } finally {
    // The cached user no longer lists every coupon it redeemed.
    await invalidate(authKeys.me());
  }
}

export async function updatePreferences(preferences: { language?: Language | undefined; theme?: Theme | undefined }) {
  const { user } = await api.call(auth.updateMe, { body: preferences });
  await keepInCache(authKeys.me(), user);
  return user;
}

/**
 * The signed-in user, or null for a guest. Cached (spec stale time); a 401 that survives the
 * refresh is rethrown for the guard to turn into a redirect.
 */
export async function getCurrentUser(): Promise<User | null> {
  if (!tokenStore.get() && !impersonationStore.get()) return null;
  return cached({
    queryKey: authKeys.me(),
    queryFn: async () => (await api.call(auth.me)).user,
  });
}
