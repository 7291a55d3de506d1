import type { StartUpState } from '../health/start-up-state';
import type { User } from '../../contract/auth';
import * as operationContract from '../../contract/operation';
import type { Operation, OperationInput, ResponseBody } from '../../contract/operation';
import type { Hono } from 'hono';
import { createApp } from '../app';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig, type Config } from '../config';
import { withKeptSecrets } from '../secrets';
import type { Database } from '../db/client';
import { BackgroundTasks } from '../http/background';
import type { AppEnv } from '../http/context';
import type { RateLimits } from '../http/rate-limiter';
import { memoryLogger } from '../log';
import { MemoryMailer, type Mail } from '../mail/mailer';
import { presentUser } from '../users/presenters';
import { openTestDatabase, type TestDatabase } from './database';
import { createFactories, type UserFields } from './factories';
import { testPasswords } from './passwords';
import { JobQueue } from '../jobs/queue';
import type { Publisher } from '../realtime/publisher';
import type { FetchLike } from '../integrations/providers/provider-error';

export const TEST_ENV = {
  NODE_ENV: 'test',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
  APP_URL: 'http://app.test',
  // Lets each test pick its caller's address with X-Forwarded-For.
  TRUST_PROXY: '1',
  // The sandbox providers answer at once.
  SANDBOX_LATENCY_MS: '0',
  // No label applied without a person is drawn into the review at random: a test that wants the
  // sample sets the share (1: every one).
  SENTIMENT_SAMPLE_SHARE: '0',
};

/** The contract's answer bodies (docs/api.md), as far as the tests read them. */
export type ApiBody = {
  message?: string;
  errors?: Record<string, string[]>;
  access_token?: string;
  token_type?: string;
  expires_in?: number;
  user?: User;
  /** A Facebook sign-up's: whether the account was made now or was already there. */
  account?: 'created' | 'existing';
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
  /**
   * Wait for the work the answer left behind (a reset mail) before returning; on by default,
   * so a test reads the mailbox right after `forgot`.
   */
  waitForBackground?: boolean;
};

export type CallResult = {
  status: number;
  headers: Headers;
  /** The JSON body ({} when the answer is empty or not JSON: see `text`). */
  body: ApiBody;
  text: string;
  /** The refresh_token value a Set-Cookie header set ('' when it cleared it). */
  setRefreshToken: string | undefined;
  setCookie: string | null;
};

/** A contract operation's input, and how to send it (token, address…): `h.call(operation, input)`. */
export type OperationCall<Op extends Operation> = OperationInput<Op> & Omit<CallOptions, 'json' | 'raw'>;

/** The error answers' fields, which any operation may answer with (contract/common.ts). */
type ErrorFields = { message?: string; errors?: Record<string, string[]> };

/**
 * What `h.call(operation, …)` resolves with: the body typed as the operation's success answer
 * (with the error fields beside it, for a test that expects a refusal): check the status first.
 */
