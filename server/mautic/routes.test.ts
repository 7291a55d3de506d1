import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as mautic from '../../contract/mautic';
import { createApp } from '../app';
import { parseConfig, SANDBOX_MAUTIC_CLIENT } from '../config';
import { mauticTokens, users } from '../db/schema';
import { memoryLogger } from '../log';
import { ConsoleMailer } from '../mail/mailer';
import { createEncryption } from '../security/encryption';
import { startHarness, TEST_ENV, type Harness } from '../test/harness';
import { MAUTIC_TOKEN_CONTEXT } from './routes';
import { SANDBOX_ACCESS_TOKEN_SECONDS, SANDBOX_CODE_TTL_MS } from './sandbox';

/**
 * The API's Mautic authorisation against the sandbox Mautic it serves itself, over real HTTP:
 * the harness's app listens on a port of this machine and MAUTIC_BASE_URL points at its
 * /dev/mautic, so the token exchange goes through the same fetch a real Mautic gets.
 */
let h: Harness;
let listening: Server;
let admin: { accessToken: string; user: { _id: string } };
let baseUrl: string;

const REDIRECT_URI = `${TEST_ENV.APP_URL}/admin/mautic`;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  // The port must be known before the configuration is read: the server hands requests to
  // the harness's app, built once it is.
  listening = createAdaptorServer({ fetch: (request: Request) => h.app.fetch(request) }) as Server;
  const port = await listen(listening);
  baseUrl = `http://127.0.0.1:${port}/dev/mautic`;
  h = await startHarness({
    env: {
      MAUTIC_BASE_URL: baseUrl,
      MAUTIC_CLIENT_ID: SANDBOX_MAUTIC_CLIENT.clientId,
      MAUTIC_CLIENT_SECRET: SANDBOX_MAUTIC_CLIENT.clientSecret,
    },
  });
  admin = await h.signedInUser({ role: 'admin' });
});
afterAll(async () => {
  await new Promise((resolve) => listening?.close(resolve));
  await h?.stop();
});

