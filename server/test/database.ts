import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../db/client';
import * as schema from '../db/schema';
import { databaseUrlFor, withAdmin } from './postgres-admin';

export type TestDatabase = {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The same database through a Drizzle instance that reports every query it sends to `logger`. */
  observed(logger: Logger): Database;
  /**
   * PostgreSQL only: the same database through a connection pool of its own, as a second API
   * instance would reach it. Close it before `close`.
   */
  connectAgain?: () => Promise<{ db: Database; close(): Promise<void> }>;
};

function observer(db: Database, driver: TestDatabase['driver']) {
  const client = (db as unknown as { $client: unknown }).$client;
  return (logger: Logger) =>
    (driver === 'pglite'
      ? drizzlePglite({ client: client as PGlite, schema, logger })
      : drizzlePg({ client: client as pg.Pool, schema, logger })) as unknown as Database;
}

/** The snapshot's bytes, read once for all the files a worker runs (they share its modules). */
let snapshotBytes: Promise<Buffer> | undefined;

/**
 * A Blob that hands PGlite a copy of the snapshot's bytes at once. PGlite reads `loadDataDir` with
 * one `arrayBuffer()` call; for a Blob made of the 43 MB snapshot, Node spent about 130 ms making it
 * and 250 ms reading it back, in every test file, before PostgreSQL even started (an open took
 * about 990 ms, then 730 ms with this; both before docs/decisions/086 made PGlite's pool smaller).
 * Each database gets its own copy, since PGlite untars into memory a database then changes.
 */
class SnapshotBlob extends Blob {
  constructor(private readonly contents: ArrayBuffer) {
    super([], { type: 'application/x-tar' });
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.contents);
  }
}

async function snapshotBlob(): Promise<Blob> {
  snapshotBytes ??= readFile(inject('pgliteSnapshot'));
  const bytes = await snapshotBytes;
  return new SnapshotBlob(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
}

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
    const handle = await createDatabase({ dataDir: 'memory://', loadDataDir: await snapshotBlob() });
    return {
      db: handle.db,
      driver: handle.driver,
      close: () => handle.close(),
      observed: observer(handle.db, 'pglite'),
    };
  }

  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (admin) =>
    admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('postgresTemplate')}"`),
  );
  const url = databaseUrlFor(adminUrl, name);
  const handle = await createDatabase({ databaseUrl: url, dataDir: 'memory://' });
  return {
    db: handle.db,
    driver: handle.driver,
    observed: observer(handle.db, 'postgres'),
    connectAgain: async () => {
      const again = await createDatabase({ databaseUrl: url, dataDir: 'memory://' });
      return { db: again.db, close: () => again.close() };
    },
    close: async () => {
      await handle.close();
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
