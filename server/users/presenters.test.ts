import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons } from '../db/schema';
import { startHarness, type Harness } from '../test/harness';
import { presentUser, presentUsers } from './presenters';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

describe('presentUsers', () => {
  it('reads the redeemed coupons of any number of users in one query', async () => {
    await h.db.insert(coupons).values({ code: 'list-5', discountPercent: 5, durationMonths: 1 });
    const rows = await Promise.all(Array.from({ length: 5 }, () => h.factories.user()));
    await h.db.insert(couponRedemptions).values([
      { userId: rows[1].row.id, couponCode: 'list-5' },
      { userId: rows[3].row.id, couponCode: 'list-5' },
    ]);

    const recording = h.recordQueries();
    const users = await presentUsers(
      h.appDb,
      rows.map((r) => r.row),
    );
    expect(recording.stop()).toHaveLength(1);
    expect(users.map((user) => user.redeemedCoupons)).toEqual([[], ['list-5'], [], ['list-5'], []]);
    expect(users.map((user) => user._id)).toEqual(rows.map((r) => r.row.id));
  });

  it('asks nothing for no users, and one query for one', async () => {
    const none = h.recordQueries();
    expect(await presentUsers(h.appDb, [])).toEqual([]);
    expect(none.stop()).toHaveLength(0);
    const { row } = await h.factories.user({ firstName: 'Una' });
    const one = h.recordQueries();
    expect(await presentUser(h.appDb, row)).toMatchObject({ firstName: 'Una', redeemedCoupons: [] });
    expect(one.stop()).toHaveLength(1);
  });
});
