import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { PasswordHasher } from '../auth/passwords';
import { createDatabase, type Database } from '../db/client';
import { seed } from '../db/seed';

export type TestDatabase = { db: Database; driver: 'pglite' | 'postgres'; close(): Promise<void> };

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default, or (in
 * the `server-postgres` project) a uniquely named database on the PostgreSQL server at
 * TEST_DATABASE_URL (dropped on close),
 * so parallel files and runs never share state.
 */
export async function openTestDatabase(passwords: PasswordHasher): Promise<TestDatabase> {
  // The `server-postgres` Vitest project sets TEST_DB_BACKEND; the `server` project always runs on PGlite.
  const adminUrl = process.env.TEST_DB_BACKEND === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!adminUrl) {
    const handle = await createDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    await seed(handle.db, passwords);
    return { db: handle.db, driver: handle.driver, close: () => handle.close() };
  }

  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  try {
    await handle.migrate();
    await seed(handle.db, passwords);
  } catch (error) {
    await handle.close();
    await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    throw error;
  }
  return {
    db: handle.db,
    driver: handle.driver,
    close: async () => {
      await handle.close();
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
