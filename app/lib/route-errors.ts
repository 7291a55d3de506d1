import { isRouteErrorResponse, redirect } from '@remix-run/react';
import { HttpError, OfflineError } from './http';
import { pathOf, paths } from './paths';

/** What a route's error response carries: the API's words, and the reference support can find. */
export interface RouteErrorData {
  message: string;
  requestId: string | null;
}

/**
 * What a clientLoader or clientAction does with an API failure it cannot answer itself
 * (docs/decisions/020-app-shell.md): an ended session sends the user to sign in and back, a 503
 * to the maintenance page (docs/product.md#errors), with where they were, any other HTTP status
 * becomes a route error response with that status for the ErrorBoundary, which words each status
 * its own way and shows the request's id as a reference. Anything else (offline, a bug) goes on to
 * the ErrorBoundary as it is.
 */
export function throwRouteError(error: unknown, request: Request): never {
  if (error instanceof HttpError) {
    if (error.sessionExpired) throw redirect(paths.login(pathOf(request)));
    if (error.status === 503) throw redirect(paths.maintenance(pathOf(request)));
    const data: RouteErrorData = { message: error.message, requestId: error.requestId };
    throw new Response(JSON.stringify(data), {
      status: error.status,
      headers: { 'Content-Type': 'application/json' },
    });
  }
  throw error;
}

/** Whether a route's error is the API's 404: the not-found page, rather than an apology to retry. */
export const isNotFoundResponse = (error: unknown): boolean => isRouteErrorResponse(error) && error.status === 404;

/**
 * The part of a failed change's handling that leaves the page, the same for a form
 * (`replyWithApiError`) and a button (`handleIntents`): an ended session and a 503 as
 * `throwRouteError` sends them, anything not from the API on to the ErrorBoundary. What is left
 * is the API's refusal for the page to say, or `null` when offline (the HTTP client has said so).
 */
export function failureToSay(error: unknown, request: Request): HttpError | null {
  if (error instanceof OfflineError) return null;
  if (!(error instanceof HttpError)) throw error;
  if (error.sessionExpired || error.status === 503) throwRouteError(error, request);
  return error;
}
