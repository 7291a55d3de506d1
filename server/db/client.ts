import { fileURLToPath } from 'node:url';
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
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
  /**
   * Applies every pending migration from server/db/migrations. Not locked by itself: where other
   * instances may start at the same moment, call it inside `startUp`.
   */
  migrate(): Promise<void>;
  /**
   * Runs `work` (everything a start creates: migrations, the job queue's schema and queues, the
   * seed) while no other instance's start-up runs: on PostgreSQL under a session advisory lock
   * held on a connection of its own for the whole of `work`; PGlite is one process's database,
   * so there it simply runs. `onWait` is told when another instance holds the lock.
   */
  startUp<T>(work: () => Promise<T>, options?: { onWait?: () => void }): Promise<T>;
  close(): Promise<void>;
  /**
   * Resolves once the database can be queried (PGlite's WASM started and its data read; at once
   * for PostgreSQL, whose pool connects on the first query). Queries sent before wait for it.
   */
  opened: Promise<void>;
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

/** A database, open and ready for queries. */
export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = openDatabase(options);
  await handle.opened;
  return handle;
}

/**
 * A database that opens in the background (`opened`), so that the server can listen meanwhile:
 * PGlite takes about half a second to start its WASM and read its data (docs/decisions/060).
 */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onIdleConnectionLost)
    : openPglite(options.dataDir, options.loadDataDir);
}

/**
 * The settings each of the API's PostgreSQL connections starts with. JIT compiling pays off for
 * long reports, not for the app's statements of a few milliseconds: the planner's cost of a walk
 * over many channels (server/inbox/queries.ts) is guessed high, and compiling it took 7 to 10 ms
 * of a 50 ms statement. docs/deploy.md says how behind a pooler.
 */
export const POSTGRES_CONNECTION_OPTIONS = '-c jit=off';

function openPostgres(connectionString: string, onIdleConnectionLost?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10, options: POSTGRES_CONNECTION_OPTIONS });
  // An idle client that loses its connection emits 'error' on the pool; unhandled, it would
  // crash the process. The next query simply gets a fresh client.
  pool.on('error', (error) => onIdleConnectionLost?.(error));
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    driver: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    startUp: (work, options) => whileStartingAlone(connectionString, work, options?.onWait),
    close: () => pool.end(),
    opened: Promise.resolve(),
  };
}

/**
 * Any fixed number: the key of the advisory lock every instance holds while it starts. The
 * same key the migrations alone once took, so an instance of the previous release starting
 * during a rolling deploy never migrates at the same time.
 */
const START_UP_LOCK = 7_021_014;

/**
 * How long the first connection may take before the start gives up: a host that drops packets
 * would otherwise hold it for the operating system's TCP timeout (minutes) without a word.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Several instances starting together against one PostgreSQL would each apply the pending
 * migrations, create pg-boss's schema and attach its queues' tables at once: duplicate catalog
 * rows and deadlocks, and all but one crash. A session advisory lock on a connection of its own
 * (outside the pool, so `work` keeps all ten) lets one start while the others wait, then find
 * nothing left to create. The lock ends with its connection, so an instance that dies half-way
 * never leaves the others waiting. This is also the start's first contact with the server: a
 * database it cannot reach fails here (server/db/connection-problems.ts says why).
 */
async function whileStartingAlone<T>(
  connectionString: string,
  work: () => Promise<T>,
  onWait?: () => void,
): Promise<T> {
  const lock = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A connection lost while `work` runs would otherwise emit an unhandled 'error' and end the
  // process; the lock is gone with it, and `work`'s own queries report the outage.
  lock.on('error', () => {});
  await lock.connect();
  try {
    const { rows } = await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      START_UP_LOCK,
    ]);
    if (!rows[0]?.locked) {
      onWait?.();
      await lock.query('SELECT pg_advisory_lock($1)', [START_UP_LOCK]);
    }
    return await work();
  } finally {
    // Closing the session releases its lock.
    await lock.end().catch(() => {});
  }
}

/**
 * Whether opening the database starts a new one: PGlite in memory, or in a folder it has never
 * set up. PostgreSQL's is made by its operator: not new as far as a start can tell.
 */
export function isNewDatabase(options: Pick<DatabaseOptions, 'databaseUrl' | 'dataDir'>): boolean {
  if (options.databaseUrl) return false;
  return options.dataDir.startsWith('memory://') || !existsSync(join(options.dataDir, 'PG_VERSION'));
}

