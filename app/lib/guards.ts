import { redirect } from '@remix-run/react';
import { getCurrentUser, type User } from '~/features/auth/api';
import { pathOf, paths } from './paths';
import { redirectOnApiError } from './route-errors';

/**
 * Guards are plain functions called first in a clientLoader; they throw a redirect.
 */

/**
 * The signed-in user, or null for a guest. A session that could not be refreshed (401) is a
 * guest too; a 503 redirects to maintenance, and anything else goes to the ErrorBoundary.
 */
export async function loadCurrentUser(request: Request): Promise<User | null> {
  try {
    return await getCurrentUser();
  } catch (error) {
    redirectOnApiError(error, request, { unauthenticated: 'ignore' });
    return null;
  }
}

/** Signed-in users only; a guest goes to sign in, and comes back here afterwards. */
export async function requireUser(request: Request): Promise<User> {
  const user = await loadCurrentUser(request);
  if (!user) throw redirect(paths.login(pathOf(request)));
  return user;
}

/** Guests only (sign-in, sign-up, password recovery): a signed-in user goes home. */
export async function requireGuest(request: Request): Promise<void> {
  if (await loadCurrentUser(request)) throw redirect(paths.home());
}

/** Admins only; a signed-in user without the role sees the not-found page. */
export async function requireAdmin(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (user.role !== 'admin') throw new Response('Not Found', { status: 404 });
  return user;
}
