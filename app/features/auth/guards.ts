import { redirect } from '@remix-run/react';
import { drafts } from '~/lib/drafts';
import { HttpError } from '~/lib/http';
import { pathOf, paths } from '~/lib/paths';
import { throwRouteError } from '~/lib/route-errors';
import { getCurrentUser, type User } from './api';

/**
 * Guards are plain functions called first in a layout's clientLoader (app/routes.ts); they
 * throw a redirect or a route error response.
 */

/**
 * The signed-in user, or null for a guest. A session that could not be refreshed (401) is a
 * guest too; a 503 goes to maintenance (except on that page itself, which must not redirect to
 * itself forever), and anything else goes to the ErrorBoundary.
 */
export async function loadCurrentUser(request: Request): Promise<User | null> {
  try {
    return await getCurrentUser();
  } catch (error) {
    if (error instanceof HttpError && error.sessionExpired) return null;
    if (error instanceof HttpError && error.status === 503 && new URL(request.url).pathname === paths.maintenance()) {
      return null;
    }
    throwRouteError(error, request);
  }
}

/** Signed-in users only; a guest goes to sign in, and comes back here afterwards. */
export async function requireUser(request: Request): Promise<User> {
  const user = await loadCurrentUser(request);
  if (!user) throw redirect(paths.login(pathOf(request)));
  // What another account typed in this tab is not this one's to see.
  drafts.ownedBy(user._id);
  return user;
}

/** Guests only (sign-in, sign-up, password recovery): a signed-in user goes home. */
export async function requireGuest(request: Request): Promise<void> {
  if (await loadCurrentUser(request)) throw redirect(paths.home());
}

/** Admins only; a signed-in user without the role meets the not-found page. */
export async function requireAdmin(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (user.role !== 'admin') throw new Response('Not Found', { status: 404 });
  return user;
}
