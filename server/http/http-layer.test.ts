import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as health from '../../contract/health';
import { createApp } from '../app';
import type { Database } from '../db/client';
import { MemoryMailer } from '../mail/mailer';
import { memoryLogger } from '../log';
import { startHarness, type Harness } from '../test/harness';

// The contract's conventions (docs/api.md "Conventions" and "Error shapes") at the HTTP edge.
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

const login = (options: Parameters<Harness['call']>[2]) => h.call('POST', '/v1.0/auth/login', options);

describe('JSON bodies', () => {
  it('answers 400 to a body that is not JSON', async () => {
    const res = await login({ raw: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body.' });
  });

  it('answers 400 to bytes that are not UTF-8', async () => {
    const res = await login({
      raw: new Uint8Array([0x7b, 0xff, 0x7d]),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });

  it('answers 415 to another content type', async () => {
    const res = await login({ raw: 'email=a@b.co', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: 'Content-Type must be application/json.' });
  });

  it('accepts a charset parameter and +json types', async () => {
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'x' });
    for (const type of ['application/json; charset=utf-8', 'application/vnd.api+json']) {
      expect((await login({ raw: body, headers: { 'content-type': type } })).status).toBe(401);
    }
  });

  it('answers 413 when Content-Length announces more than 16 KiB', async () => {
    const res = await login({
      raw: '{}',
      headers: { 'content-type': 'application/json', 'content-length': String(16 * 1024 + 1) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body too large.' });
  });

  it('answers 413 when the body itself is larger, whatever the headers say', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(17 * 1024) });
    expect((await login({ json: JSON.parse(big) })).status).toBe(413);

    const chunk = new TextEncoder().encode('x'.repeat(4096));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = await login({ raw: stream, headers: { 'content-type': 'application/json' } });
    expect(streamed.status).toBe(413);
  });

  it('accepts a body of exactly 16 KiB', async () => {
    const padding = 16 * 1024 - JSON.stringify({ email: 'nobody@example.com', password: '', pad: '' }).length;
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'x', pad: 'p'.repeat(padding - 1) });
    expect(new TextEncoder().encode(body).length).toBe(16 * 1024);
    expect((await login({ raw: body, headers: { 'content-type': 'application/json' } })).status).toBe(401);
  });

  it('reads an empty body as {} and lists the required fields', async () => {
    const res = await login({});
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'The given data was invalid.',
      errors: { email: ['The email field is required.'], password: ['The password field is required.'] },
    });
  });

  it.each([
    ['an array', []],
    ['a string', 'hello'],
    ['a number', 42],
    ['null', null],
  ])('answers 422 (never 500) to %s as the body', async (_name, json) => {
    const res = await login({ raw: JSON.stringify(json), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ body: ['The request body must be a JSON object.'] });
  });

  it('answers 422 to fields of the wrong JSON type', async () => {
    const res = await login({ json: { email: 123, password: true } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      email: ['The email field must be a string.'],
      password: ['The password field must be a string.'],
    });
  });

  it('answers 422 to wrong types on every JSON endpoint', async () => {
    const { accessToken } = await h.signedInUser();
    const endpoints: Array<[string, string]> = [
      ['POST', '/v1.0/auth/login'],
      ['POST', '/v1.0/auth/register'],
      ['PATCH', '/v1.0/auth/me'],
      ['POST', '/v1.0/auth/forgot'],
      ['POST', '/v1.0/auth/reset'],
      ['POST', '/v1.0/coupons/redeem'],
      ['POST', '/dev/users'],
    ];
    const wrong = {
      email: 123,
      password: ['x'],
      firstName: {},
      lastName: false,
      language: 7,
      token: null,
      coupon: 15,
      role: 'root',
    };
    for (const [method, path] of endpoints) {
      const res = await h.call(method, path, { json: wrong, token: accessToken });
      expect(res.status, `${method} ${path}`).toBe(422);
      expect(res.body.message).toBe('The given data was invalid.');
      const array = await h.call(method, path, { json: [wrong], token: accessToken });
      expect(array.status, `${method} ${path} with an array`).toBe(422);
    }
  });

  it('refuses a body past the limits on an operation that takes none, and does nothing', async () => {
    const { accessToken } = await h.signedInUser();
    const bodies = [
      { raw: 'x'.repeat(17 * 1024), type: 'application/json', status: 413 },
      { raw: '{"a": ', type: 'application/json', status: 400 },
      { raw: 'a=1', type: 'application/x-www-form-urlencoded', status: 415 },
    ];
    for (const { raw, type, status } of bodies) {
      const res = await h.call('POST', '/v1.0/auth/logout-everywhere', {
        raw,
        headers: { 'content-type': type },
        token: accessToken,
      });
      expect(res.status, `${type} ${raw.slice(0, 10)}`).toBe(status);
    }
    // None of them signed the session out; an empty body (or `{}`) is what such a call sends.
    expect((await h.call('GET', '/v1.0/auth/me', { token: accessToken })).status).toBe(200);
    const res = await h.call('POST', '/v1.0/auth/logout-everywhere', { json: {}, token: accessToken });
    expect(res.status).toBe(204);
  });

  it('ignores unknown fields', async () => {
    const res = await login({ json: { email: 'demo@example.com', password: 'Demo1234', role: 'admin', extra: [1] } });
    expect(res.status).toBe(200);
    expect(res.body.user?.role).toBe('user');
  });
});

