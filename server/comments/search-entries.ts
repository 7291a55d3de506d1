import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import type { BackgroundTasks } from '../http/background';

/**
 * The trigram indexes of the message and author filters (GIN, server/db/schema.ts). A comment
 * written or changed adds its entries to an index's pending list, not to the index itself; the
 * statement that takes a list past `gin_pending_list_limit` (4 MB) merges the whole list into the
 * index before it ends. A bulk review of 1,000 comments adds about a megabyte, so every fourth or
 * fifth paid 60 to 120 ms of merging on top of its own 60 (docs/decisions/073).
 */
const SEARCH_INDEXES = [
  'comments_sentiment_message_trgm_idx',
  'comments_negative_message_trgm_idx',
  'comments_author_search_trgm_idx',
] as const;

/**
 * Merges the search indexes' pending lists into the indexes now; answers how many pages the lists
 * gave up. The database role must own the indexes, as the one that ran the migrations does.
 */
export async function mergePendingSearchEntries(db: Database): Promise<number> {
  const names = sql.join(
    SEARCH_INDEXES.map((name) => sql`${name}`),
    sql`, `,
  );
  const [row] = rowsOf<{ pages: number | string | null }>(
    await db.execute(sql`
      select sum(gin_clean_pending_list(index)) as pages from unnest(array[${names}]::regclass[]) as index`),
  );
  return Number(row?.pages ?? 0);
}

/** The databases with a merge under way in this process, and whether another was asked for meanwhile. */
const merging = new WeakMap<Database, { again: boolean }>();

/**
 * After a change to many comments at once (a bulk review, "done" for a selection or for all
 * matching, their undo): merges the pending lists once the answer has gone, so that the next such
 * change finds them short and never pays for a merge itself. One merge at a time in a process; one
 * asked for while another runs runs once after it.
 */
export function mergeSearchEntriesAfterAnswer(db: Database, background: BackgroundTasks): void {
  const running = merging.get(db);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: false };
  merging.set(db, state);
  background.defer(async () => {
    try {
      do {
        state.again = false;
        await mergePendingSearchEntries(db);
      } while (state.again);
    } finally {
      merging.delete(db);
    }
  });
}
