import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/** What a job does with its data; a throw fails the attempt, and pg-boss retries it later. */
export type JobHandler<T> = (data: T) => Promise<void>;

/** How a kind of job is retried; see pg-boss's queue options. */
export type RetryPolicy = { retryLimit: number; retryDelaySeconds: number; retryBackoff: boolean };

/**
 * How a kind of job is registered: its retries, and pg-boss's queue policy. `stately` keeps at
 * most one job per singleton key queued and one active: a job sent again while one waits is
 * dropped, and two instances never run the same key at once.
 */
export type WorkOptions = Partial<RetryPolicy> & {
  policy?: 'standard' | 'stately';
  /**
   * Jobs fetched at once and run side by side (each completed or failed on its own), and how
   * often to look: for work someone is waiting to see (an account's channels), more and sooner.
   */
  batchSize?: number;
  pollingIntervalSeconds?: number;
};

type Registered = {
  handler: JobHandler<never>;
  retry: RetryPolicy;
  policy: 'standard' | 'stately';
  batchSize: number;
  pollingIntervalSeconds: number | undefined;
};

export type JobQueueOptions = {
  /** Told of what pg-boss reports outside a caller's await: a failed poll, a failed job. */
  onError: (error: unknown) => void;
  /** How often a started queue looks for work; pg-boss's floor is 0.5 s. */
  pollingIntervalSeconds?: number;
  /**
   * pg-boss's maintenance (expiring stuck jobs, archiving and deleting finished ones), for a
   * server: instances share it through an advisory lock. Tests leave it off: no timers.
   */
  supervise?: boolean;
};

const DEFAULT_RETRY: RetryPolicy = { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true };