describe('languages', () => {
  it('gives Italian messages to Accept-Language: it', async () => {
    const res = await login({ json: { email: 'nope' }, headers: { 'accept-language': 'it-IT,it;q=0.9' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'I dati forniti non sono validi.',
      errors: {
        email: ['Il campo email deve essere un indirizzo email valido.'],
        password: ['Il campo password è obbligatorio.'],
      },
    });
  });

  it('gives English to anything else', async () => {
    const res = await login({ json: {}, headers: { 'accept-language': 'fr' } });
    expect(res.body.message).toBe('The given data was invalid.');
  });
});

describe('unknown paths and failures', () => {
  it.each(['/v1.0/nothing', '/v1.0', '/dev/nothing', '/broadcasting/auth', '/app/key'])(
    'answers a JSON 404 for %s',
    async (path) => {
      const res = await h.call('GET', path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Not found.' });
    },
  );

  it('answers 404 to a known path with another method', async () => {
    expect((await h.call('GET', '/v1.0/auth/login')).status).toBe(404);
  });

  it('marks API answers as not cacheable', async () => {
    const res = await h.call(health.health);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 500 with no stack trace when a handler throws', async () => {
    const brokenDb = new Proxy({} as Database, {
      get() {
        throw new Error('connection refused at /srv/db.ts:12');
      },
    });
    const logs = memoryLogger();
    const app = createApp({ db: brokenDb, config: h.config, mailer: new MemoryMailer(() => {}), log: logs.log });
    const response = await app.request('/v1.0/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'Demo1234' }),
    });
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ message: 'Server error.' });
    expect(text).not.toMatch(/connection refused|srv|at /);
    const failure = logs.lines().find((line) => line.msg === 'request failed');
    expect(failure).toMatchObject({ level: 'error', method: 'POST', path: '/v1.0/auth/login', err: { type: 'Error' } });
    // The error's message is never logged: a database error's holds the SQL and its parameters.
    expect(logs.text()).not.toContain('connection refused');
    expect(response.headers.get('x-request-id')).toBe(failure?.requestId);
  });
});

describe('health', () => {
  it('is ok, every part of the start ready', async () => {
    const res = await h.call(health.health);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', parts: { database: 'ready', jobs: 'ready' } });
  });
});

describe('request ids and the request log', () => {
  it("answers with a request id, keeping a proxy's plain one", async () => {
    const made = await h.call(health.health);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await h.call(health.health, { headers: { 'x-request-id': 'lb-1234abcd' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-1234abcd');
    const hostile = await h.call(health.health, { headers: { 'x-request-id': 'x" {"level":"error"}' } });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs one JSON line per API request, and user input never starts a line of its own', async () => {
    const before = h.logs.lines().length;
    await h.call('GET', '/v1.0/coupons/%0A%7B%22level%22%3A%22error%22%7D');
    const lines = h.logs.lines().slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'request', method: 'GET', status: 404 });
    expect(
      h.logs
        .text()
        .split('\n')
        .every((line) => line === '' || line.startsWith('{"level":')),
    ).toBe(true);
  });
});
