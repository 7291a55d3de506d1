// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as coupons from '~contract/coupons';
import { createHttpClient, HttpError, OfflineError, type HttpClient, type TokenStore } from './http';

function memoryTokenStore(initial: string | null): TokenStore {
  let token = initial;
  return { get: () => token, set: (next) => void (token = next) };
}

/** What the app's refresh does: POST the refresh endpoint, read the new token. */
const refreshViaApi = async (http: HttpClient) =>
  (await http.raw<{ access_token: string }>('POST', '/v1.0/auth/refresh')).access_token;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * A server where only `valid` is accepted. Every answer waits 5 ms of the test's fake clock
 * (`settled` runs it), so requests started together are in flight together, and a request
 * started while a refresh is out finds it still out.
 */
function fakeServer(options: { valid: () => string; refresh: () => Promise<Response> }) {
  const calls: Array<{ url: string; auth: string | null }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const auth = new Headers(init?.headers).get('Authorization');
    calls.push({ url, auth });
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (url.endsWith('/auth/refresh')) return options.refresh();
    if (url.endsWith('/auth/login')) return json(401, { message: 'These credentials do not match our records.' });
    return auth === `Bearer ${options.valid()}`
      ? json(200, { ok: true, url })
      : json(401, { message: 'Unauthenticated.' });
  });
  return { fetch, calls };
}

/** What `work` comes to, once the fake clock has run until the server has answered everything. */
async function settled<T>(work: Promise<T>): Promise<T> {
  const outcome = work.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  await vi.runAllTimersAsync();
  const result = await outcome;
  if (!result.ok) throw result.error;
  return result.value;
}

// Only the server's waits are on the fake clock: the rest of the client's work is promises.
beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => void vi.useRealTimers());

function setup(refresh: (calls: number) => Promise<Response>) {
  const tokens = memoryTokenStore('old');
  let current = 'old-but-expired';
  let refreshCalls = 0;
  const server = fakeServer({
    valid: () => current,
    refresh: async () => {
      refreshCalls++;
      const response = await refresh(refreshCalls);
      if (response.ok) current = 'new';
      return response;
    },
  });
  const onSessionExpired = vi.fn();
  const client = createHttpClient({
    baseUrl: 'http://api.test',
    tokenStore: tokens,
    fetch: server.fetch as unknown as typeof fetch,
    onSessionExpired,
    refreshAccessToken: refreshViaApi,
  });
  return { client, tokens, server, onSessionExpired, refreshCount: () => refreshCalls };
}

