/**
 * The one HTTP client (DESIGN.md "Auth and the HTTP layer"). It owns the spec's headers, the
 * bearer token, single-flight refresh on 401, and turning every failure into an `HttpError`
 * or `OfflineError` that routes can show. It knows nothing of React or Remix: what happens
 * when a session expires or the backend is in maintenance is injected by `api.ts`.
 */

export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message?: string; errors?: FieldErrors } | null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'HttpError';
  }

  get fieldErrors(): FieldErrors {
    return this.body?.errors ?? {};
  }
}

/** The request never reached the server (no network, DNS, refused connection). */
export class OfflineError extends Error {
  constructor() {
    super('No Internet Connection');
    this.name = 'OfflineError';
  }
}

export interface TokenStore {
  get(): string | null;
  set(token: string | null): void;
}

export interface HttpClientOptions {
  baseUrl: string;
  tokenStore: TokenStore;
  /** Exchanges the refresh cookie for a new access token; resolves null when refused. */
  refreshAccessToken: (client: HttpClient) => Promise<string | null>;
  onSessionExpired?: () => void;
  onMaintenance?: () => void;
  onOffline?: () => void;
  /**
   * Runs the refresh exclusively across every tab of this origin (Web Locks in the browser).
   * The server revokes a refresh family when one cookie is spent twice, so two tabs must never
   * refresh at once; the second one finds the first one's new token instead.
   */
  exclusive?: <T>(task: () => Promise<T>) => Promise<T>;
  /** The current UI language, sent as Accept-Language. */
  language?: () => string;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

/** Requests the spec says are never retried after a refused answer (and the refresh itself). */
const NEVER_RETRIED = ['auth/login', 'auth/register', 'auth/reset', 'auth/forgot', 'auth/refresh'];

export function isRetryableAfter401(path: string): boolean {
  return !NEVER_RETRIED.some((fragment) => path.includes(fragment));
}

export type HttpClient = ReturnType<typeof createHttpClient>;

export function createHttpClient(options: HttpClientOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let refreshInFlight: Promise<string | null> | null = null;

  function buildUrl(path: string, query?: RequestOptions['query']): string {
    const url = `${options.baseUrl}${path}`;
    if (!query) return url;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') params.set(key, String(value));
    }
    const search = params.toString();
    return search ? `${url}?${search}` : url;
  }

  async function send(method: string, path: string, init: RequestOptions, token: string | null) {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
    };
    if (typeof window !== 'undefined') headers['X-App-Url'] = window.location.origin;
    if (options.language) headers['Accept-Language'] = options.language();
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await doFetch(buildUrl(path, init.query), {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        credentials: 'include',
        signal: init.signal,
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      options.onOffline?.();
      throw new OfflineError();
    }
  }

  /**
   * One refresh for everybody: callers that meet a 401 while a refresh runs share its promise.
   * The promise is released only if it is still the current one, so a late `finally` never
   * clears a newer refresh.
   */
  function refreshOnce(staleToken: string): Promise<string | null> {
    if (!refreshInFlight) {
      const exclusive = options.exclusive ?? ((task) => task());
      const attempt = exclusive(async () => {
        // Another tab may have refreshed while this one waited for the lock.
        const current = options.tokenStore.get();
        if (current && current !== staleToken) return current;
        const token = await options.refreshAccessToken(client).catch((error: unknown) => {
          // Without a network the session is not over: the caller hears it is offline.
          if (error instanceof OfflineError) throw error;
          return null;
        });
        // Stored before the lock is released, so the next tab in line sees it.
        options.tokenStore.set(token);
        return token;
      })
        .then((token) => {
          if (!token) options.onSessionExpired?.();
          return token;
        })
        .finally(() => {
          if (refreshInFlight === attempt) refreshInFlight = null;
        });
      refreshInFlight = attempt;
    }
    return refreshInFlight;
  }

  async function request<T>(method: string, path: string, init: RequestOptions = {}): Promise<T> {
    // A request never leaves with a token that a refresh in flight is about to replace.
    if (refreshInFlight && isRetryableAfter401(path)) await refreshInFlight;
    const sentToken = options.tokenStore.get();
    let response = await send(method, path, init, sentToken);

    // Only a request that carried a token can have an expired session behind it.
    if (response.status === 401 && sentToken && isRetryableAfter401(path)) {
      const current = options.tokenStore.get();
      // Another caller may already have refreshed while this request was out.
      const token = current && current !== sentToken ? current : await refreshOnce(sentToken);
      if (token && token !== sentToken) response = await send(method, path, init, token);
    }
    return parse<T>(response);
  }

  async function parse<T>(response: Response): Promise<T> {
    const text = await response.text();
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = { message: text.slice(0, 500) };
      }
    }
    if (!response.ok) {
      if (response.status === 503) options.onMaintenance?.();
      throw new HttpError(response.status, body as HttpError['body']);
    }
    return body as T;
  }

  const client = {
    request,
    get: <T>(path: string, init?: RequestOptions) => request<T>('GET', path, init),
    post: <T>(path: string, body?: unknown, init?: RequestOptions) => request<T>('POST', path, { ...init, body }),
    patch: <T>(path: string, body?: unknown, init?: RequestOptions) => request<T>('PATCH', path, { ...init, body }),
    delete: <T>(path: string, init?: RequestOptions) => request<T>('DELETE', path, init),
    /** Sends without the 401 handling: for the refresh call itself. */
    raw: <T>(method: string, path: string, init: RequestOptions = {}) =>
      send(method, path, init, null).then((response) => parse<T>(response)),
  };
  return client;
}
