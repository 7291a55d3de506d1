import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/** What a job does with its data; a throw fails the attempt, and pg-boss retries it later. */
export type JobHandler<T> = (data: T) => Promise<void>;

/**
 * What a kind of job that is applied many at once does with a fetched batch: it answers the
 * jobs that must run again later, each with why (failed, so retried); the rest are done. A throw
 * fails the whole batch.
 */
export type BatchHandler<T> = (jobs: Array<{ id: string; data: T }>) => Promise<Array<{ id: string; error: unknown }>>;

/** How a kind of job is retried; see pg-boss's queue options. */
export type RetryPolicy = { retryLimit: number; retryDelaySeconds: number; retryBackoff: boolean };

/**
 * How often a supervising instance looks for jobs whose instance died (pg-boss's maintenance,
 * shared by the instances through a row it updates): an active job past its expiry waits up to
 * this long to be noticed, then its retry delay, before another instance runs it. Five seconds, so
 * a webhook batch a dead instance held is applied within 15 s (server/webhooks/job.ts); one pass
 * is a few statements whatever the number of instances.
 */
export const MAINTENANCE_INTERVAL_SECONDS = 5;

/** What a job may take unless its kind says (pg-boss's own default is 15 minutes). */
const DEFAULT_EXPIRY_SECONDS = 5 * 60;

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
  /**
   * How long one attempt may run before it counts as lost: past it, the instance running it
   * fails it itself, and if that instance died, the next maintenance pass hands the job to
   * another (as a retry). Fit it to the work: a short job, a short expiry, a quick takeover.
   */
  expireInSeconds?: number;
  /**
   * Told when a job is given up for good (its last retry failed or ran out of time), with the
   * `reason` `reasonOf` gave its last error (none when it ran out of time or gave none): for the
   * work to say so where its user looks. Runs as a job of its own (pg-boss's dead letter), so no
   * instance's death loses it.
   */
  onGivenUp?: (data: never, reason: string | undefined) => Promise<void>;
  /** A word for why an attempt failed (a ProviderError's problem), kept with the job for `onGivenUp`. */
  reasonOf?: (error: unknown) => string | undefined;
};

type FetchedJob = { id: string; data: never; output?: unknown };

type Registered = {
  /** Runs fetched jobs; answers those that failed, with why. */
  run: (jobs: FetchedJob[]) => Promise<Array<{ id: string; error: unknown }>>;
  /** Its jobs are applied a batch at once (`workBatch`), not each on its own. */
  batched: boolean;
  retry: RetryPolicy;
  policy: 'standard' | 'stately';
  batchSize: number;
  pollingIntervalSeconds: number | undefined;
  expireInSeconds: number;
  reasonOf: ((error: unknown) => string | undefined) | undefined;
  /** The queue its given-up jobs go to, when it has an `onGivenUp`. */
  deadLetter: string | undefined;
};

/** Jobs waiting for `sendTogether` to store them, and whether a statement is being written. */
type Group = {
  waiting: Array<{ data: object; resolve: () => void; reject: (error: unknown) => void }>;
  writing: boolean;
  /** When this instance's worker was last woken for these jobs. */
  wokenAt: number;
};

/** How a job is sent: `startAfter`, seconds from now before it may run (a round spread over a period). */
export type SendOptions = { singletonKey?: string; startAfter?: number };

/** The most jobs stored in one statement by `sendTogether`. */
const GROUP_MAX = 500;

/**
 * How long `sendTogether` gathers before it writes. PGlite runs a statement on this thread, so
 * nothing arrives while one is written: without a moment's wait, a burst is written one job at a
 * time, and each write is a commit.
 */
const GROUP_GATHER_MS = 3;

/**
 * How often `sendTogether` wakes this instance's worker at most. Woken for every write, it
 * fetches a few jobs at a time, and each fetch, batch and completion is time the database's one
 * thread (PGlite) gives no request; at this pace a burst's batches are larger and still applied
 * well within a second.
 */
