// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, HttpError, type TokenStore } from './http';

function memoryStore(initial: string | null): TokenStore {
  let token = initial;
  return { get: () => token, set: (next) => void (token = next) };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A server accepting the tokens in `valid`; it records what each request carried. */
function setup(options: { own: string | null; acting: string | null; valid: string[] }) {
  const sent: Array<{ url: string; auth: string | null }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const auth = new Headers(init?.headers).get('Authorization');
    sent.push({ url, auth });
    if (url.endsWith('/auth/refresh')) return json(200, { access_token: 'admin-refreshed' });
    return options.valid.some((token) => auth === `Bearer ${token}`)
      ? json(200, { ok: true })
      : json(401, { message: 'Unauthenticated.' });
  });
  const own = memoryStore(options.own);
  const acting = memoryStore(options.acting);
  const onEnded = vi.fn(() => acting.set(null));
  const refreshAccessToken = vi.fn(async () => 'admin-refreshed');
  const client = createHttpClient({
    baseUrl: 'http://api.test',
    tokenStore: own,
    fetch: fetch as unknown as typeof globalThis.fetch,
    refreshAccessToken,
    impersonation: { get: acting.get, onEnded },
  });
  return { client, sent, own, acting, onEnded, refreshAccessToken };
}

describe('an impersonation', () => {
  it("is what every request carries while it is set, instead of the admin's token", async () => {
    const { client, sent } = setup({ own: 'admin', acting: 'jane', valid: ['jane'] });
    await client.request('GET', '/v1.0/projects');
    await client.request('GET', '/v1.0/auth/me');
    expect(sent.map((request) => request.auth)).toEqual(['Bearer jane', 'Bearer jane']);
  });

  it('is never refreshed: a 401 ends it, and nothing is retried as the admin', async () => {
    const { client, sent, own, onEnded, refreshAccessToken } = setup({
      own: 'admin',
      acting: 'jane',
      valid: ['admin'],
    });
    const failure = await client.request('GET', '/v1.0/projects').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).sessionExpired).toBe(true);
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(refreshAccessToken).not.toHaveBeenCalled();
    expect(sent.map((request) => request.auth)).toEqual(['Bearer jane']);
    // The admin's own token is left exactly as it was.
    expect(own.get()).toBe('admin');
  });

  it("falls back to the admin's own session once it is gone, refreshing that as usual", async () => {
    const { client, sent, acting } = setup({
      own: 'admin-expired',
      acting: 'jane',
      valid: ['jane', 'admin-refreshed'],
    });
    await client.request('GET', '/v1.0/projects');
    acting.set(null);
    await client.request('GET', '/v1.0/users');
    expect(sent.map((request) => request.auth)).toEqual([
      'Bearer jane',
      'Bearer admin-expired',
      'Bearer admin-refreshed',
    ]);
  });

  it('waits for onEnded before failing: the app never settles, as its page is being replaced', async () => {
    const { client } = setup({ own: 'admin', acting: 'jane', valid: [] });
    // The app's onEnded replaces the page and never returns; this one returns when the test says.
    let ended!: () => void;
    const onEnded = vi.fn(() => new Promise<void>((resolve) => (ended = resolve)));
    const waiting = createHttpClient({
      baseUrl: 'http://api.test',
      tokenStore: memoryStore('admin'),
      fetch: (async () => json(401, {})) as unknown as typeof fetch,
      refreshAccessToken: async () => null,
      impersonation: { get: () => 'jane', onEnded },
    });
    let settled = false;
    const failure = waiting.request('GET', '/v1.0/projects').finally(() => (settled = true));
    failure.catch(() => {});
    await vi.waitFor(() => expect(onEnded).toHaveBeenCalledOnce());
    // Everything the client still had under way runs on (a turn of the event loop, no time
    // waited for): the request is still out.
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    ended();
    await expect(failure).rejects.toMatchObject({ status: 401, sessionExpired: true });
    // A sign-in style call (no refresh on 401) is a refusal, not an ended impersonation.
    await expect(client.request('POST', '/v1.0/auth/login', { refreshOn401: false })).rejects.toMatchObject({
      status: 401,
      sessionExpired: false,
    });
  });
});