describe('single-flight refresh', () => {
  it('50 concurrent 401s cause exactly one refresh, and each request is retried once', async () => {
    const { client, server, tokens, refreshCount, onSessionExpired } = setup(async () =>
      json(200, { access_token: 'new' }),
    );
    const results = await settled(
      Promise.all(
        Array.from({ length: 50 }, (_, index) => client.request<{ ok: boolean }>('GET', `/v1.0/items/${index}`)),
      ),
    );

    expect(results.every((result) => result.ok)).toBe(true);
    expect(refreshCount()).toBe(1);
    expect(tokens.get()).toBe('new');
    expect(onSessionExpired).not.toHaveBeenCalled();
    for (let index = 0; index < 50; index++) {
      const sent = server.calls.filter((call) => call.url.endsWith(`/v1.0/items/${index}`));
      expect(sent.map((call) => call.auth)).toEqual(['Bearer old', 'Bearer new']);
    }
  });

  it('a request started while a refresh runs waits for it instead of using the old token', async () => {
    const { client, server, refreshCount } = setup(async () => json(200, { access_token: 'new' }));
    const first = client.request('GET', '/v1.0/first');
    // The first answer (a 401) comes: the refresh goes out, and its answer is not in yet.
    await vi.advanceTimersByTimeAsync(5);
    expect(server.calls.map((call) => call.url)).toEqual([
      'http://api.test/v1.0/first',
      'http://api.test/v1.0/auth/refresh',
    ]);
    await settled(Promise.all([client.request('GET', '/v1.0/late'), first]));
    expect(server.calls.filter((call) => call.url.endsWith('/v1.0/late')).map((call) => call.auth)).toEqual([
      'Bearer new',
    ]);
    expect(refreshCount()).toBe(1);
  });

  it('a failed refresh logs out once and every waiting request fails with 401', async () => {
    const { client, tokens, refreshCount, onSessionExpired, server } = setup(async () =>
      json(401, { message: 'Unauthenticated.' }),
    );
    const results = await settled(
      Promise.allSettled(Array.from({ length: 20 }, (_, index) => client.request('GET', `/v1.0/items/${index}`))),
    );

    expect(results.every((result) => result.status === 'rejected' && (result.reason as HttpError).status === 401)).toBe(
      true,
    );
    expect(refreshCount()).toBe(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(tokens.get()).toBeNull();
    // Nothing was retried with the refused token.
    expect(server.calls.filter((call) => call.url.includes('/items/')).length).toBe(20);
  });

  it('a refused refresh hands its answer to onSessionExpired, which may say why the session ended', async () => {
    const why = {
      message: 'This session ended because the account’s email address was changed.',
      ended: 'emailChanged',
    };
    const { client, onSessionExpired } = setup(async () => json(401, why));
    await settled(client.request('GET', '/v1.0/items/1').catch(() => undefined));
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    const [refusal] = onSessionExpired.mock.calls[0]!;
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).body).toEqual(why);
  });

  it('a refused sign-in (a call that does not refresh on 401) is never retried and never refreshes', async () => {
    const { client, refreshCount, server } = setup(async () => json(200, { access_token: 'new' }));
    const refused = settled(
      client.request('POST', '/v1.0/auth/login', {
        body: { email: 'a@b.co', password: 'x' },
        refreshOn401: false,
      }),
    );
    await expect(refused).rejects.toMatchObject({ status: 401, sessionExpired: false });
    expect(refreshCount()).toBe(0);
    expect(server.calls).toHaveLength(1);
  });

  it('a call whose path merely contains auth/login (impersonation) refreshes like any other', async () => {
    const { client, refreshCount, server } = setup(async () => json(200, { access_token: 'new' }));
    const answer = await settled(
      client.request<{ ok: boolean }>('POST', '/v1.0/auth/login-as-user', { body: { id: 'x' } }),
    );
    expect(answer.ok).toBe(true);
    expect(refreshCount()).toBe(1);
    expect(server.calls.filter((call) => call.url.endsWith('/auth/login-as-user')).map((call) => call.auth)).toEqual([
      'Bearer old',
      'Bearer new',
    ]);
  });

  it('a 401 that survives the refresh is marked as an ended session', async () => {
    const { client } = setup(async () => json(401, { message: 'Unauthenticated.' }));
    await expect(settled(client.request('GET', '/v1.0/items/1'))).rejects.toMatchObject({
      status: 401,
      sessionExpired: true,
    });
  });

  it('a guest request (no token) that gets 401 does not try to refresh', async () => {
    const { client, tokens, refreshCount } = setup(async () => json(200, { access_token: 'new' }));
    tokens.set(null);
    await expect(settled(client.request('GET', '/v1.0/items/1'))).rejects.toBeInstanceOf(HttpError);
    expect(refreshCount()).toBe(0);
  });

  it('a later refresh after the first one finished runs again', async () => {
    const { client, tokens, refreshCount } = setup(async () => json(200, { access_token: 'new' }));
    await settled(client.request('GET', '/v1.0/items/1'));
    tokens.set('old');
    await settled(client.request('GET', '/v1.0/items/2'));
    expect(refreshCount()).toBe(2);
  });
});

describe('refresh without a network', () => {
  it('keeps the session and reports offline instead of expiring it', async () => {
    const tokens = memoryTokenStore('old');
    const onSessionExpired = vi.fn();
    const client = createHttpClient({
      baseUrl: '',
      tokenStore: tokens,
      fetch: (async (input: RequestInfo | URL) => {
        if (String(input).endsWith('/auth/refresh')) throw new TypeError('Failed to fetch');
        return json(401, { message: 'Unauthenticated.' });
      }) as unknown as typeof fetch,
      onSessionExpired,
      refreshAccessToken: refreshViaApi,
    });
    await expect(client.request('GET', '/v1.0/items')).rejects.toBeInstanceOf(OfflineError);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(tokens.get()).toBe('old');
  });
});

