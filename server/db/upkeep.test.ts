import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database';
import { jobsOf } from '../test/jobs';
import { JobQueue } from '../jobs/queue';
import { memoryLogger } from '../log';
import { rowsOf } from './client';
import {
  CHECKPOINT_AFTER_BYTES,
  checkpointIfDue,
  isDue,
  PGLITE_UPKEEP,
  scheduleUpkeep,
  tableSizes,
  upkeep,
  UPKEEP_EVERY_SECONDS,
  workUpkeep,
} from './upkeep';

describe('isDue', () => {
  it('takes a table never counted once it holds anything', () => {
    expect(isDue({ reltuples: -1, relpages: 0, pages: 1 })).toBe(true);
    expect(isDue({ reltuples: -1, relpages: 0, pages: 0 })).toBe(false);
  });

  it('takes a table again once it has grown by a tenth and by more than 8 pages', () => {
    expect(isDue({ reltuples: 1000, relpages: 100, pages: 118 })).toBe(false);
    expect(isDue({ reltuples: 1000, relpages: 100, pages: 119 })).toBe(true);
    // A small table: eight pages more first.
    expect(isDue({ reltuples: 10, relpages: 1, pages: 9 })).toBe(false);
    expect(isDue({ reltuples: 10, relpages: 1, pages: 10 })).toBe(true);
    // Counted empty (an index made on it), then filled.
    expect(isDue({ reltuples: 0, relpages: 0, pages: 9 })).toBe(true);
  });

  it('leaves a table as it was, or smaller', () => {
    expect(isDue({ reltuples: 5000, relpages: 34, pages: 34 })).toBe(false);
    expect(isDue({ reltuples: 5000, relpages: 340, pages: 34 })).toBe(false);
  });
});

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** What the catalog counts of `table` (in `public`), and its size now. */
async function sizeOf(table: string) {
  const sizes = await tableSizes(database.db);
  return sizes.find((size) => size.name === `public.${table}`)!;
}

