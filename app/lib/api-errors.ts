import { HttpError, OfflineError } from './http';
import { paths } from './paths';
import type { ParseKeys } from 'i18next';
import { planLimitRefusal } from './plan-limits';
import { snackbar, type SnackbarTone } from './snackbar';

/**
 * The words for a failed request nobody else answers (docs/product.md#errors): a 401 is silent
 * (the session handling deals with it), a plan's limit says which plan includes more, any other
 * 403 what the API answered (its message, else the status text), a 422 (and anything else)
 * the joined validation errors, else the API's message, else the error itself serialised.
 * `null`: nothing to say.
 */
export function describeApiError(
  error: unknown,
): { key: ParseKeys; values?: Record<string, string | number> } | { text: string } | null {
  if (error instanceof OfflineError) return { key: 'errors.offline' };
  if (!(error instanceof HttpError)) return { text: error instanceof Error ? error.message : serialise(error) };
  if (error.status === 401) return null;
  // A plan's limit: which plan includes more, in the app's words (not the bare 403's).
  const limit = planLimitRefusal(error);
  if (limit) return limit;
  // A refused change: what the API answered (its message, else the status text). The page-level
  // "You are not allowed to see this page" is the ErrorBoundary's, for a page one may not see.
  if (error.status === 403) {
    const answered = error.body?.message || error.statusText;
    return answered ? { text: answered } : { key: 'errors.refused' };
  }
  const validation = Object.values(error.fieldErrors).flat();
  if (validation.length) return { text: validation.join(' ') };
  if (error.body?.message) return { text: error.body.message };
  return { text: serialise(error.body ?? error.message) };
}

function serialise(value: unknown): string {
  try {
    return typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/**
 * A request that failed where no page is waiting for it (a refetch in the background): an ended
 * session goes to sign-in and a 503 to the maintenance page, as a loader's or an action's would
 * (`throwRouteError`); anything else is said in the one snackbar.
 */
export function reportBackgroundError(error: unknown) {
  const here = `${window.location.pathname}${window.location.search}`;
  if (error instanceof HttpError && error.sessionExpired) {
    if (window.location.pathname !== paths.login()) window.location.assign(paths.login(here));
    return;
  }
  if (error instanceof HttpError && error.status === 503) {
    if (window.location.pathname !== paths.maintenance()) window.location.assign(paths.maintenance(here));
    return;
  }
  const said = describeApiError(error);
  if (!said) return;
  showApiError(said, 'error');
}

/** What `describeApiError` said, in the one snackbar. */
export function showApiError(said: NonNullable<ReturnType<typeof describeApiError>>, tone: SnackbarTone) {
  if ('key' in said) snackbar.show(said.key, tone, { values: said.values ?? {} });
  else snackbar.show({ text: said.text }, tone);
}
