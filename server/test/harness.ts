import type { User } from '../../contract/auth';
import { createApp } from '../app';
import { parseConfig, type Config } from '../config';
import type { Database } from '../db/client';
import type { RateLimits } from '../http/rate-limiter';
import { memoryLogger } from '../log';
import { MemoryMailer } from '../mail/mailer';
import { presentUser } from '../users/presenters';
import { openTestDatabase, type TestDatabase } from './database';
import { createFactories, type UserFields } from './factories';
import { testPasswords } from './passwords';

export const TEST_ENV = {
  NODE_ENV: 'test',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
  APP_URL: 'http://app.test',
  // Lets each test pick its caller's address with X-Forwarded-For.
  TRUST_PROXY: '1',
};

/** The contract's answer bodies (docs/api.md), as far as the tests read them. */
export type ApiBody = {
  message?: string;
  errors?: Record<string, string[]>;
  access_token?: string;
  token_type?: string;
  expires_in?: number;
  user?: User;
  password?: string;
  status?: string;
  coupon?: { code: string; discountPercent: number; durationMonths: number };
  data?: Array<Record<string, unknown>>;
  meta?: { total: number; currentPage: number; lastPage: number };
};

export type CallOptions = {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (with whatever content-type `headers` give). */
  raw?: BodyInit;
  headers?: Record<string, string>;
  token?: string;
  /** Value of the refresh_token cookie. */
  refreshToken?: string;
  ip?: string;
};

export type CallResult = {
  status: number;
  headers: Headers;
  body: ApiBody;
  /** The refresh_token value a Set-Cookie header set ('' when it cleared it). */
  setRefreshToken: string | undefined;
  setCookie: string | null;
};

/** A clock tests move by hand; it starts at the real time so database defaults stay close. */
export function testClock() {
  let current = Date.now();
  return {
    now: () => current,
    advance: (ms: number) => {
      current += ms;
    },
  };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

/** One database and one app per test file; call `stop` in afterAll. */
export async function startHarness(options: { rateLimits?: RateLimits; env?: Record<string, string> } = {}) {
  const passwords = testPasswords();
  const database: TestDatabase = await openTestDatabase();
  const factories = createFactories(database.db, passwords);
  const clock = testClock();
  const mailer = new MemoryMailer(() => {}, clock.now);
  const config: Config = parseConfig({ ...TEST_ENV, ...options.env });
  // Every line the server logs, for tests that check what it logs (and what it never does).
  const logs = memoryLogger();
  const app = createApp({
    db: database.db,
    config,
    mailer,
    passwords,
    clock: clock.now,
    rateLimits: options.rateLimits,
    log: logs.log,
  });

  async function call(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
    const headers = new Headers(options.headers);
    let body: BodyInit | undefined = options.raw;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    if (options.token) headers.set('authorization', `Bearer ${options.token}`);
    if (options.refreshToken !== undefined) headers.set('cookie', `refresh_token=${options.refreshToken}`);
    if (options.ip) headers.set('x-forwarded-for', options.ip);
    const init: RequestInit & { duplex?: 'half' } = { method, headers, body };
    if (body instanceof ReadableStream) init.duplex = 'half';
    const response = await app.request(path, init);
    const text = await response.text();
    const setCookie = response.headers.get('set-cookie');
    return {
      status: response.status,
      headers: response.headers,
      body: text ? (JSON.parse(text) as ApiBody) : {},
      setRefreshToken: setCookie?.match(/refresh_token=([^;]*)/)?.[1],
      setCookie,
    };
  }

  /** A fresh account (factories.user), as the API presents it. */
  async function createUser(fields: UserFields = {}) {
    const { row, password } = await factories.user(fields);
    return { user: await presentUser(database.db, row), row, email: row.email, password };
  }

  async function signIn(email: string, password: string, ip?: string) {
    const result = await call('POST', '/v1.0/auth/login', { json: { email, password }, ip });
    const { access_token: accessToken, user } = result.body;
    if (result.status !== 200 || !accessToken || !user || !result.setRefreshToken) {
      throw new Error(`signIn failed: ${result.status} ${JSON.stringify(result.body)}`);
    }
    return { accessToken, refreshToken: result.setRefreshToken, user };
  }

  async function signedInUser(fields: UserFields = {}) {
    const created = await createUser(fields);
    return { ...created, ...(await signIn(created.email, created.password)) };
  }

  return {
    app,
    db: database.db as Database,
    driver: database.driver,
    clock,
    mailer,
    config,
    logs,
    factories,
    call,
    createUser,
    signIn,
    signedInUser,
    stop: () => database.close(),
  };
}
