import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as coupons from '../../contract/coupons';
import type { RequestQuery } from '../../contract/operation';
import * as subscription from '../../contract/subscription';
import * as usersContract from '../../contract/users';
import { startHarness, type Harness } from '../test/harness';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await startHarness();
  admin = (await h.signedInUser({ role: 'admin' })).accessToken;
});
afterAll(() => h?.stop());

const list = (query: RequestQuery<typeof usersContract.listUsers> = {}, token = admin) =>
  h.call(usersContract.listUsers, { query, token });
const emails = (res: Awaited<ReturnType<typeof list>>) => res.body.data?.map((user) => user.email);

describe('GET /v1.0/users', () => {
  it("answers a user's list entry: plan label, payment method, project and channel counts", async () => {
    const { row } = await h.factories.user({
      email: 'Entry.Case@list.test',
      firstName: 'Entry',
      lastName: 'Case',
      plan: 'pro',
      hasPaymentMethod: true,
    });
    await h.factories.project(row);
    await h.factories.project(row);
    const res = await list({ search: 'entry.case@list' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          _id: row.id,
          email: 'Entry.Case@list.test',
          firstName: 'Entry',
          lastName: 'Case',
          role: 'user',
          plan: { id: 'pro', label: 'Pro' },
          hasPaymentMethod: true,
          projectCount: 2,
          facebookPageCount: 0,
          instagramAccountCount: 0,
          facebookAdAccountCount: 0,
        },
      ],
      meta: { total: 1, currentPage: 1, lastPage: 1 },
    });
  });

  it('lists the seeded demo customers, without a card by default', async () => {
    const res = await list({ search: 'customers.example.com' });
    expect(res.body.meta?.total).toBe(36);
    const { row } = await h.factories.user();
    const own = await list({ search: row.email });
    expect(own.body.data?.[0]).toMatchObject({ hasPaymentMethod: false, plan: { id: 'free', label: 'Free' } });
  });

  describe('search', () => {
    beforeAll(async () => {
      await h.factories.user({ email: 'jgarcia@search.test', firstName: 'Joséfa', lastName: 'Núñezbrook' });
      await h.factories.user({ email: 'zmuller@search.test', firstName: 'Zoëlla', lastName: 'Müller-Łukasiewicz' });
      await h.factories.user({ email: 'Plain.Person@Other.test', firstName: 'Pat', lastName: 'Person' });
    });

    it.each([
      ['email, any case', 'JGARCIA@search', ['jgarcia@search.test']],
      ['first name without its accent', 'josefa', ['jgarcia@search.test']],
      ['first name with its accent, upper case', 'JOSÉFA', ['jgarcia@search.test']],
      ['last name, part of it, no accents', 'unezbro', ['jgarcia@search.test']],
      ['a letter no decomposition removes (Ł)', 'lukasiewicz', ['zmuller@search.test']],
      ['a diaeresis', 'zoella', ['zmuller@search.test']],
      ['an email typed in another case', 'plain.person@other', ['Plain.Person@Other.test']],
      ['first and last name together', 'josefa nunezbrook', ['jgarcia@search.test']],
    ])('finds by %s', async (_, search, expected) => {
      const res = await list({ search });
      expect(res.status).toBe(200);
      expect(emails(res)).toEqual(expected);
    });

    it('takes % and _ literally, and a blank search as none', async () => {
      expect((await list({ search: '%' })).body.meta?.total).toBe(0);
      expect((await list({ search: '_' })).body.meta?.total).toBe(0);
      const all = await list();
      expect((await list({ search: '  ' })).body.meta).toEqual(all.body.meta);
    });

    it('answers 422 to a search over 100 characters or with control characters', async () => {
      const long = await list({ search: 'x'.repeat(101) });
      expect(long.status).toBe(422);
      expect(long.body.errors).toEqual({ search: ['The search field must not be greater than 100 characters.'] });
      expect((await list({ search: 'a\u0000b' })).status).toBe(422);
    });
  });

  it('pages by 15, by email, with the meta of the whole search', async () => {
    const made = [];
    for (let i = 16; i >= 1; i--) {
      made.push((await h.factories.user({ email: `pager-${String(i).padStart(2, '0')}@paging.test` })).row.email);
    }
    const sorted = [...made].sort();
    const first = await list({ search: '@paging.test' });
    expect(emails(first)).toEqual(sorted.slice(0, 15));
    expect(first.body.meta).toEqual({ total: 16, currentPage: 1, lastPage: 2 });
    const second = await list({ search: '@paging.test', page: '2' });
    expect(emails(second)).toEqual(['pager-16@paging.test']);
    expect(second.body.meta).toEqual({ total: 16, currentPage: 2, lastPage: 2 });
    const beyond = await list({ search: '@paging.test', page: '3' });
    expect(beyond.body).toEqual({ data: [], meta: { total: 16, currentPage: 3, lastPage: 2 } });
    expect((await list({ search: 'nobody-matches-this' })).body.meta).toEqual({
      total: 0,
      currentPage: 1,
      lastPage: 1,
    });
  });

  it.each(['0', '-1', 'abc', ''])('answers 422 to page=%s', async (page) => {
    expect((await h.call('GET', `/v1.0/users?page=${page}`, { token: admin })).status).toBe(422);
  });

  it('reads a page in a fixed number of queries, whatever its size', async () => {
    const recording = h.recordQueries();
    await list({ search: '@paging.test' });
    const full = recording.stop().length;
    const again = h.recordQueries();
    await list({ search: 'pager-16@paging.test' });
    expect(again.stop().length).toBe(full);
  });
});

describe('GET /v1.0/subscription', () => {
  it("answers the caller's plan, whether a payment method is on file, and what the plan includes", async () => {
    const fresh = await h.signedInUser();
    const answer = await h.call(subscription.showSubscription, { token: fresh.accessToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      plan: { id: 'free', label: 'Free' },
      hasPaymentMethod: false,
      includes: { projects: 2, channelsPerProject: 3, publicReports: false, prioritySupport: false },
      discounts: [],
    });
    expect((await h.call(subscription.showSubscription)).status).toBe(401);
  });

  it('shows a redeemed coupon while its discount runs, and not once its months are over', async () => {
    const fresh = await h.signedInUser();
    const redeemed = await h.call(coupons.redeemCoupon, {
      token: fresh.accessToken,
      body: { coupon: 'marketing-espresso-15' },
    });
    expect(redeemed.status).toBe(200);
    const answer = await h.call(subscription.showSubscription, { token: fresh.accessToken });
    const { discounts } = answer.body;
    const [discount] = discounts;
    expect(discounts).toEqual([
      expect.objectContaining({ coupon: 'marketing-espresso-15', discountPercent: 15, durationMonths: 3 }),
    ]);
    const redeemedAt = new Date(discount.redeemedAt);
    const ends = new Date(redeemedAt);
    ends.setUTCMonth(ends.getUTCMonth() + 3);
    expect(new Date(discount.endsAt).getTime()).toBeCloseTo(ends.getTime(), -5);

    // Four months later, it has run its course.
    await h.db.execute(
      sql`update coupon_redemptions set redeemed_at = redeemed_at - interval '4 months' where user_id = ${fresh.row.id}`,
    );
    const later = await h.call(subscription.showSubscription, { token: fresh.accessToken });
    expect(later.body.discounts).toEqual([]);
  });
});
