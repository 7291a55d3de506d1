import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database';
import { dieWhileActive, jobsOf, retriesDueNow, rowsOf } from '../test/jobs';
import type PgBoss from 'pg-boss';
import { JobQueue, MAINTENANCE_INTERVAL_SECONDS } from './queue';

let database: TestDatabase;
const stopped: JobQueue[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const queue of stopped) await queue.stop();
  await database?.close();
});

function queue(options: Partial<ConstructorParameters<typeof JobQueue>[1]> = {}) {
  const made = new JobQueue(database.db, { onError: () => {}, ...options });
  stopped.push(made);
  return made;
}

describe('JobQueue (pg-boss on the API database)', () => {
  it('keeps a job until a queue runs it, and runs it once', async () => {
    const sender = queue();
    await sender.send('test-once', { n: 1 });
    await sender.send('test-once', { n: 2 });

    // Another instance on the same database: the jobs are rows, not memory.
    const seen: unknown[] = [];
    const worker = queue();
    worker.work('test-once', async (data) => void seen.push(data));
    expect(await worker.runPending()).toBe(2);
    expect(seen).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]));
    expect(await worker.runPending()).toBe(0);
  });

  it('runs the jobs a job sends, and throws what a job threw once the rest have run', async () => {
    const worker = queue();
    const seen: string[] = [];
    worker.work<{ step: string }>('test-chain', async ({ step }) => {
      seen.push(step);
      if (step === 'first') await worker.send('test-chain', { step: 'second' });
    });
    worker.work<{ fail: boolean }>('test-fails', async ({ fail }) => {
      if (fail) throw new Error('the job failed');
      seen.push('fine');
    });
    await worker.send('test-chain', { step: 'first' });
    await worker.send('test-fails', { fail: true });
    await worker.send('test-fails', { fail: false });
    await expect(worker.runPending()).rejects.toThrow('the job failed');
    expect(seen.sort()).toEqual(['fine', 'first', 'second']);
    // Failed, it waits for its retry (a minute later) rather than running again at once.
    expect(await worker.runPending()).toBe(0);
  });

  it('polls for work once started, and stops', async () => {
    const onError = vi.fn();
    const worker = queue({ pollingIntervalSeconds: 0.5, onError });
    const ran = new Promise<unknown>((resolve) => worker.work('test-polled', async (data) => resolve(data)));
    await worker.start();
    await queue().send('test-polled', { polled: true });
    await expect(ran).resolves.toEqual({ polled: true });
    await worker.stop();
    expect(onError).not.toHaveBeenCalled();
  });

  it('runs a job sent on its own instance at once, not at its next poll, whether sent or brought forward', async () => {
    // A poll a minute apart, past the wait of every assertion below: only being woken runs them.
    const worker = queue({ pollingIntervalSeconds: 60 });
    const seen: string[] = [];
    let ran = () => {};
    worker.work<{ step: string }>('test-woken', async ({ step }) => {
      seen.push(step);
      ran();
    });
    worker.work(
      'test-woken-now',
      async () => {
        seen.push('now');
        ran();
      },
      { policy: 'stately' },
    );
    const runOf = (step: string) => new Promise<void>((resolve) => (ran = () => seen.includes(step) && resolve()));
    await worker.start();
    // The first poll, at the start, may find the first job; it is past once that job has run.
    let done = runOf('first');
    await worker.send('test-woken', { step: 'first' });
    await done;
    done = runOf('second');
    await worker.send('test-woken', { step: 'second' });
    await done;
    done = runOf('now');
    await worker.send('test-woken-now', {}, { singletonKey: 'later', startAfter: 3600 });
    expect(await worker.sendNow('test-woken-now', {}, 'later')).toBe('queued');
    await done;
    // A job for later wakes nobody: it waits where it was put.
    await worker.send('test-woken', { step: 'later' }, { startAfter: 3600 });
    expect(seen).toEqual(['first', 'second', 'now']);
    await worker.stop();
  });

  it('wakes the worker once for jobs sent together, after the last is stored, so one fetch finds them all', async () => {
    const worker = queue({ pollingIntervalSeconds: 60 });
    const finished: number[] = [];
    worker.work<{ n: number }>('test-side-by-side', async ({ n }) => void finished.push(n), { batchSize: 3 });
    await worker.start();
    // What reaches pg-boss, in order. (Whether one fetch then finds them all is pg-boss's; the
    // worker's own first poll, just started, may also look while they are being stored.)
    const boss = await (worker as unknown as { boss: Promise<PgBoss> }).boss;
    const stored = vi.spyOn(boss, 'send');
    const woken = vi.spyOn(boss, 'notifyWorker');
    await worker.sendEach('test-side-by-side', [{ data: { n: 1 } }, { data: { n: 2 } }, { data: { n: 3 } }]);
    expect(stored.mock.calls).toHaveLength(3);
    expect(woken.mock.calls).toHaveLength(1);
    expect(Math.max(...stored.mock.invocationCallOrder)).toBeLessThan(woken.mock.invocationCallOrder[0]!);
    stored.mockRestore();
    woken.mockRestore();
    await vi.waitFor(() => expect(finished.sort()).toEqual([1, 2, 3]), { timeout: 10_000 });
    await worker.stop();
  });

  it('hands the job of an instance that died to another within a minute, and tells when a job is given up', async () => {
    const seen: unknown[] = [];
    const givenUp: Array<[unknown, string | undefined]> = [];
    const live = queue();
    live.work<{ n: number }>(
      'test-expiring',
      async (data) => {
        if (data.n === 2) throw Object.assign(new Error('provider down'), { problem: 'unreachable' });
        seen.push(data);
      },
      {
        expireInSeconds: 30,
        retryLimit: 1,
        retryDelaySeconds: 3,
        onGivenUp: async (data, reason) => void givenUp.push([data, reason]),
        reasonOf: (error) => (error as { problem?: string }).problem,
      },
    );
    await live.send('test-expiring', { n: 1 });
    // An instance fetched it and died: the job stays active, nobody will finish it. Then time
    // passes beyond its expiry.
    expect(await dieWhileActive(database.db, 'test-expiring', 31)).toEqual([30]);
    expect(await live.runPending()).toBe(0);

    // The next maintenance pass of any live instance (one every MAINTENANCE_INTERVAL_SECONDS)
    // puts it back as a retry, due after its retry delay: from the death to the rerun, at worst
    // the expiry, one maintenance interval, and that delay.
    await live.maintain();
    const [retry] = await jobsOf(database.db, 'test-expiring');
    expect(retry!.state).toBe('retry');
    expect(30 + MAINTENANCE_INTERVAL_SECONDS + retry!.wait).toBeLessThan(60);
    await retriesDueNow(database.db, 'test-expiring');
    expect(await live.runPending()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);

    // A job that fails its last attempt is given up, with the reason its kind gave the error.
    await live.send('test-expiring', { n: 2 });
    await expect(live.runPending()).rejects.toThrow('provider down');
    expect(givenUp).toEqual([]);
    await retriesDueNow(database.db, 'test-expiring');
    await expect(live.runPending()).rejects.toThrow('provider down');
    expect(givenUp).toEqual([[{ n: 2 }, 'unreachable']]);
  });

  it('applies a batched kind a fetched batch at once: the jobs it answers are retried, the rest done', async () => {
    const worker = queue();
    const batches: number[][] = [];
    worker.workBatch<{ n: number }>(
      'test-batched',
      async (jobs) => {
        batches.push(jobs.map((job) => job.data.n).sort((a, b) => a - b));
        return jobs.filter((job) => job.data.n === 2).map((job) => ({ id: job.id, error: new Error('not yet') }));
      },
      { retryDelaySeconds: 1, retryBackoff: false },
    );
    for (const n of [1, 2, 3]) await worker.send('test-batched', { n });
    await expect(worker.runPending()).rejects.toThrow('not yet');
    expect(batches).toEqual([[1, 2, 3]]);
    expect((await jobsOf(database.db, 'test-batched')).map((job) => job.state).sort()).toEqual([
      'completed',
      'completed',
      'retry',
    ]);
    await retriesDueNow(database.db, 'test-batched');
    await expect(worker.runPending()).rejects.toThrow('not yet');
    expect(batches).toEqual([[1, 2, 3], [2]]);

    // A batch that throws fails every job of it.
    worker.workBatch('test-batch-throws', async () => {
      throw new Error('database gone');
    });
    await worker.send('test-batch-throws', { n: 1 });
    await worker.send('test-batch-throws', { n: 2 });
    await expect(worker.runPending()).rejects.toThrow('database gone');
    expect((await jobsOf(database.db, 'test-batch-throws')).map((job) => job.state)).toEqual(['retry', 'retry']);
  });

  it('stores jobs sent together in one statement, each resolved once it is stored', async () => {
    const sender = queue();
    const seen: number[] = [];
    sender.work<{ n: number }>('test-together', async ({ n }) => void seen.push(n));
    await Promise.all(Array.from({ length: 40 }, (_, n) => sender.sendTogether('test-together', { n })));
    // One statement: one transaction, whose now() every row took.
    const made = await rowsOf<{ at: string }>(
      database.db,
      sql`select distinct created_on::text as at from pgboss.job where name = 'test-together'`,
    );
    expect(made).toHaveLength(1);
    expect(await sender.runPending()).toBe(40);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
  });

  it('brings a job waiting under its key forward for sendNow, a failed one waiting for its retry too', async () => {
    const worker = queue();
    let fail = true;
    worker.work(
      'test-now',
      async () => {
        if (fail) throw new Error('not now');
      },
      { policy: 'stately', retryLimit: 3, retryDelaySeconds: 600 },
    );
    await worker.send('test-now', {}, { singletonKey: 'k', startAfter: 3600 });
    expect(await worker.sendNow('test-now', {}, 'k')).toBe('queued');
    await expect(worker.runPending()).rejects.toThrow('not now');
    const [retry] = await jobsOf(database.db, 'test-now');
    expect(retry!.state).toBe('retry');
    expect(retry!.wait).toBeGreaterThan(60);
    // Asked for again while it waits for its retry: due now, not a second job, and it runs.
    expect(await worker.sendNow('test-now', {}, 'k')).toBe('queued');
    const jobs = await jobsOf(database.db, 'test-now');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.wait).toBeLessThanOrEqual(0);
    fail = false;
    expect(await worker.runPending()).toBe(1);
  });
});
