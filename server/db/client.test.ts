import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database';
import { rowsOf } from './client';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe.runIf(process.env.TEST_DB_BACKEND !== 'postgres')('PGlite', () => {
  it('runs with a buffer pool of 32 MB, which its start touches whole (docs/decisions/086)', async () => {
    const settings = rowsOf<{ buffers: string; wal: string }>(
      await database.db.execute(
        sql`select current_setting('shared_buffers') as buffers, current_setting('max_wal_size') as wal`,
      ),
    );
    expect(settings).toEqual([{ buffers: '32MB', wal: '64MB' }]);
  });
});
