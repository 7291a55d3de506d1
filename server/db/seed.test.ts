import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database';
import { testPasswords } from '../test/passwords';
import { coupons, users } from './schema';
import { PROMO_COUPON, seed, SEED_USERS } from './seed';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const demoEmails = SEED_USERS.map((user) => user.email);
const demoAccounts = () =>
  database.db.select({ email: users.email }).from(users).where(inArray(users.email, demoEmails));

describe('seed', () => {
  it('makes no demo account in a deployment, only the reference data; local mode gets both', async () => {
    // This file's own copy of the seeded database, emptied of what the seed makes.
    await database.db.delete(users).where(inArray(users.email, demoEmails));
    await database.db.delete(coupons);

    await seed(database.db, testPasswords(), { demoAccounts: false });
    expect(await demoAccounts()).toEqual([]);
    expect(await database.db.select({ code: coupons.code }).from(coupons)).toEqual([{ code: PROMO_COUPON.code }]);

    await seed(database.db, testPasswords());
    expect((await demoAccounts()).map((row) => row.email).sort()).toEqual([...demoEmails].sort());
  });
});
