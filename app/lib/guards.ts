import { redirect } from '@remix-run/react';
import { getCurrentUser, type User } from '~/features/auth/api';
import { pathOf, paths } from './paths';
import { redirectOnApiError } from './route-errors';

/**
 * Guards are plain functions called first in a clientLoader; they throw a redirect.
 */

/** Signed-in users only; a guest goes to sign in, and comes back here afterwards. */
export async function requireUser(request: Request): Promise<User> {
  let user: User | null = null;
  try {
    user = await getCurrentUser();
  } catch (error) {
    redirectOnApiError(error, request);
  }
  if (!user) throw redirect(paths.login(pathOf(request)));
  return user;
}

/** Guests only (sign-in, sign-up, password recovery): a signed-in user goes home. */
export async function requireGuest(request: Request): Promise<void> {
  let user: User | null = null;
  try {
    user = await getCurrentUser();
  } catch (error) {
    redirectOnApiError(error, request, { unauthenticated: 'ignore' });
  }
  if (user) throw redirect(paths.home());
}

/** Admins only; a signed-in user without the role sees the not-found page. */
export async function requireAdmin(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (user.role !== 'admin') throw new Response('Not Found', { status: 404 });
  return user;
}
