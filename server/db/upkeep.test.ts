import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database';
import { jobsOf } from '../test/jobs';
import { JobQueue } from '../jobs/queue';
import { memoryLogger } from '../log';
import { isDue, PGLITE_UPKEEP, scheduleUpkeep, tableSizes, upkeep, UPKEEP_EVERY_SECONDS, workUpkeep } from './upkeep';

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

  it.runIf(process.env.TEST_DB_BACKEND !== 'postgres')('runs as a job that queues its next round', async () => {
    const { db } = database;
    const { log, lines } = memoryLogger();
    const jobs = new JobQueue(db, { onError: (error) => log.error({ error }, 'job queue error') });
    try {
      workUpkeep(jobs, db, log);
      await db.execute(sql`create table upkept_by_job (id serial primary key)`);
      await db.execute(sql`insert into upkept_by_job select from generate_series(1, 100)`);
      await scheduleUpkeep(jobs);
      await jobs.runPending();
      expect((await sizeOf('upkept_by_job')).reltuples).toBe(100);
      const done = lines().find((line) => String(line.msg).startsWith('vacuumed and analyzed'));
      expect(done?.tables).toContainEqual(expect.objectContaining({ table: 'public.upkept_by_job' }));
      const next = (await jobsOf(db, PGLITE_UPKEEP)).filter((job) => job.state === 'created');
      expect(next).toHaveLength(1);
      expect(next[0]!.wait).toBeGreaterThan(UPKEEP_EVERY_SECONDS - 5);
    } finally {
      await jobs.stop();
      await db.execute(sql`drop table if exists upkept_by_job`);
    }
  });
});
