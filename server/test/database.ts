import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../db/client';
import { databaseUrlFor, withAdmin } from './postgres-admin';

export type TestDatabase = { db: Database; driver: 'pglite' | 'postgres'; close(): Promise<void> };

/**
 * A migrated and seeded database of the test file's own, copied from the one the global setup
 * made (server/test/global-setup.ts): an in-memory PGlite loaded from its snapshot, or (in the
 * `server-postgres` project) a uniquely named database made from its template on the
 * PostgreSQL server at TEST_DATABASE_URL, dropped on close. Parallel files never share state.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  // The `server-postgres` Vitest project sets TEST_DB_BACKEND; the `server` project always runs on PGlite.
  const adminUrl = process.env.TEST_DB_BACKEND === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!adminUrl) {
    const snapshot = new Blob([await readFile(inject('pgliteSnapshot'))]);
    const handle = await createDatabase({ dataDir: 'memory://', loadDataDir: snapshot });
    return { db: handle.db, driver: handle.driver, close: () => handle.close() };
  }

  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (admin) =>
    admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('postgresTemplate')}"`),
  );
  const handle = await createDatabase({ databaseUrl: databaseUrlFor(adminUrl, name), dataDir: 'memory://' });
  return {
    db: handle.db,
    driver: handle.driver,
    close: async () => {
      await handle.close();
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
