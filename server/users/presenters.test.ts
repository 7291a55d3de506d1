import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { couponRedemptions, coupons } from '../db/schema';
import * as schema from '../db/schema';
import { startHarness, type Harness } from '../test/harness';
import { presentUser, presentUsers } from './presenters';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

/** The test file's database, through a second Drizzle instance that counts the queries it sends. */
function countingDatabase() {
  const sent: string[] = [];
  const logger = { logQuery: (query: string) => void sent.push(query) };
  const client = (h.db as unknown as { $client: unknown }).$client;
  const db = (h.driver === 'pglite'
    ? drizzlePglite({ client: client as PGlite, schema, logger })
    : drizzlePg({ client: client as pg.Pool, schema, logger })) as unknown as Database;
  return { db, sent };
}

describe('presentUsers', () => {
  it('reads the redeemed coupons of any number of users in one query', async () => {
    await h.db.insert(coupons).values({ code: 'list-5', discountPercent: 5, durationMonths: 1 });
    const rows = await Promise.all(Array.from({ length: 5 }, () => h.factories.user()));
    await h.db.insert(couponRedemptions).values([
      { userId: rows[1].row.id, couponCode: 'list-5' },
      { userId: rows[3].row.id, couponCode: 'list-5' },
    ]);

    const { db, sent } = countingDatabase();
    const users = await presentUsers(
      db,
      rows.map((r) => r.row),
    );
    expect(sent).toHaveLength(1);
    expect(users.map((user) => user.redeemedCoupons)).toEqual([[], ['list-5'], [], ['list-5'], []]);
    expect(users.map((user) => user._id)).toEqual(rows.map((r) => r.row.id));
  });

  it('asks nothing for no users, and one query for one', async () => {
    const { db, sent } = countingDatabase();
    expect(await presentUsers(db, [])).toEqual([]);
    expect(sent).toHaveLength(0);
    const { row } = await h.factories.user({ firstName: 'Una' });
    expect(await presentUser(db, row)).toMatchObject({ firstName: 'Una', redeemedCoupons: [] });
    expect(sent).toHaveLength(1);
  });
});
