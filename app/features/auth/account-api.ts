import * as userAccount from '~contract/user-account';
import * as auth from '~contract/auth';
import { api } from '~/lib/api';
import { keepInCache } from '~/lib/cache';
import { tokenStore } from '~/lib/session';
import { authKeys, forgetSession } from './api';

/*
 * The account page's calls (docs/product.md#the-account). A module of its own, apart from `api.ts`,
 * so the sign-in screens' first load never carries them (tests/e2e/first-load.spec.ts holds that
 * budget). A wrong password is a 422 on its field; a 401 here is an expired session, refreshed as
 * any.
 */

/** The profile: the names. */
export async function updateProfile(profile: { firstName: string; lastName: string }) {
  const { user } = await api.call(auth.updateMe, { body: profile });
  await keepInCache(authKeys.me(), user);
  return user;
}

/** A new address, with the password: a link goes to it; the user shows the change waiting. */
export async function requestEmailChange(body: { email: string; currentPassword: string }) {
  const { user } = await api.call(userAccount.requestEmailChange, { body });
  await keepInCache(authKeys.me(), user);
  return user;
}

/** The change waiting for its link is dropped; the address stays. */
export async function cancelEmailChange() {
  const { user } = await api.call(userAccount.cancelEmailChange);
  await keepInCache(authKeys.me(), user);
  return user;
}

/** The link's token: the address changes, every other session ends, this one goes on. */
export async function confirmEmailChange(token: string) {
  const answer = await api.call(userAccount.confirmEmailChange, { body: { token } });
  tokenStore.set(answer.access_token);
  await keepInCache(authKeys.me(), answer.user);
  return answer.user;
}

/** A new password: every other session ends, this one goes on with the new tokens. */
export async function changePassword(body: { currentPassword: string; password: string }) {
  const answer = await api.call(userAccount.changePassword, { body });
  tokenStore.set(answer.access_token);
  await keepInCache(authKeys.me(), answer.user);
  return answer.user;
}

/** Every session of the account ends, this one too. */
export async function signOutEverywhere() {
  await api.call(userAccount.logoutEverywhere);
  forgetSession();
}

/** The account goes, with everything it owns; this browser forgets it. */
export async function deleteAccount(password: string) {
  await api.call(userAccount.deleteMe, { body: { password } });
  forgetSession();
}