/** pg-boss's `db` option: our database's own connection(s) run its SQL. */
function executorOf(db: Database): PgBoss.Db {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  if ('exec' in client) {
    const pglite = client;
    return {
      // PGlite takes parameters for one statement at a time; pg-boss sends its schema and
      // migrations as one parameterless script, which `exec` runs whole.
      executeSql: async (text, values) => {
        if (values?.length) return pglite.query(text, values);
        const results = await pglite.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    };
  }
  const pool = client;
  // Without values node-postgres uses the simple protocol, which runs a multi-statement script.
  return { executeSql: (text, values) => pool.query(text, values?.length ? values : undefined) };
}

/**
 * Background jobs kept in the database (DESIGN.md: past one machine, a well-kept queue on
 * PostgreSQL), on pg-boss 10 over the API's own connection: PGlite locally, PostgreSQL in a
 * deployment (docs/decisions/018-facebook-data-deletion.md). Unlike BackgroundTasks
 * (server/http/background.ts), a job survives a restart, is retried when it fails, and runs on
 * whichever instance fetches it first.
 *
 * `send` and `work` may be called before `start`: pg-boss starts (creating its `pgboss` schema
 * the first time) on first use. A server creates the schema and every registered queue with
 * `setUp`, under its start-up lock, then polls with `start`; a test leaves both alone and runs
 * what is pending with `runPending`, when it wants to.
 */
export class JobQueue {
  private readonly handlers = new Map<string, Registered>();
  private readonly queues = new Map<string, Promise<void>>();
  private boss: Promise<PgBoss> | undefined;
  private polling = false;

  constructor(
    private readonly db: Database,
    private readonly options: JobQueueOptions,
  ) {}

  /** Registers what runs the jobs called `name` (once per name, at start-up). */
  work<T>(
    name: string,
    handler: JobHandler<T>,
    { policy = 'standard', batchSize = 1, pollingIntervalSeconds, ...retry }: WorkOptions = {},
  ): void {
    this.handlers.set(name, {
      handler: handler as JobHandler<never>,
      retry: { ...DEFAULT_RETRY, ...retry },
      policy,
      batchSize,
      pollingIntervalSeconds,
    });
    if (this.polling) void this.poll(name).catch(this.options.onError);
  }

  /**
   * Stores a job of kind `name`; it runs on whichever instance fetches it first. With a
   * `singletonKey` on a `stately` queue, a job already waiting under that key makes this a no-op.
   */
  async send<T extends object>(name: string, data: T, options: { singletonKey?: string } = {}): Promise<void> {
    const boss = await this.started();
    await this.queue(boss, name);
    await boss.send(name, data, options);
  }

  /**
   * Creates what the jobs need in the database: pg-boss's schema (or brings it to this version)
   * and a queue for every registered kind of job, so a release that adds one creates it here.
   * Each queue is a table pg-boss attaches to its job table, and two instances doing that at
   * once deadlock: the server runs this under the start-up lock (server/start-up.ts).
   */
  async setUp(): Promise<void> {
    const boss = await this.started();
    for (const name of this.handlers.keys()) await this.queue(boss, name);
  }

  /** Starts pg-boss and polls for every registered kind of job. */
  async start(): Promise<void> {
    await this.setUp();
    this.polling = true;
    for (const name of this.handlers.keys()) await this.poll(name);
  }

  /** Stops polling, letting the jobs under way finish (up to 10 s). */
  async stop(): Promise<void> {
    this.polling = false;
    if (!this.boss) return;
    const boss = await this.boss;
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  /**
   * Runs every job that is due now, here, one at a time, including the ones they send, and
   * resolves with how many ran: how a test makes the background happen at a moment of its
   * choosing. A job that throws is failed (pg-boss retries it later), and the first such
   * error is thrown once the rest have run.
   */
  async runPending(): Promise<number> {
    const boss = await this.started();
    let ran = 0;
    const errors: unknown[] = [];
    for (;;) {
      let fetched = 0;
      for (const [name, { handler }] of this.handlers) {
        await this.queue(boss, name);
        for (const job of await boss.fetch<never>(name, { batchSize: 20 })) {
          fetched++;
          try {
            await handler(job.data);
            await boss.complete(name, job.id);
          } catch (error) {
            errors.push(error);
            await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
          }
        }
      }
      ran += fetched;
      if (fetched === 0) break;
    }
    if (errors.length > 0) throw errors[0];
    return ran;
  }

  private started(): Promise<PgBoss> {
    this.boss ??= (async () => {
      const boss = new PgBoss({
        db: executorOf(this.db),
        supervise: this.options.supervise ?? false,
        // No cron schedules yet; they would start the clock-skew monitor as well.
        schedule: false,
      });
      // An EventEmitter 'error' without a listener would end the process.
      boss.on('error', this.options.onError);
      await boss.start();
      return boss;
    })();
    return this.boss;
  }

  /** pg-boss 10 wants each queue created before use; creating one again does nothing. */
  private queue(boss: PgBoss, name: string): Promise<void> {
    let created = this.queues.get(name);
    if (!created) {
      const registered = this.handlers.get(name);
      const { retryLimit, retryDelaySeconds, retryBackoff } = registered?.retry ?? DEFAULT_RETRY;
      created = boss.createQueue(name, {
        name,
        retryLimit,
        retryDelay: retryDelaySeconds,
        retryBackoff,
        policy: registered?.policy ?? 'standard',
      });
      // A failed creation is tried again next time rather than remembered.
      created.catch(() => this.queues.delete(name));
      this.queues.set(name, created);
    }
    return created;
  }

  private async poll(name: string): Promise<void> {
    const boss = await this.started();
    await this.queue(boss, name);
    const { handler, batchSize, pollingIntervalSeconds } = this.handlers.get(name)!;
    await boss.work<never>(
      name,
      { pollingIntervalSeconds: pollingIntervalSeconds ?? this.options.pollingIntervalSeconds ?? 2, batchSize },
      // Each job of the batch ends on its own: one that throws is failed (pg-boss retries it
      // later, the log says why); pg-boss then completes the rest, those still active.
      async (jobs) => {
        await Promise.all(
          jobs.map(async (job) => {
            try {
              await handler(job.data);
            } catch (error) {
              this.options.onError(error);
              await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
            }
          }),
        );
      },
    );
  }
}
