import * as operationContract from '~contract/operation';
import type { Operation, OperationInput, ResponseBody } from '~contract/operation';

/**
 * The one HTTP client (docs/decisions/002-session-and-http-client.md). It owns the headers, the
 * bearer token, single-flight refresh on 401, the count of requests in flight, and turning
 * every failure into an `HttpError` or `OfflineError` that routes can show. It knows nothing
 * of React or Remix: what happens when a session expires is injected by `api.ts`, and what a
 * route does with a failure is `route-errors.ts`'s business.
 */

export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message?: string; errors?: FieldErrors } | null,
    /**
     * A 401 on a call made on behalf of a session (one that refreshes on 401): the session is
     * over, or there never was one. A 401 on a credentials call (sign-in) is a refusal instead.
     */
    readonly sessionExpired = false,
    /** The API's id for this request (X-Request-Id): what support finds the request by in the logs. */
    readonly requestId: string | null = null,
    /** The answer's status text ("Forbidden"); empty over HTTP/2, which has none. */
    readonly statusText = '',
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

/**
 * An admin acting as a user ("login as user"): while `get` gives a token, every request carries
 * it instead of the session's own. It is never refreshed (the refresh cookie is the admin's, and
 * a refresh would silently make the rest of the page the admin's): a 401 for it means the
 * impersonation is over (ended, expired, or the admin's own session ended), and `onEnded` takes
 * the page back to the admin. Whatever it returns is awaited before the 401 is thrown: the app's
 * never settles, as the page is being replaced.
 */
export interface ImpersonationSlot {
  get(): string | null;
  onEnded(): void | Promise<void>;
}

export interface HttpClientOptions {
  baseUrl: string;
  tokenStore: TokenStore;
  /** Exchanges the refresh cookie for a new access token; resolves null when refused. */
  refreshAccessToken: (client: HttpClient) => Promise<string | null>;
  /** The session is over; `refusal` is the refresh's refused answer (an HttpError), which may say why. */
  onSessionExpired?: (refusal?: unknown) => void;
  onOffline?: () => void;
  /**
   * An answer arrived to a request sent after the last one that found no connection: the
   * connection is back, and whatever said it was gone is stale. Told once after each loss.
   */
  onOnline?: () => void;
  /**
   * Told when a request that counts for the global loading indicator starts and ends (the
   * shell's overlay keeps the count and its countdown).
   */
  loading?: { start(): void; end(): void };
  /**
   * Runs the refresh exclusively across every tab of this origin (Web Locks in the browser).
   * The server revokes a refresh family when one cookie is spent twice, so two tabs must never
   * refresh at once; the second one finds the first one's new token instead.
   */
  exclusive?: <T>(task: () => Promise<T>) => Promise<T>;
  impersonation?: ImpersonationSlot;
  /** The current UI language, sent as Accept-Language. */
  language?: () => string;
  /** The page's live socket, sent as X-Socket-ID: the API tells this page nothing it did itself. */
  socketId?: () => string | undefined;
  fetch?: typeof fetch;
}

/** What each feature call declares about itself. */
export interface CallOptions {
  /**
   * Whether a 401 means an expired access token to refresh and retry with (the default). The
   * credentials calls (sign-in, sign-up, reset, forgot) say false: they are never retried,
   * and their 401 is a refusal, not an expired session.
   */
  refreshOn401?: boolean;
  /**
   * Whether the global loading indicator waits for this call (the default). Background calls
   * (images, comments, assets, insights, users, ads, v2:
   * docs/product.md#startup-and-the-loading-indicator) say false.
   */
  countsForLoading?: boolean;
  signal?: AbortSignal;
}

export interface RequestOptions extends CallOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
}

/** The parts of a request a contract operation leaves open, typed by its schemas. */
export type CallInput<Op extends Operation> = OperationInput<Op>;

export type HttpClient = ReturnType<typeof createHttpClient>;

export function createHttpClient(options: HttpClientOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let refreshInFlight: Promise<string | null> | null = null;
  // Requests are numbered as they leave. An answer proves the connection back only for a request
  // sent after the failure: one sent before it may still answer from a connection already lost.
  let sent = 0;
  let lostAfter: number | null = null;

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
    const socketId = options.socketId?.();
    if (socketId) headers['X-Socket-ID'] = socketId;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const number = ++sent;
    try {
      const response = await doFetch(buildUrl(path, init.query), {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        credentials: 'include',
        signal: init.signal,
      });
      if (lostAfter !== null && number > lostAfter) {
        lostAfter = null;
        options.onOnline?.();
      }
      return response;
    } catch (error) {
      if (init.signal?.aborted) throw error;
      lostAfter = sent;
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
      let refusal: unknown;
      const attempt = exclusive(async () => {
        // Another tab may have refreshed while this one waited for the lock.
        const current = options.tokenStore.get();
        if (current && current !== staleToken) return current;
        const token = await options.refreshAccessToken(client).catch((error: unknown) => {
          // Without a network the session is not over: the caller hears it is offline.
          if (error instanceof OfflineError) throw error;
          refusal = error;
          return null;
        });
        // Stored before the lock is released, so the next tab in line sees it.
        options.tokenStore.set(token);
        return token;
      })
        .then((token) => {
          if (!token) options.onSessionExpired?.(refusal);
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
    const counted = init.countsForLoading !== false;
    if (counted) options.loading?.start();
    try {
      return await requestWithRefresh<T>(method, path, init);
    } finally {
      if (counted) options.loading?.end();
    }
  }

  async function requestWithRefresh<T>(method: string, path: string, init: RequestOptions): Promise<T> {
    const refreshes = init.refreshOn401 !== false;
    const acting = options.impersonation?.get();
    if (acting) {
      const response = await send(method, path, init, acting);
      if (response.status === 401 && refreshes) await options.impersonation?.onEnded();
      return parse<T>(response, refreshes);
    }
    // A request never leaves with a token that a refresh in flight is about to replace.
    if (refreshInFlight && refreshes) await refreshInFlight;
    const sentToken = options.tokenStore.get();
    let response = await send(method, path, init, sentToken);

    // Only a request that carried a token can have an expired session behind it.
    if (response.status === 401 && sentToken && refreshes) {
      const current = options.tokenStore.get();
      // Another caller may already have refreshed while this request was out.
      const token = current && current !== sentToken ? current : await refreshOnce(sentToken);
      if (token && token !== sentToken) response = await send(method, path, init, token);
    }
    return parse<T>(response, refreshes);
  }

  async function parse<T>(response: Response, sessionCall = false): Promise<T> {
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
      throw new HttpError(
        response.status,
        body as HttpError['body'],
        response.status === 401 && sessionCall,
        response.headers.get('x-request-id'),
        response.statusText,
      );
    }
    return body as T;
  }

  const client = {
    request,
    /**
     * Calls a contract operation (`contract/*.ts`): method and path come from it, and the
     * answer is typed by its success response. The way feature modules talk to the API.
     */
    call: <Op extends Operation>(operation: Op, input: CallInput<Op> = {}, callOptions: CallOptions = {}) =>
      request<ResponseBody<Op>>(
        operation.method,
        operationContract.fillPath(operation.path, input.params as Record<string, string>),
        {
          ...callOptions,
          query: input.query as RequestOptions['query'],
          body: input.body,
        },
      ),
    /** Sends without the 401 handling or the loading count: for the refresh call itself. */
    raw: <T>(method: string, path: string, init: RequestOptions = {}) =>
      send(method, path, init, null).then((response) => parse<T>(response)),
  };
  return client;
}