const postForm = (path: string, fields: Record<string, string>) =>
  h.call('POST', path, {
    raw: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** What the browser does on the consent page: Allow (or Deny), and where it is sent back. */
async function consent(decision: 'allow' | 'deny', state = 'state-123'): Promise<URL> {
  const res = await postForm('/dev/mautic/oauth/v2/authorize', {
    client_id: SANDBOX_MAUTIC_CLIENT.clientId,
    redirect_uri: REDIRECT_URI,
    state,
    decision,
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

async function newCode(): Promise<string> {
  return (await consent('allow')).searchParams.get('code')!;
}

const obtain = (code: string, token: string | undefined = admin.accessToken) =>
  h.call(mautic.obtainMauticToken, { body: { code }, token });
const status = (token: string | undefined = admin.accessToken) => h.call(mautic.showMautic, { token });

/** Another API on the same database with other settings: its Mautic elsewhere, or none. */
function appWith(env: Record<string, string>) {
  const app = createApp({
    db: h.db,
    config: parseConfig({ ...TEST_ENV, ...env }),
    mailer: new ConsoleMailer(() => {}),
    log: memoryLogger().log,
  });
  return async (method: string, path: string, json?: unknown) => {
    const res = await app.request(path, {
      method,
      headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: res.status, body: (await res.json()) as { message?: string; errors?: Record<string, string[]> } };
  };
}

describe('GET /v1.0/mautic', () => {
  it('says how to authorise: client id, authorize URL and redirect URI', async () => {
    const res = await status();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      configured: true,
      clientId: SANDBOX_MAUTIC_CLIENT.clientId,
      authorizeUrl: `${baseUrl}/oauth/v2/authorize`,
      redirectUri: REDIRECT_URI,
    });
  });

  it('defaults to the sandbox at the app’s own address outside a deployment, and to nothing without it', async () => {
    const local = await appWith({})('GET', '/v1.0/mautic');
    expect(local.body).toMatchObject({
      configured: true,
      clientId: 'orbita-sandbox',
      authorizeUrl: 'http://app.test/dev/mautic/oauth/v2/authorize',
    });
    const none = appWith({ DEV_ENDPOINTS: '0' });
    expect((await none('GET', '/v1.0/mautic')).body).toMatchObject({
      configured: false,
      clientId: null,
      authorizeUrl: null,
      redirectUri: REDIRECT_URI,
    });
    const refused = await none('POST', '/v1.0/mautic/token', { code: 'abc' });
    expect(refused).toEqual({
      status: 409,
      body: { message: 'Mautic is not configured: set MAUTIC_BASE_URL, MAUTIC_CLIENT_ID and MAUTIC_CLIENT_SECRET.' },
    });
  });
});

describe('POST /v1.0/mautic/token', () => {
  it('exchanges the code at Mautic and keeps the tokens encrypted, answering only their status', async () => {
    const started = h.clock.now();
    const res = await obtain(await newCode());
    expect(res.status).toBe(200);
    const answer = res.body;
    expect(answer.configured).toBe(true);
    expect(answer.token).toEqual({
      obtainedAt: new Date(started).toISOString(),
      expiresAt: new Date(started + SANDBOX_ACCESS_TOKEN_SECONDS * 1000).toISOString(),
    });

    const [row] = await h.db.select().from(mauticTokens);
    expect(row.obtainedBy).toBe(admin.user._id);
    expect(row.accessToken).toMatch(/^v1:/);
    expect(row.refreshToken).toMatch(/^v1:/);
    const encryption = createEncryption(h.config.tokenEncryptionKey);
    const accessToken = encryption.decrypt(row.accessToken, MAUTIC_TOKEN_CONTEXT.access);
    const refreshToken = encryption.decrypt(row.refreshToken!, MAUTIC_TOKEN_CONTEXT.refresh);
    expect(accessToken).toMatch(/^[\w-]{43}$/);
    expect(refreshToken).toMatch(/^[\w-]{43}$/);
    // Neither token ever leaves the API, in an answer or a log line.
    const shown = await status();
    expect(shown.body).toEqual(res.body);
    for (const text of [res.text, shown.text, h.logs.text()]) {
      expect(text).not.toContain(accessToken);
      expect(text).not.toContain(refreshToken);
    }
  });

  it('replaces the token held before: the installation has one', async () => {
    await obtain(await newCode());
    const [before] = await h.db.select().from(mauticTokens);
    h.clock.advance(5000);
    const other = await h.signedInUser({ role: 'admin' });
    expect((await obtain(await newCode(), other.accessToken)).status).toBe(200);
    const rows = await h.db.select().from(mauticTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0].obtainedBy).toBe(other.user._id);
    expect(rows[0].accessToken).not.toBe(before.accessToken);
    expect(rows[0].obtainedAt.getTime()).toBe(before.obtainedAt.getTime() + 5000);

    // The admin who obtained it may leave; the token stays, obtained by nobody now.
    await h.db.delete(users).where(eq(users.id, other.user._id));
    const [kept] = await h.db.select().from(mauticTokens);
    expect(kept.obtainedBy).toBeNull();
    expect((await status()).body).toMatchObject({ token: { obtainedAt: rows[0].obtainedAt.toISOString() } });
  });

  it('answers 422 on the code for one Mautic refuses: unknown, used once already, or expired', async () => {
    const refusedCode = {
      message: 'The given data was invalid.',
      errors: { code: ['Mautic refused this authorization code: it is unknown, expired or already used.'] },
    };
    const unknown = await obtain('not-a-code-mautic-issued');
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual(refusedCode);

    const code = await newCode();
    expect((await obtain(code)).status).toBe(200);
    const reused = await obtain(code);
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual(refusedCode);

    const late = await newCode();
    h.clock.advance(SANDBOX_CODE_TTL_MS + 1);
    expect((await obtain(late)).body).toEqual(refusedCode);
  });

  it('refuses what is not a code before asking Mautic', async () => {
    for (const code of ['', '   ', 'a b', 'a\u0000b', '<script>', 'x'.repeat(513), 42, null]) {
      const res = await h.call('POST', '/v1.0/mautic/token', { json: { code }, token: admin.accessToken });
      expect(res.status, JSON.stringify(code)).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual(['code']);
    }
  });

  it('answers 502 with what went wrong when Mautic is down, refuses our credentials, or answers nonsense', async () => {
    const closed = createServer();
    const closedPort = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const down = await appWith({
      MAUTIC_BASE_URL: `http://127.0.0.1:${closedPort}`,
      MAUTIC_CLIENT_ID: 'a',
      MAUTIC_CLIENT_SECRET: 'b',
    })('POST', '/v1.0/mautic/token', { code: 'abc' });
    expect(down).toEqual({ status: 502, body: { message: 'Mautic could not be reached. Try again later.' } });

    const wrongSecret = await appWith({
      MAUTIC_BASE_URL: baseUrl,
      MAUTIC_CLIENT_ID: SANDBOX_MAUTIC_CLIENT.clientId,
      MAUTIC_CLIENT_SECRET: 'not-the-secret',
    })('POST', '/v1.0/mautic/token', { code: await newCode() });
    expect(wrongSecret.status).toBe(502);
    expect(wrongSecret.body.message).toMatch(/^Mautic refused this installation's API credentials/);

    const broken = createServer((_, res) => res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Oops</h1>'));
    const brokenPort = await listen(broken);
    try {
      const nonsense = await appWith({
        MAUTIC_BASE_URL: `http://127.0.0.1:${brokenPort}`,
        MAUTIC_CLIENT_ID: 'a',
        MAUTIC_CLIENT_SECRET: 'b',
      })('POST', '/v1.0/mautic/token', { code: 'abc' });
      expect(nonsense).toEqual({
        status: 502,
        body: { message: 'Mautic gave an answer that could not be used (HTTP 500).' },
      });
    } finally {
      await new Promise((resolve) => broken.close(resolve));
    }
  });

  it('answers in Italian for an Italian caller', async () => {
    const res = await h.call(mautic.obtainMauticToken, {
      body: { code: 'unknown-code' },
      token: admin.accessToken,
      headers: { 'accept-language': 'it' },
    });
    expect(res.body.errors?.code).toEqual([
      'Mautic ha rifiutato questo codice di autorizzazione: è sconosciuto, scaduto o già usato.',
    ]);
  });

  it('holds an admin to 10 refused exchanges in 15 minutes; a success gives its attempt back', async () => {
    const busy = await h.signedInUser({ role: 'admin' });
    for (let attempt = 0; attempt < 9; attempt++) expect((await obtain('nope', busy.accessToken)).status).toBe(422);
    expect((await obtain(await newCode(), busy.accessToken)).status).toBe(200);
    expect((await obtain('nope', busy.accessToken)).status).toBe(422);
    const refused = await obtain(await newCode(), busy.accessToken);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    // Another admin is not held back.
    expect((await obtain(await newCode())).status).toBe(200);
  });
});
