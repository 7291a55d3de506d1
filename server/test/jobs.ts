import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * pg-boss's own state, read and moved by hand: how a test makes an instance die while a job is
 * active, or time pass until a retry is due, without waiting (server/jobs/queue.ts).
 */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  // PGlite's and node-postgres's results both carry `rows`.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The queued jobs of `name` taken by an instance that then died, `secondsAgo`: active, and
 * never to be finished by it. Answers each one's expiry, in seconds.
 */
export async function dieWhileActive(db: Database, name: string, secondsAgo: number): Promise<number[]> {
  const rows = await rowsOf<{ expire: number }>(
    db,
    sql`update pgboss.job set state = 'active', started_on = now() - make_interval(secs => ${secondsAgo})
        where name = ${name} and state in ('created', 'retry')
        returning extract(epoch from expire_in)::int as expire`,
  );
  return rows.map((row) => row.expire);
}

/** The state of `name`'s jobs, and how long until each may start (seconds; negative: due). */
export function jobsOf(db: Database, name: string) {
  return rowsOf<{ state: string; wait: number; data: unknown }>(
    db,
    sql`select state, extract(epoch from start_after - now())::float as wait, data
        from pgboss.job where name = ${name} order by created_on`,
  );
}

/**
 * Time passes until every retry of `name` is due. A second in the past, not `now()`: pg-boss
 * fetches what started strictly before its own `now()`, and the embedded database's clock can
 * read the same instant for both statements.
 */
export async function retriesDueNow(db: Database, name: string): Promise<void> {
  await db.execute(
    sql`update pgboss.job set start_after = now() - interval '1 second' where name = ${name} and state = 'retry'`,
  );
}
