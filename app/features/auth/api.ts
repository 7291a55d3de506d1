import { api } from '~/lib/api';
import { queryClient } from '~/lib/query-client';
import { tokenStore } from '~/lib/session';
import type { Language } from '~/lib/env';

export interface User {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: 'user' | 'admin';
  plan: { id: string; label: string };
  language: Language;
  redeemedCoupons: string[];
  createdAt: string;
}

interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  user: User;
}

export const meQueryKey = ['auth', 'me'] as const;

/** Stores a fresh session: the token for the client, the user for the cache. */
function startSession(answer: TokenAnswer): User {
  // Nothing cached for a previous user may show through to this one.
  queryClient.clear();
  tokenStore.set(answer.access_token);
  queryClient.setQueryData(meQueryKey, answer.user);
  return answer.user;
}

export async function signIn(credentials: { email: string; password: string }) {
  return startSession(await api.post<TokenAnswer>('/v1.0/auth/login', credentials));
}

export async function signUp(details: {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  language: Language;
}) {
  return startSession(await api.post<TokenAnswer>('/v1.0/auth/register', details));
}

export async function signOut() {
  try {
    await api.post<void>('/v1.0/auth/logout');
  } finally {
    // Even if the server is unreachable, this browser forgets the session.
    tokenStore.set(null);
    queryClient.clear();
  }
}

export function forgotPassword(body: { email: string }) {
  return api.post<{ message: string }>('/v1.0/auth/forgot', body);
}

export function resetPassword(body: { email: string; password: string; token: string }) {
  return api.post<{ message: string }>('/v1.0/auth/reset', body);
}

export function redeemCoupon(coupon: string) {
  return api.post<{ coupon: { code: string } }>('/v1.0/coupons/redeem', { coupon });
}

export async function updateLanguage(language: Language) {
  const { user } = await api.patch<{ user: User }>('/v1.0/auth/me', { language });
  queryClient.setQueryData(meQueryKey, user);
  return user;
}

/**
 * The signed-in user, or null for a guest. Cached (spec stale time); a 401 that survives the
 * refresh is rethrown for the guard to turn into a redirect.
 */
export async function getCurrentUser(): Promise<User | null> {
  if (!tokenStore.get()) return null;
  return queryClient.ensureQueryData({
    queryKey: meQueryKey,
    queryFn: async () => (await api.get<{ user: User }>('/v1.0/auth/me')).user,
  });
}
