import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { parseConfig } from './config';
import { createDatabase } from './db/client';
import { FACEBOOK_DATA_DELETION } from './facebook-deletion/job';
import { JobQueue } from './jobs/queue';
import { memoryLogger } from './log';
import { MemoryMailer } from './mail/mailer';
import { setUpDatabase } from './start-up';
import { TEST_ENV } from './test/harness';
import { testPasswords } from './test/passwords';
import { createEmptyDatabase } from './test/postgres-admin';
import { IMPORT_TIKTOK_USER } from './tiktok/import-job';

// The `server-postgres` project only: PGlite is one process's own database.
const adminUrl = process.env.TEST_DB_BACKEND === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

const config = parseConfig(TEST_ENV);
const passwords = testPasswords();

/**
 * One API instance's start as server/main.ts makes it, with a connection pool and a job queue
 * of its own: the app built (registering its jobs), the database set up, the queue polling;
 * then stopped. Local mode seeds the demo data too; a deployment only the promo coupon.
 */
async function startInstance(url: string, mode: 'local' | 'deployment') {
  const database = await createDatabase({ databaseUrl: url, dataDir: 'memory://' });
  const errors: unknown[] = [];
  const jobs = new JobQueue(database.db, { onError: (error) => errors.push(error) });
  try {
    createApp({
      db: database.db,
      config,
      mailer: new MemoryMailer(() => {}),
      passwords,
      log: memoryLogger().log,
      jobs,
    });
    await setUpDatabase(database, jobs, { passwords, seed: { demoAccounts: mode === 'local' } });
    await jobs.start();
  } finally {
    await jobs.stop();
    await database.close();
  }
  if (errors.length > 0) throw errors[0];
}

/** Three instances started at the same moment: how each that failed failed. */
async function startThreeAtOnce(url: string, mode: 'local' | 'deployment') {
  const results = await Promise.allSettled([1, 2, 3].map(() => startInstance(url, mode)));
  return results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
}

const ROUNDS = 10;
// Both modes, in turn: local mode's seed adds its own writes to the start.
const modeOf = (round: number) => (round % 2 === 0 ? 'local' : 'deployment');
// Ten rounds on new databases took 40 to 75 s on a shared 2-core machine under heavy load (the
// other cases a third of that): room to spare, since a slow machine must not fail this.
const ROUNDS_TIMEOUT = { timeout: 180_000 };

describe.runIf(adminUrl)('instances starting together on one PostgreSQL', () => {
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  /** A database one instance has set up, as a running deployment has it. */
  async function setUpOnce() {
    const { url, drop } = await createEmptyDatabase(adminUrl!);
    drops.push(drop);
    await startInstance(url, 'local');
    return url;
  }

  it('all start on a new, empty database', ROUNDS_TIMEOUT, async () => {
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { url, drop } = await createEmptyDatabase(adminUrl!);
      try {
        failures.push(...(await startThreeAtOnce(url, modeOf(round))));
      } finally {
        await drop();
      }
    }
    expect(failures).toEqual([]);
  });

  it('all start on a database already set up', ROUNDS_TIMEOUT, async () => {
    const url = await setUpOnce();
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) failures.push(...(await startThreeAtOnce(url, modeOf(round))));
    expect(failures).toEqual([]);
  });

  it('all start after a release that adds queues (a set-up database missing two)', ROUNDS_TIMEOUT, async () => {
    const url = await setUpOnce();
    const admin = await createDatabase({ databaseUrl: url, dataDir: 'memory://' });
    const failures: string[] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        for (const name of [FACEBOOK_DATA_DELETION, IMPORT_TIKTOK_USER]) {
          await admin.db.execute(sql`SELECT pgboss.delete_queue(${name})`);
        }
        failures.push(...(await startThreeAtOnce(url, modeOf(round))));
      }
    } finally {
      await admin.close();
    }
    expect(failures).toEqual([]);
  });
});