/**
 * Puts a copy of `emptyDatabase` (the migrated empty PGlite database the build puts beside the
 * API's bundle: scripts/database-snapshot.mjs, docs/decisions/061) into `dataDir` when that is a
 * folder PGlite has never set up: a quarter of a second where PGlite's own initdb and the
 * migrations take four. Says whether it did: not into a folder that holds anything, not in
 * memory or on PostgreSQL, not where there is no such copy (the API run from its sources, where
 * PGlite makes its database itself, as it always could).
 */
export function startFromEmptyDatabase(
  options: Pick<DatabaseOptions, 'databaseUrl' | 'dataDir'>,
  emptyDatabase: string,
): boolean {
  if (!isNewDatabase(options) || options.dataDir.startsWith('memory://') || !existsSync(emptyDatabase)) return false;
  mkdirSync(options.dataDir, { recursive: true });
  if (readdirSync(options.dataDir).length > 0) return false;
  cpSync(emptyDatabase, options.dataDir, { recursive: true });
  return true;
}

/**
 * How many calls from PGlite's WASM into JavaScript (its file system, its clock) go through V8's
 * generic wrapper before V8 compiles one for that import: a billion, not a thousand. On Node 22
 * and 24, freeing such a compiled wrapper after a PGlite instance was collected can abort the
 * whole process on a failed V8 check (`jit_page_->allocations_.erase(addr) == 1`): the API tests,
 * which open and close dozens of PGlite databases in one process, died of it. With the wrappers
 * left generic none is compiled, so none is freed. docs/decisions/072 has the stack and the
 * figures.
 */
const WASM_WRAPPER_TIERING_BUDGET = 1_000_000_000;

/**
 * How much WAL a PGlite database keeps (docs/decisions/085). PostgreSQL's defaults (1 GB, 80 MB)
 * suit a server whose checkpointer runs on its own; PGlite checkpoints only when the upkeep asks
 * (server/db/upkeep.ts) or it closes, and then keeps (recycles) up to `max_wal_size` of segments
 * for good: 577 MB of WAL beside 223 MB of data after a seed of 200,000 comments. With these, a
 * checkpoint leaves 64 MB at most.
 */
const PGLITE_WAL_SETTINGS = ['-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'];

/**
 * PGlite's buffer pool (docs/decisions/086): 32 MB, not PostgreSQL's 128 MB. Opening a database
 * takes about 3 ms and the process about 1 MB more for each megabyte of pool: `npm start` on an
 * existing `.data/` opened it in 895 ms with 128 MB and 558 ms with 32 MB, and every API test file
 * opens one. Pages past the pool come from the operating system's file cache; on 200,000 comments
 * the API's reads were within a few milliseconds and the webhooks' writes as fast with either.
 */
const PGLITE_MEMORY_SETTINGS = ['-c', 'shared_buffers=32MB'];

/** The databases on PGlite: one connection, which every statement waits its turn for. */
const pgliteDatabases = new WeakSet<Database>();

/** Whether `db` is PGlite's (one connection) rather than a PostgreSQL pool's. */
export const isPglite = (db: Database): boolean => pgliteDatabases.has(db);

function openPglite(dataDir: string, loadDataDir?: Blob): DatabaseHandle {
  // Set before each database opens (the same value again is no change): every PGlite instance
  // starts with it.
  setFlagsFromString(`--wasm-wrapper-tiering-budget=${WASM_WRAPPER_TIERING_BUDGET}`);
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // The extensions of the searches (migrations 0004 and 0034): PGlite builds them in but loads only
  // those named.
  // Its constructor returns at once; every query waits for `waitReady`.
  const client = new PGlite({
    dataDir: inMemory ? undefined : dataDir,
    loadDataDir,
    extensions: { pg_trgm, unaccent, btree_gin },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_WAL_SETTINGS, ...PGLITE_MEMORY_SETTINGS],
  });
  const db = drizzlePglite({ client, schema });
  pgliteDatabases.add(db);
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      await client.waitReady;
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    startUp: (work) => work(),
    close: async () => {
      // Closing a database that never opened (a start that failed) has nothing to close.
      await client.waitReady.catch(() => {});
      if (!client.closed) await client.close();
    },
    opened: client.waitReady,
    // Checkpointed first: a copy of a running database opens by replaying the WAL since its last
    // checkpoint (about 4 MB, the migrations and the seed, for the API tests' snapshot: some
    // 130 ms of every test file's open), and after a checkpoint there is next to none.
    dump: async () => {
      await client.exec('checkpoint');
      return client.dumpDataDir('none');
    },
  };
}

/** The rows of a raw query (`db.execute`): node-postgres and PGlite both answer with `{ rows }`. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