export type OperationResult<Op extends Operation> = Omit<CallResult, 'body'> & {
  body: [ResponseBody<Op>] extends [void] ? ErrorFields : ResponseBody<Op> & ErrorFields;
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

/** The dev mailbox, which a test can make hang (`hold`) to see that nothing waits for it. */
export class TestMailer extends MemoryMailer {
  private held: Promise<void> | undefined;

  async send(mail: Mail): Promise<void> {
    await this.held;
    return super.send(mail);
  }

  /** Holds every mail until the returned function is called. */
  hold(): () => void {
    let release = () => {};
    this.held = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.held = undefined;
      release();
    };
  }
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

/** One database and one app per test file; call `stop` in afterAll. */
export async function startHarness(
  options: {
    rateLimits?: RateLimits;
    env?: Record<string, string>;
    /** Where the app's real-time events go (a test that reads them); none by default. */
    publisher?: Publisher;
    /** How the app calls the providers; by default the sandbox's routes, in-process. */
    providerFetch?: FetchLike;
    /** How far a start has got (server/main.ts); everything ready by default. */
    startUp?: StartUpState;
  } = {},
) {
  const passwords = testPasswords();
  const database: TestDatabase = await openTestDatabase();
  const factories = createFactories(database.db, passwords);
  const clock = testClock();
  const mailer = new TestMailer(() => {}, clock.now);
  // As `npm start` reads it on the README's setup: secrets that are not given are kept in the data
  // folder (a file's own, here) and replace the per-process ones. A test that gave every secret in
  // its environment once hid a sandbox whose deliveries were all refused.
  const keptIn = mkdtempSync(join(tmpdir(), 'harness-'));
  const config: Config = withKeptSecrets(
    parseConfig({ ...TEST_ENV, DATA_DIR: join(keptIn, 'pglite'), ...options.env }),
  );
  // Every line the server logs, for tests that check what it logs (and what it never does).
  const logs = memoryLogger();
  // The app's queries go through an observed Drizzle instance (same database), so a test can
  // see what a request sent (`recordQueries`).
  const queryListeners = new Set<(query: string) => void>();
  const appDb = database.observed({ logQuery: (query) => queryListeners.forEach((listener) => listener(query)) });

  /** An API instance on this file's database, as createApp builds it for a deployment. */
  function buildApp(db: Database) {
    // A failed background task (one without its own error handler) fails the next call.
    const failures: unknown[] = [];
    const background = new BackgroundTasks((error) => failures.push(error));
    const settle = async () => {
      await background.idle();
      if (failures.length > 0) throw failures.shift();
    };
    // Jobs are stored, never polled: a test runs them when it chooses (`runJobs`).
    const jobs = new JobQueue(db, { onError: (error) => failures.push(error) });
    const app = createApp({
      db,
      config,
      mailer,
      passwords,
      clock: clock.now,
      rateLimits: options.rateLimits,
      log: logs.log,
      background,
      jobs,
      publisher: options.publisher,
      providerFetch: options.providerFetch,
      startUp: options.startUp,
    });
    return { app, settle, jobs, call: caller(app, settle) };
  }

  const main = buildApp(appDb);
  const { app, call } = main;
  /** Resolves once the work the answers left behind is done. */
  const settle = main.settle;

  /** Records the SQL of every query the app sends from now until `stop()`. */
  function recordQueries() {
    const sent: string[] = [];
    const listener = (query: string) => void sent.push(query);
    queryListeners.add(listener);
    return {
      stop: () => {
        queryListeners.delete(listener);
        return sent;
      },
    };
  }

  const instances: Array<() => Promise<void>> = [];
  /**
   * A second API instance, sharing nothing in memory with the first but the test's clock,
   * mailbox and log: on PostgreSQL through a connection pool of its own.
   */
  async function instance() {
    const connection = database.connectAgain ? await database.connectAgain() : { db: appDb, close: async () => {} };
    instances.push(connection.close);
    return buildApp(connection.db);
  }

  async function stop() {
    try {
      await settle();
    } finally {
      await main.jobs.stop();
      for (const close of instances) await close();
      await database.close();
      rmSync(keptIn, { recursive: true, force: true });
    }
  }

  return {
    app,
    db: database.db as Database,
    /** The same database as the app reaches it: what `recordQueries` watches. */
    appDb,
    driver: database.driver,
    clock,
    mailer,
    config,
    logs,
    factories,
    call,
    settle,
    /**
     * Runs the jobs the answers queued (and the ones they queue), here and now, `max` at most;
     * resolves with how many ran.
     */
    runJobs: (max?: number) => main.jobs.runPending(max),
    /** The app's own queue: for a test that sends a job as the server would. */
    jobsQueue: () => main.jobs,
    /** What a live instance's maintenance does every 15 s: jobs past their expiry go back as retries. */
    maintainJobs: () => main.jobs.maintain(),
    recordQueries,
    instance,
    createUser,
    signIn,
    signedInUser,
    stop,
  };

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
}

/**
 * The test's HTTP client against `app`: `call(operation, { params, query, body, token })` sends
 * a contract operation and types its answer from the contract; `call(method, path, options)`
 * sends anything at all (a malformed body, a path no operation has), its answer untyped.
 */
function caller(app: Hono<AppEnv>, settle: () => Promise<void>) {
  function call<Op extends Operation>(operation: Op, input?: OperationCall<Op>): Promise<OperationResult<Op>>;
  function call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  function call(target: Operation | string, second?: string | OperationCall<Operation>, options?: CallOptions) {
    if (typeof target === 'string') return send(target, second as string, options);
    const { params, query, body, ...rest } = (second ?? {}) as OperationCall<Operation>;
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
      if (value !== undefined) search.set(name, String(value));
    }
    const path = operationContract.fillPath(target.path, params as Record<string, string> | undefined);
    return send(target.method, search.size > 0 ? `${path}?${search}` : path, { ...rest, json: body });
  }
  return call;

  async function send(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
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
    if (options.waitForBackground !== false) await settle();
    const setCookie = response.headers.get('set-cookie');
    return {
      status: response.status,
      headers: response.headers,
      body: text && /json/i.test(response.headers.get('content-type') ?? '') ? (JSON.parse(text) as ApiBody) : {},
      text,
      setRefreshToken: setCookie?.match(/refresh_token=([^;]*)/)?.[1],
      setCookie,
    };
  }
}
