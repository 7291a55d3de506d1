import { redirect } from '@remix-run/react';
import { HttpError } from './http';
import { pathOf, paths } from './paths';

/**
 * What a clientLoader does with an API failure (DESIGN.md): a 401 that survived the refresh
 * sends the user to sign in and back, a 503 to the maintenance page; anything else goes on to
 * the route's ErrorBoundary.
 */
export function redirectOnApiError(
  error: unknown,
  request: Request,
  options: { unauthenticated?: 'redirect' | 'ignore' } = {},
): void {
  if (error instanceof HttpError) {
    if (error.status === 401) {
      if (options.unauthenticated === 'ignore') return;
      throw redirect(paths.login(pathOf(request)));
    }
    if (error.status === 503) throw redirect(paths.maintenance());
  }
  throw error;
}
