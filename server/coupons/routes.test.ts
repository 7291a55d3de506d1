import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as auth from '../../contract/auth';
import * as couponsContract from '../../contract/coupons';
import * as sandboxDev from '../../contract/sandbox/dev';
import { coupons } from '../db/schema';
import { startHarness, type Harness } from '../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.db.insert(coupons).values([
    { code: 'retired-10', discountPercent: 10, durationMonths: 1, active: false },
    { code: 'spring-20', discountPercent: 20, durationMonths: 2 },
  ]);
});
afterAll(() => h?.stop());

const PROMO = { code: 'marketing-espresso-15', discountPercent: 15, durationMonths: 3 };

describe('GET /v1.0/coupons/:code', () => {
  it('answers the seeded promo coupon', async () => {
    const res = await h.call(couponsContract.showCoupon, { params: { code: 'marketing-espresso-15' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ coupon: PROMO });
  });

  it('matches the code case-insensitively', async () => {
    expect(
      (await h.call(couponsContract.showCoupon, { params: { code: 'Marketing-ESPRESSO-15' } })).body.coupon,
    ).toEqual(PROMO);
  });

  it.each(['unknown-code', 'retired-10', 'x'.repeat(300), '%20'])('answers 404 to %s', async (code) => {
    const res = await h.call('GET', `/v1.0/coupons/${code}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found.' });
  });
});

describe('GET /v1.0/coupons/:code rate limit', () => {
  beforeEach(async () => {
    await h.call(sandboxDev.resetRateLimits);
  });

  it('lets an IP miss 30 codes, then makes it wait, doubling from 10 seconds', async () => {
    for (let i = 0; i < 30; i++)
      expect(
        (await h.call(couponsContract.showCoupon, { params: { code: `guess-${i}` }, ip: '10.3.0.1' })).status,
      ).toBe(404);
    const refused = await h.call(couponsContract.showCoupon, {
      params: { code: 'marketing-espresso-15' },
      ip: '10.3.0.1',
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(refused.body).toEqual({ message: 'Too many attempts. Try again in 10 seconds.' });
    expect(
      (await h.call(couponsContract.showCoupon, { params: { code: 'marketing-espresso-15' }, ip: '10.3.0.2' })).status,
    ).toBe(200);
    h.clock.advance(10_000);
    expect((await h.call(couponsContract.showCoupon, { params: { code: 'guess-x' }, ip: '10.3.0.1' })).status).toBe(
      404,
    );
    expect(
      (await h.call(couponsContract.showCoupon, { params: { code: 'guess-y' }, ip: '10.3.0.1' })).headers.get(
        'retry-after',
      ),
    ).toBe('20');
  });

  it('does not count the codes that exist', async () => {
    for (let i = 0; i < 40; i++) {
      expect(
        (await h.call(couponsContract.showCoupon, { params: { code: 'marketing-espresso-15' }, ip: '10.3.1.1' }))
          .status,
      ).toBe(200);
    }
  });

  it('counts 50 parallel misses before looking any up', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.call(couponsContract.showCoupon, { params: { code: `race-${i}` }, ip: '10.3.2.1' }),
      ),
    );
    expect(results.filter((r) => r.status === 404)).toHaveLength(30);
    expect(results.filter((r) => r.status === 429)).toHaveLength(20);
  });
});

describe('POST /v1.0/coupons/redeem', () => {
  it('redeems once, then answers 409', async () => {
    const { accessToken } = await h.signedInUser();
    const first = await h.call(couponsContract.redeemCoupon, {
      token: accessToken,
      body: { coupon: 'marketing-espresso-15' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ coupon: PROMO });

    const me = await h.call(auth.me, { token: accessToken });
    expect(me.body.user?.redeemedCoupons).toEqual(['marketing-espresso-15']);

    const second = await h.call(couponsContract.redeemCoupon, {
      token: accessToken,
      body: { coupon: 'MARKETING-espresso-15' },
    });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: 'This coupon has already been redeemed.' });
  });

  it('lets each user redeem a coupon, and a user several coupons', async () => {
    const a = await h.signedInUser();
    const b = await h.signedInUser();
    for (const code of ['marketing-espresso-15', 'spring-20']) {
      for (const session of [a, b]) {
        const res = await h.call(couponsContract.redeemCoupon, { token: session.accessToken, body: { coupon: code } });
        expect(res.status).toBe(200);
      }
    }
    const me = await h.call(auth.me, { token: a.accessToken });
    expect([...(me.body.user?.redeemedCoupons ?? [])].sort()).toEqual(['marketing-espresso-15', 'spring-20']);
  });

  it('answers 404 to an unknown or inactive coupon', async () => {
    const { accessToken } = await h.signedInUser();
    for (const coupon of ['nope', 'retired-10']) {
      const res = await h.call(couponsContract.redeemCoupon, { token: accessToken, body: { coupon } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Not found.' });
    }
  });

  it('answers 401 without a bearer token', async () => {
    const res = await h.call(couponsContract.redeemCoupon, { body: { coupon: 'marketing-espresso-15' } });
    expect(res.status).toBe(401);
  });

  it('answers 422 to a missing or malformed coupon', async () => {
    const { accessToken } = await h.signedInUser();
    const missing = await h.call('POST', '/v1.0/coupons/redeem', { token: accessToken, json: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ coupon: ['The coupon field is required.'] });
    const wrong = await h.call('POST', '/v1.0/coupons/redeem', { token: accessToken, json: { coupon: 15 } });
    expect(wrong.body.errors).toEqual({ coupon: ['The coupon field must be a string.'] });
  });
});