describe('upkeep', () => {
  it.runIf(process.env.TEST_DB_BACKEND !== 'postgres')(
    "vacuums and analyzes PGlite's tables that grew since, and only those",
    async () => {
      const { db } = database;
      await db.execute(sql`create table upkept (id serial primary key, note text)`);
      await db.execute(sql`insert into upkept (note) select 'note ' || g from generate_series(1, 5000) g`);
      expect((await sizeOf('upkept')).reltuples).toBe(-1);

      const first = await upkeep(db);
      expect(first.map((done) => done.table)).toContain('public.upkept');
      expect(await sizeOf('upkept')).toMatchObject({ reltuples: 5000 });

      // Nothing grew: nothing to do.
      expect(await upkeep(db)).toEqual([]);

      // Every row updated: the old versions fill new pages, which tell the change.
      await db.execute(sql`update upkept set note = note || '!'`);
      const { relpages, pages } = await sizeOf('upkept');
      expect(pages).toBeGreaterThan(relpages * 1.1 + 8);
      expect((await upkeep(db)).map((done) => done.table)).toEqual(['public.upkept']);
      expect(await sizeOf('upkept')).toMatchObject({ reltuples: 5000, relpages: pages });

      // The same again fits in the space the vacuum freed: the table no longer grows.
      await db.execute(sql`update upkept set note = note || '?' where id <= 2000`);
      expect((await sizeOf('upkept')).pages).toBe(pages);
      await db.execute(sql`drop table upkept`);
    },
  );

  it.runIf(process.env.TEST_DB_BACKEND === 'postgres')('leaves PostgreSQL to its autovacuum', async () => {
    await database.db.execute(sql`create table upkept (id serial primary key)`);
    await database.db.execute(sql`insert into upkept select from generate_series(1, 5000)`);
    expect(await upkeep(database.db)).toEqual([]);
    await database.db.execute(sql`drop table upkept`);
  });

  it.runIf(process.env.TEST_DB_BACKEND !== 'postgres')(
    'checkpoints PGlite once a segment of WAL is written, and keeps no more than its max_wal_size',
    async () => {
      const { db } = database;
      const walFiles = async () =>
        rowsOf<{ bytes: number }>(await db.execute(sql`select sum(size)::float8 as bytes from pg_ls_waldir()`))[0]!;
      expect(rowsOf(await db.execute(sql`select current_setting('max_wal_size') as max`))[0]).toEqual({
        max: '64MB',
      });
      await checkpointIfDue(db);
      // Less than a segment since: nothing to do.
      await db.execute(sql`create table walled (id serial primary key, note text)`);
      await db.execute(sql`insert into walled (note) select 'note ' || g from generate_series(1, 1000) g`);
      expect(await checkpointIfDue(db)).toBeNull();

      // Five segments of WAL (messages: WAL as any write makes it, without the rows' time), more
      // than max_wal_size: the WAL holds all of it until a checkpoint.
      await db.execute(
        sql`select pg_logical_emit_message(false, 'upkeep', repeat('x', 1024 * 1024)) from generate_series(1, 80)`,
      );
      const before = await walFiles();
      expect(before.bytes).toBeGreaterThan(80 * 1024 * 1024);

      const checkpoint = await checkpointIfDue(db);
      expect(checkpoint?.walBytes).toBeGreaterThan(80 * 1024 * 1024);
      expect(CHECKPOINT_AFTER_BYTES).toBeLessThan(80 * 1024 * 1024);
      const after = await walFiles();
      expect(after.bytes).toBeLessThanOrEqual(64 * 1024 * 1024);
      expect(await checkpointIfDue(db)).toBeNull();
      await db.execute(sql`drop table walled`);
    },
  );

  it.runIf(process.env.TEST_DB_BACKEND !== 'postgres')(
    'runs PGlite with a 32 MB buffer pool, all a checkpoint can have to write (docs/decisions/086)',
    async () => {
      expect(rowsOf(await database.db.execute(sql`select current_setting('shared_buffers') as buffers`))).toEqual([
        { buffers: '32MB' },
      ]);
    },
  );

  it.runIf(process.env.TEST_DB_BACKEND === 'postgres')('leaves checkpoints to PostgreSQL', async () => {
    expect(await checkpointIfDue(database.db)).toBeNull();
  });

  it.runIf(process.env.TEST_DB_BACKEND !== 'postgres')('runs as a job that queues its next round', async () => {
    const { db } = database;
    const { log, lines } = memoryLogger();
    const jobs = new JobQueue(db, { onError: (error) => log.error({ error }, 'job queue error') });
    try {
      workUpkeep(jobs, db, log);
      await db.execute(sql`create table upkept_by_job (id serial primary key)`);
      await db.execute(sql`insert into upkept_by_job select from generate_series(1, 100)`);
      await db.execute(
        sql`select pg_logical_emit_message(false, 'upkeep', repeat('x', 1024 * 1024)) from generate_series(1, 20)`,
      );
      await scheduleUpkeep(jobs);
      await jobs.runPending();
      expect((await sizeOf('upkept_by_job')).reltuples).toBe(100);
      const done = lines().find((line) => String(line.msg).startsWith('vacuumed and analyzed'));
      expect(done?.tables).toContainEqual(expect.objectContaining({ table: 'public.upkept_by_job' }));
      const checkpointed = lines().find((line) => String(line.msg).startsWith('checkpointed'));
      expect(checkpointed?.checkpoint).toMatchObject({ walBytes: expect.any(Number), ms: expect.any(Number) });
      expect(checkpointed?.msg).toMatch(/^checkpointed 2\d MB of WAL in \d+ ms$/);
      const next = (await jobsOf(db, PGLITE_UPKEEP)).filter((job) => job.state === 'created');
      expect(next).toHaveLength(1);
      expect(next[0]!.wait).toBeGreaterThan(UPKEEP_EVERY_SECONDS - 5);
    } finally {
      await jobs.stop();
      await db.execute(sql`drop table if exists upkept_by_job`);
    }
  });
});
