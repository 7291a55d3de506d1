import { fileURLToPath } from 'node:url';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/**
 * The one database type route code sees. Both drivers produce a PgDatabase; typing against
 * the base class keeps every query driver-agnostic.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Applies every pending migration from server/db/migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, for `loadDataDir`. */
  dump?: () => Promise<Blob>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** A PGlite snapshot (`dumpDataDir`) to start from: tests open a migrated, seeded copy. */
  loadDataDir?: Blob;
  /**
   * Told when an idle PostgreSQL connection is lost (a restart, a failover, a dropped test
   * database). Nothing to act on: the next query takes a fresh connection. The server logs it.
   */
  onIdleConnectionLost?: (error: Error) => void;
};

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onIdleConnectionLost)
    : openPglite(options.dataDir, options.loadDataDir);
}

function openPostgres(connectionString: string, onIdleConnectionLost?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client that loses its connection emits 'error' on the pool; unhandled, it would
  // crash the process. The next query simply gets a fresh client.
  pool.on('error', (error) => onIdleConnectionLost?.(error));
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    driver: 'postgres',
    migrate: () => migrateAlone(pool, () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER })),
    close: () => pool.end(),
  };
}

/** Any fixed number: the key of the advisory lock every instance takes before migrating. */
const MIGRATION_LOCK = 7_021_014;

/**
 * Several instances starting together against one PostgreSQL would each apply the pending
 * migrations and all but one would fail half-way; a session advisory lock lets one migrate
 * while the others wait, then find nothing left to do.
 */
async function migrateAlone(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate();
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    lock.release();
  }
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  // The users search's extensions (migration 0004): PGlite builds them in but loads only those named.
  const client = await PGlite.create({
    dataDir: inMemory ? undefined : dataDir,
    loadDataDir,
    extensions: { pg_trgm, unaccent },
  });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

/** The rows of a raw query (`db.execute`): node-postgres and PGlite both answer with `{ rows }`. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