const WAKE_EVERY_MS = 250;

/** pg-boss's schema (its default, named so `sendNow` can read its job table). */
const BOSS_SCHEMA = 'pgboss';

/** The queue holding the given-up jobs of `name`. */
const givenUpQueue = (name: string) => `${name}__given-up`;

/** The reason a failed attempt left in the job's output (see `failure`), if any. */
const reasonIn = (output: unknown): string | undefined => {
  const reason = (output as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' ? reason : undefined;
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

/** A batch runner for a kind whose jobs each run on their own, side by side. */
const eachOnItsOwn =
  (handler: (job: FetchedJob) => Promise<void>): Registered['run'] =>
  async (jobs) => {
    const failed: Array<{ id: string; error: unknown }> = [];
    await Promise.all(
      jobs.map(async (job) => {
        try {
          await handler(job);
        } catch (error) {
          failed.push({ id: job.id, error });
        }
      }),
    );
    return failed;
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
 * Background jobs kept in the database (decision 018: past one machine, a well-kept queue
 * on PostgreSQL), on pg-boss 10 over the API's own connection: PGlite locally, PostgreSQL in a
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
  /** This instance's pg-boss worker of each kind, once polling: what `send`, `sendNow` and `sendTogether` wake. */
  private readonly workers = new Map<string, string>();
  /** The jobs of each kind waiting to be stored together (`sendTogether`). */
  private readonly groups = new Map<string, Group>();
  private boss: Promise<PgBoss> | undefined;
  private polling = false;
  private readonly stopped = new AbortController();
  /**
   * Aborted when this instance stops: a long job (a training) ends at once rather than holding
   * the stop, and fails, to run again on whichever instance is left.
   */
  readonly stopping: AbortSignal = this.stopped.signal;
  /** Runs pg-boss's SQL, and `sendNow`'s own on its job table; made on first use (an app that never runs a job never touches the database). */
  private executorMade: PgBoss.Db | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: JobQueueOptions,
  ) {}

  private get executor(): PgBoss.Db {
    this.executorMade ??= executorOf(this.db);
    return this.executorMade;
  }

  /** Registers what runs the jobs called `name` (once per name, at start-up). */
  work<T>(name: string, handler: JobHandler<T>, options: WorkOptions = {}): void {
    this.register(
      name,
      eachOnItsOwn((job) => (handler as JobHandler<never>)(job.data)),
      false,
      options,
    );
  }

  /**
   * Registers what runs the jobs called `name` a fetched batch at a time, in one go: for small
   * jobs that come in bursts and are cheaper applied together (webhook deliveries).
   */
  workBatch<T>(name: string, handler: BatchHandler<T>, options: WorkOptions = {}): void {
    this.register(name, (jobs) => (handler as BatchHandler<never>)(jobs), true, options);
  }

  private register(
    name: string,
    run: Registered['run'],
    batched: boolean,
    {
      policy = 'standard',
      batchSize = 1,
      pollingIntervalSeconds,
      expireInSeconds = DEFAULT_EXPIRY_SECONDS,
      onGivenUp,
      reasonOf,
      ...retry
    }: WorkOptions = {},
  ): void {
    const deadLetter = onGivenUp ? givenUpQueue(name) : undefined;
    if (deadLetter && onGivenUp) {
      // pg-boss copies a given-up job there, with the output of its last attempt.
      this.handlers.set(deadLetter, {
        run: eachOnItsOwn((job) => onGivenUp(job.data, reasonIn(job.output))),
        batched: false,
        retry: { ...DEFAULT_RETRY, retryDelaySeconds: 10 },
        policy: 'standard',
        batchSize: 1,
        pollingIntervalSeconds,
        expireInSeconds: 60,
        reasonOf: undefined,
        deadLetter: undefined,
      });
      if (this.polling) void this.poll(deadLetter).catch(this.options.onError);
    }
    this.handlers.set(name, {
      run,
      batched,
      retry: { ...DEFAULT_RETRY, ...retry },
      policy,
      batchSize,
      pollingIntervalSeconds,
      expireInSeconds,
      reasonOf,
      deadLetter,
    });
    if (this.polling) void this.poll(name).catch(this.options.onError);
  }

  /**
   * Stores a job of kind `name`; it runs on whichever instance fetches it first. With a
   * `singletonKey` on a `stately` queue, a job already waiting under that key makes this a no-op.
   */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<void> {
    await this.sendEach(name, [{ data, options }]);
  }

  /**
   * Stores jobs of kind `name` one after another, as `send` does each, then wakes this instance's
   * worker once: jobs a request makes together (an account's kinds of channel) are fetched
   * together, and run side by side, rather than the first alone while the others wait for it.
   */
  async sendEach<T extends object>(
    name: string,
    jobs: ReadonlyArray<{ data: T; options?: SendOptions }>,
  ): Promise<void> {
    const boss = await this.started();
    await this.queue(boss, name);
    const kindOptions = this.jobOptions(name);
    let dueNow = false;
    for (const { data, options = {} } of jobs) {
      const id = await boss.send(name, data, { ...options, ...kindOptions });
      if (id && !options.startAfter) dueNow = true;
    }
    if (dueNow) this.wake(boss, name);
  }

  /**
   * This instance's worker of kind `name`, if it polls here, looks for work at once instead of at
   * its next poll: a job due now that a request sent is one someone is usually waiting for (a
   * training asked for, a channel import, a data deletion's status page). Other instances still
   * find it at their next poll; whichever fetches it first runs it.
   */
  private wake(boss: PgBoss, name: string): void {
    const worker = this.workers.get(name);
    if (worker) boss.notifyWorker(worker);
  }

  /**
   * Makes a job of kind `name` under `singletonKey` (a `stately` kind) due now, for someone who
   * asked for it: `send` would drop it while one waits under the key, however far off that one
   * is (a schedule's next round, or a failed one's retry). The one waiting is brought forward
   * instead, or one is sent.
   * Answers `running` and changes nothing when one under the key is running already: the
   * queue's policy lets no second one run beside it, and the one running does what was asked.
   */
  async sendNow<T extends object>(name: string, data: T, singletonKey: string): Promise<'queued' | 'running'> {
    const boss = await this.started();
    await this.queue(boss, name);
    // A job can be fetched, or another sent, between the statements: each round looks again.
    for (let round = 0; round < 3; round++) {
      const { rows } = (await this.executor.executeSql(
        `WITH running AS (
           SELECT 1 FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state = 'active'
         ), advanced AS (
           -- A second back: pg-boss fetches what starts strictly before its own now(), which the
           -- embedded database can read as the same instant.
           UPDATE ${BOSS_SCHEMA}.job SET start_after = now() - interval '1 second'
           WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry') AND start_after > now()
             AND NOT EXISTS (SELECT 1 FROM running)
           RETURNING id
         ), due AS (
           SELECT 1 FROM ${BOSS_SCHEMA}.job
           WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry') AND start_after <= now()
         )
         SELECT EXISTS (SELECT 1 FROM running) AS running,
                EXISTS (SELECT 1 FROM advanced) OR EXISTS (SELECT 1 FROM due) AS queued`,
        [name, singletonKey],
      )) as { rows: Array<{ running: boolean; queued: boolean }> };
      if (rows[0]!.running) return 'running';
      if (rows[0]!.queued || (await boss.send(name, data, { singletonKey, ...this.jobOptions(name) }))) {
        this.wake(boss, name);
        return 'queued';
      }
    }
    throw new Error(`no ${name} job could be made due now under ${singletonKey}`);
  }

  /**
   * Where the job of kind `name` under `singletonKey` stands: `running` on some instance,
   * `queued` (due now, waiting for a worker), or `idle` (none, or one scheduled for later).
   */
  async stateOf(name: string, singletonKey: string): Promise<'idle' | 'queued' | 'running'> {
    const boss = await this.started();
    await this.queue(boss, name);
    const { rows } = (await this.executor.executeSql(
      `SELECT bool_or(state = 'active') AS running,
              bool_or(state IN ('created', 'retry') AND start_after <= now()) AS queued
       FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry', 'active')`,
      [name, singletonKey],
    )) as { rows: Array<{ running: boolean | null; queued: boolean | null }> };
    return rows[0]?.running ? 'running' : rows[0]?.queued ? 'queued' : 'idle';
  }

  /**
   * Stores a job of kind `name` together with the others being sent to it at this moment, in
   * one statement, and resolves once it is stored: for jobs that come in bursts (webhook
   * deliveries), whose one-row inserts would otherwise queue one behind the other, and every
   * other request behind them, on PGlite's one connection: those that come within a few
   * milliseconds, or while a statement is written, go in one statement. This instance's worker
   * then looks soon rather than at its next poll: someone waits to see the result.
   */
  sendTogether<T extends object>(name: string, data: T): Promise<void> {
    let group = this.groups.get(name);
    if (!group) {
      group = { waiting: [], writing: false, wokenAt: 0 };
      this.groups.set(name, group);
    }
    const stored = new Promise<void>((resolve, reject) => group.waiting.push({ data, resolve, reject }));
    if (!group.writing) {
      group.writing = true;
      setTimeout(() => void this.writeGroup(name, group), GROUP_GATHER_MS);
    }
    return stored;
  }

  private async writeGroup(name: string, group: Group): Promise<void> {
    try {
      while (group.waiting.length > 0) {
        const items = group.waiting.splice(0, GROUP_MAX);
        try {
          const boss = await this.started();
          await this.queue(boss, name);
          const options = this.jobOptions(name);
          await boss.insert(items.map((item) => ({ name, data: item.data, ...options })));
          for (const item of items) item.resolve();
          if (this.workers.has(name) && Date.now() - group.wokenAt >= WAKE_EVERY_MS) {
            group.wokenAt = Date.now();
            this.wake(boss, name);
          }
        } catch (error) {
          for (const item of items) item.reject(error);
        }
      }
    } finally {
      group.writing = false;
    }
  }

  /**
   * Each job carries its kind's expiry and retries: a queue pg-boss created before keeps the
   * options it was created with, a job's own win over them.
   */
  private jobOptions(name: string) {
    const registered = this.handlers.get(name);
    return registered
      ? {
          expireInSeconds: registered.expireInSeconds,
          retryLimit: registered.retry.retryLimit,
          retryDelay: registered.retry.retryDelaySeconds,
          retryBackoff: registered.retry.retryBackoff,
          ...(registered.deadLetter && { deadLetter: registered.deadLetter }),
        }
      : {};
  }

  /**
   * Runs pg-boss's maintenance now, as a supervising instance does every
   * `MAINTENANCE_INTERVAL_SECONDS`: active jobs past their expiry are failed (retried, or given
   * up). For tests.
   */
  async maintain(): Promise<void> {
    const boss = await this.started();
    await boss.maintain();
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
    this.stopped.abort();
    if (!this.boss) return;
    const boss = await this.boss;
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  /**
   * Runs every job that is due now (`max` at most), here, one at a time (a batched kind's fetched
   * batch in one go), including the ones they send, and resolves with how many ran: how a test makes the background happen at a moment of its
   * choosing. A job that throws is failed (pg-boss retries it later), and the first such
   * error is thrown once the rest have run.
   */
  async runPending(max = Infinity): Promise<number> {
    const boss = await this.started();
    let ran = 0;
    const errors: unknown[] = [];
    for (;;) {
      let fetched = 0;
      for (const [name, { run, batched }] of this.handlers) {
        await this.queue(boss, name);
        if (ran + fetched >= max) break;
        const batchSize = Math.min(batched ? 100 : 20, max - ran - fetched);
        const jobs = await boss.fetch<never>(name, { batchSize, includeMetadata: true });
        fetched += jobs.length;
        // A batched kind gets the batch whole; any other, its jobs one at a time.
        for (const batch of batched ? [jobs] : jobs.map((job) => [job])) {
          if (batch.length === 0) continue;
          const failed = await this.runFetched(boss, name, run, batch, (error) => errors.push(error));
          const done = batch.filter((job) => !failed.has(job.id)).map((job) => job.id);
          if (done.length > 0) await boss.complete(name, done);
        }
      }
      ran += fetched;
      if (fetched === 0 || ran >= max) break;
    }
    if (errors.length > 0) throw errors[0];
    return ran;
  }

  private started(): Promise<PgBoss> {
    this.boss ??= (async () => {
      const boss = new PgBoss({
        db: this.executor,
        schema: BOSS_SCHEMA,
        supervise: this.options.supervise ?? false,
        // No cron schedules yet; they would start the clock-skew monitor as well.
        schedule: false,
        maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
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
      const deadLetter = registered?.deadLetter;
      created = (deadLetter ? this.queue(boss, deadLetter) : Promise.resolve()).then(() =>
        boss.createQueue(name, {
          name,
          retryLimit,
          retryDelay: retryDelaySeconds,
          retryBackoff,
          policy: registered?.policy ?? 'standard',
          expireInSeconds: registered?.expireInSeconds ?? DEFAULT_EXPIRY_SECONDS,
          ...(deadLetter && { deadLetter }),
        }),
      );
      // A failed creation is tried again next time rather than remembered.
      created.catch(() => this.queues.delete(name));
      this.queues.set(name, created);
    }
    return created;
  }

  /**
   * Runs fetched `jobs` of `name` and fails those that failed (a throw fails them all), each told
   * to `tell` first; answers their ids. The rest are the caller's to complete.
   */
  private async runFetched(
    boss: PgBoss,
    name: string,
    run: Registered['run'],
    jobs: FetchedJob[],
    tell: (error: unknown) => void,
  ): Promise<Set<string>> {
    let failed: Array<{ id: string; error: unknown }>;
    try {
      failed = await run(jobs);
    } catch (error) {
      failed = jobs.map((job) => ({ id: job.id, error }));
    }
    for (const { id, error } of failed) {
      tell(error);
      await boss.fail(name, id, this.failure(name, error));
    }
    return new Set(failed.map((each) => each.id));
  }

  /** What a failed attempt leaves on the job: its message, and the reason its kind gives it. */
  private failure(name: string, error: unknown) {
    return {
      message: error instanceof Error ? error.message : String(error),
      reason: this.handlers.get(name)?.reasonOf?.(error),
    };
  }

  private async poll(name: string): Promise<void> {
    const boss = await this.started();
    await this.queue(boss, name);
    const { run, batchSize, pollingIntervalSeconds } = this.handlers.get(name)!;
    const worker = await boss.work<never>(
      name,
      {
        pollingIntervalSeconds: pollingIntervalSeconds ?? this.options.pollingIntervalSeconds ?? 2,
        batchSize,
        includeMetadata: true,
      },
      // The jobs that failed are failed (pg-boss retries them later, the log says why); a batch
      // that throws fails all of them. pg-boss then completes the rest, those still active.
      async (jobs) => {
        await this.runFetched(boss, name, run, jobs, this.options.onError);
        // A full batch: more are likely waiting, so look again at once rather than at the
        // next poll. A backlog is worked through as fast as the batches go.
        if (jobs.length >= batchSize) this.wake(boss, name);
      },
    );
    this.workers.set(name, worker);
  }
}
