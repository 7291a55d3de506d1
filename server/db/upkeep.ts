import { sql } from 'drizzle-orm';
import type { JobQueue } from '../jobs/queue';
import type { Logger } from '../log';
import { isPglite, rowsOf, type Database } from './client';

/**
 * PGlite's upkeep (docs/decisions/084, 085): what PostgreSQL's autovacuum and checkpointer do for
 * a server, done here for the embedded database, which has no background workers to run them.
 * Without it a PGlite database is never analyzed (the planner guesses every table's contents: a
 * project's comments at 400,000 took 167 ms where they take 22 ms analyzed), never vacuumed (the
 * rows each update or delete leaves behind, in the counts the fold rewrites every minute and the
 * job queue's tables, stay for good), and never checkpointed (its WAL grows until it closes).
 */
export const PGLITE_UPKEEP = 'pglite-upkeep';

/** How often the upkeep looks, as autovacuum does by default (`autovacuum_naptime`). */
export const UPKEEP_EVERY_SECONDS = 60;

/**
 * A table is vacuumed and analyzed again once it has grown by a tenth since it last was
 * (`autovacuum_analyze_scale_factor`), and by more than this many pages (64 kB): a handful of rows
 * in a small table is not worth a statement.
 */
const GROWTH = 0.1;
const GROWTH_FLOOR_PAGES = 8;

/**
 * What the catalog keeps of a table: `reltuples` and `relpages` as its last vacuum or analyze
 * counted them (-1 rows: never), `pages` its size now. PGlite keeps no activity statistics (its
 * `pg_stat_user_tables` counts nothing between two vacuums), so growth since then is what tells
 * that a table changed: inserts grow it, and so do updates and deletes once the space a vacuum
 * freed is used up.
 */
export type TableSize = { reltuples: number; relpages: number; pages: number };

/** Whether a table is due its vacuum and analyze: never done and not empty, or grown since. */
export function isDue({ reltuples, relpages, pages }: TableSize): boolean {
  if (pages === 0) return false;
  if (reltuples < 0) return true;
  return pages > relpages * (1 + GROWTH) + GROWTH_FLOOR_PAGES;
}

/** Every table's size now and as its last count saw it, named as a statement names it. */
export async function tableSizes(db: Database): Promise<Array<TableSize & { name: string }>> {
  return rowsOf<TableSize & { name: string }>(
    await db.execute(sql`
      select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name,
             c.reltuples::float8 as reltuples, c.relpages::int as relpages,
             (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'm')
        and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\_toast%' and n.nspname not like 'pg\_temp%'
      order by c.oid`),
  );
}

/**
 * Vacuums and analyzes each table that is due, one statement at a time (PGlite runs one statement
 * at once: requests wait between two tables, not for all of them); answers each one done and how
 * long it took. On PostgreSQL, autovacuum's work: nothing.
 */
export async function upkeep(db: Database): Promise<Array<{ table: string; ms: number }>> {
  if (!isPglite(db)) return [];
  const done: Array<{ table: string; ms: number }> = [];
  for (const table of await tableSizes(db)) {
    if (!isDue(table)) continue;
    const started = performance.now();
    await db.execute(sql.raw(`vacuum (analyze) ${table.name}`));
    done.push({ table: table.name, ms: Math.round(performance.now() - started) });
  }
  return done;
}

/**
 * How much WAL since the last checkpoint makes the upkeep ask for one: a segment. PGlite runs
 * PostgreSQL as a single user, which never checkpoints by itself (no checkpointer; the checkpoint
 * that `max_wal_size` asks for is requested only under a postmaster), so until it closes every
 * change stays in the WAL: the files grow without bound, and a start after a crash replays all of
 * it (3.3 s to open after a seed of 200,000 comments, against 0.8 s).
 */
export const CHECKPOINT_AFTER_BYTES = 16 * 1024 * 1024;

/**
 * Checkpoints PGlite once a segment of WAL or more was written since its last checkpoint, which
 * lets it drop the segments beyond its `max_wal_size` (server/db/client.ts); answers how much WAL
 * the checkpoint covered and how long it took, or null when none was due. On PostgreSQL, the
 * checkpointer's work: nothing.
 */
export async function checkpointIfDue(db: Database): Promise<{ walBytes: number; ms: number } | null> {
  if (!isPglite(db)) return null;
  const [since] = rowsOf<{ bytes: number }>(
    await db.execute(
      sql`select (pg_current_wal_insert_lsn() - redo_lsn)::float8 as bytes from pg_control_checkpoint()`,
    ),
  );
  const walBytes = Number(since?.bytes ?? 0);
  if (walBytes < CHECKPOINT_AFTER_BYTES) return null;
  const started = performance.now();
  await db.execute(sql`checkpoint`);
  return { walBytes, ms: Math.round(performance.now() - started) };
}

/** Registers the upkeep (PGlite only): each run queues the next. */
export function workUpkeep(jobs: JobQueue, db: Database, log: Logger): void {
  if (!isPglite(db)) return;
  jobs.work(
    PGLITE_UPKEEP,
    async () => {
      const done = await upkeep(db);
      if (done.length > 0) log.info({ tables: done }, `vacuumed and analyzed ${done.length} tables`);
      // After the vacuums, whose writes it then covers too.
      const checkpoint = await checkpointIfDue(db);
      if (checkpoint) {
        const megabytes = Math.round(checkpoint.walBytes / (1024 * 1024));
        log.info({ checkpoint }, `checkpointed ${megabytes} MB of WAL in ${checkpoint.ms} ms`);
      }
      await scheduleUpkeep(jobs, UPKEEP_EVERY_SECONDS);
    },
    { policy: 'stately', retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 15 * 60 },
  );
}

/** Queues the upkeep unless one already waits (the server calls it at start, on PGlite). */
export async function scheduleUpkeep(jobs: JobQueue, afterSeconds = 0): Promise<void> {
  await jobs.send(
    PGLITE_UPKEEP,
    {},
    { singletonKey: 'upkeep', ...(afterSeconds > 0 ? { startAfter: afterSeconds } : {}) },
  );
}