describe('refresh across tabs', () => {
  it('two tabs meeting 401 at once spend the refresh cookie once', async () => {
    // Two clients (two tabs) share the token storage and one lock, as localStorage and Web
    // Locks are shared by the tabs of an origin.
    const shared = memoryTokenStore('old');
    let valid = 'current';
    let refreshCalls = 0;
    let queue = Promise.resolve();
    const exclusive = <T>(task: () => Promise<T>) => {
      const run = queue.then(task);
      queue = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    };
    const server = fakeServer({
      valid: () => valid,
      refresh: async () => {
        refreshCalls++;
        valid = `new-${refreshCalls}`;
        return json(200, { access_token: valid });
      },
    });
    const tab = () =>
      createHttpClient({
        baseUrl: 'http://api.test',
        tokenStore: shared,
        fetch: server.fetch as unknown as typeof fetch,
        exclusive,
        refreshAccessToken: refreshViaApi,
      });
    const [first, second] = [tab(), tab()];
    const results = await settled(
      Promise.all([
        first.request<{ ok: boolean }>('GET', '/v1.0/a'),
        second.request<{ ok: boolean }>('GET', '/v1.0/b'),
      ]),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    expect(refreshCalls).toBe(1);
    expect(shared.get()).toBe('new-1');
  });
});

describe('requests', () => {
  it('sends the API headers and the bearer token', async () => {
    const fetch = vi.fn(async () => json(200, {}));
    const client = createHttpClient({
      baseUrl: 'http://api.test',
      tokenStore: memoryTokenStore('t0k'),
      fetch: fetch as unknown as typeof globalThis.fetch,
      language: () => 'it',
      refreshAccessToken: async () => null,
    });
    await client.request('POST', '/v1.0/things', { body: { a: 1 }, query: { page: 2, search: '' } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api.test/v1.0/things?page=2');
    const headers = new Headers(init.headers);
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Cache-Control')).toBe('no-cache');
    expect(headers.get('Authorization')).toBe('Bearer t0k');
    expect(headers.get('Accept-Language')).toBe('it');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('X-App-Url')).toBe(window.location.origin);
    expect(init.body).toBe('{"a":1}');
  });

  it("names the page's live socket (X-Socket-ID) while it has one, and nothing before", async () => {
    const fetch = vi.fn(async () => json(200, {}));
    const socket: { id?: string } = {};
    const client = createHttpClient({
      baseUrl: '',
      tokenStore: memoryTokenStore('t0k'),
      fetch: fetch as unknown as typeof globalThis.fetch,
      socketId: () => socket.id,
      refreshAccessToken: async () => null,
    });
    const sent = (call: number) =>
      new Headers((fetch.mock.calls[call] as unknown as [string, RequestInit])[1].headers).get('X-Socket-ID');
    await client.request('PATCH', '/v1.0/things/1', { body: { isBookmarked: true } });
    expect(sent(0)).toBeNull();
    socket.id = '1234.5678';
    await client.request('PATCH', '/v1.0/things/1', { body: { isBookmarked: false } });
    expect(sent(1)).toBe('1234.5678');
  });

  it('turns a network failure into OfflineError and tells the app', async () => {
    const onOffline = vi.fn();
    const client = createHttpClient({
      baseUrl: '',
      tokenStore: memoryTokenStore(null),
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
      onOffline,
      refreshAccessToken: async () => null,
    });
    await expect(client.request('GET', '/v1.0/x')).rejects.toBeInstanceOf(OfflineError);
    expect(onOffline).toHaveBeenCalledTimes(1);
  });

  it('tells the app the connection is back once, by an answer to a request sent after the loss', async () => {
    const onOnline = vi.fn();
    const pending: Array<{ ok: (response: Response) => void; lost: (error: Error) => void }> = [];
    const client = createHttpClient({
      baseUrl: '',
      tokenStore: memoryTokenStore(null),
      fetch: (() => new Promise<Response>((ok, lost) => pending.push({ ok, lost }))) as unknown as typeof fetch,
      onOffline: () => {},
      onOnline,
      refreshAccessToken: async () => null,
    });
    const sentBefore = client.request('GET', '/v1.0/a');
    const failed = client.request('GET', '/v1.0/b');
    pending[1]!.lost(new TypeError('Failed to fetch'));
    await expect(failed).rejects.toBeInstanceOf(OfflineError);
    // Sent before the loss: its answer says nothing of the connection now.
    pending[0]!.ok(json(200, {}));
    await sentBefore;
    expect(onOnline).not.toHaveBeenCalled();
    const sentAfter = client.request('GET', '/v1.0/c');
    pending[2]!.ok(json(200, {}));
    await sentAfter;
    expect(onOnline).toHaveBeenCalledTimes(1);
    const next = client.request('GET', '/v1.0/d');
    pending[3]!.ok(json(200, {}));
    await next;
    expect(onOnline).toHaveBeenCalledTimes(1);
  });

  it('reads 422 field errors, and a body that is not JSON as the message', async () => {
    const answers = [
      json(422, { message: 'The given data was invalid.', errors: { email: ['Taken.'] } }),
      new Response('Service Unavailable', { status: 503 }),
    ];
    const client = createHttpClient({
      baseUrl: '',
      tokenStore: memoryTokenStore(null),
      fetch: (async () => answers.shift()!) as unknown as typeof fetch,
      refreshAccessToken: async () => null,
    });
    const invalid = await client
      .request('POST', '/v1.0/auth/register', { body: {} })
      .catch((error: HttpError) => error);
    expect(invalid).toBeInstanceOf(HttpError);
    expect((invalid as HttpError).fieldErrors).toEqual({ email: ['Taken.'] });
    await expect(client.request('GET', '/v1.0/x')).rejects.toMatchObject({
      status: 503,
      message: 'Service Unavailable',
    });
  });

  it('calls a contract operation by its method and path, with its params filled in', async () => {
    const fetch = vi.fn(async () => json(200, { coupon: { code: 'a b', discountPercent: 1, durationMonths: 1 } }));
    const client = createHttpClient({
      baseUrl: 'http://api.test',
      tokenStore: memoryTokenStore(null),
      fetch: fetch as unknown as typeof globalThis.fetch,
      refreshAccessToken: async () => null,
    });
    const answer = await client.call(coupons.showCoupon, { params: { code: 'a b/c' } });
    expect(answer.coupon.code).toBe('a b');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api.test/v1.0/coupons/a%20b%2Fc');
    expect(init.method).toBe('GET');
  });
});

describe('loading count', () => {
  function countingClient(answer: () => Promise<Response>) {
    let inFlight = 0;
    const seen: number[] = [];
    const client = createHttpClient({
      baseUrl: '',
      tokenStore: memoryTokenStore(null),
      fetch: answer as unknown as typeof fetch,
      refreshAccessToken: async () => null,
      loading: {
        start: () => seen.push(++inFlight),
        end: () => seen.push(--inFlight),
      },
    });
    return { client, seen, inFlight: () => inFlight };
  }

  it('counts each call that counts for loading, until it ends, failures included', async () => {
    const { client, seen, inFlight } = countingClient(async () => json(500, { message: 'Server error.' }));
    await Promise.allSettled([client.request('GET', '/v1.0/a'), client.request('GET', '/v1.0/b')]);
    expect(seen).toEqual([1, 2, 1, 0]);
    expect(inFlight()).toBe(0);
  });

  it('leaves out the calls that say they do not count (background data)', async () => {
    const { client, seen } = countingClient(async () => json(200, {}));
    await client.request('GET', '/v1.0/comments', { countsForLoading: false });
    expect(seen).toEqual([]);
  });
});
