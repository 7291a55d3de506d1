import i18next from 'i18next';
import * as auth from '~contract/auth';
import { defaultLanguage, env } from './env';
import { createHttpClient, HttpError } from './http';
import { liveConnection } from './live';
import { loadingCounter } from './loading';
import { forgetSettledQueries } from './cache';
import { paths } from './paths';
import { impersonationStore, tokenStore } from './session';
import { snackbar } from './snackbar';

/**
 * The app's one HTTP client instance; feature modules (`features/<area>/api.ts`) call contract
 * operations through it with `api.call(operation, input, options)`.
 */
export const api = createHttpClient({
  baseUrl: env.apiUrl,
  tokenStore,
  language: () => i18next.resolvedLanguage ?? i18next.language ?? defaultLanguage,
  socketId: liveConnection.socketId,
  refreshAccessToken: async (client) => {
    const answer = await client.raw<{ access_token: string }>(auth.refresh.method, auth.refresh.path);
    return answer.access_token;
  },
  exclusive: <T>(task: () => Promise<T>): Promise<T> =>
    typeof navigator !== 'undefined' && navigator.locks
      ? (navigator.locks.request('auth-refresh', task) as Promise<T>)
      : task(),
  onSessionExpired: (refusal) => {
    // Loaders and actions turn the 401 that follows into a redirect to /login?returnUrl=…
    forgetSettledQueries();
    // Ended by another session's change (the address, the password, "sign out everywhere"): the
    // API says so in the user's language, and the user hears why rather than a bare "expired".
    const body =
      refusal instanceof HttpError ? (refusal.body as { ended?: unknown; message?: unknown } | undefined) : undefined;
    if (body?.ended && typeof body.message === 'string') snackbar.show({ text: body.message }, 'warning');
    else snackbar.show('errors.sessionExpired', 'warning');
  },
  impersonation: {
    get: impersonationStore.get,
    onEnded: () => {
      // Back to the admin's own account, on a fresh page: nothing of the user's may stay in
      // memory, and nothing may be retried as the admin. If the admin's session is over too,
      // the support page sends them to sign in.
      impersonationStore.over();
      liveConnection.close();
      window.location.replace(impersonationStore.takeReturn() ?? paths.adminSupport());
      return new Promise<never>(() => {});
    },
  },
  onOffline: () => snackbar.show('errors.offline', 'error'),
  // Back online, "No Internet Connection" is no longer true: it goes at once, not after its time.
  onOnline: () => snackbar.withdraw('errors.offline'),
  loading: loadingCounter,
});
