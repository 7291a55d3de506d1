import { Hono } from 'hono';
import * as coupons from '../../contract/coupons';
import { clientIp } from '../http/client-ip';
import type { AppEnv, Services } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import { reply, route } from '../http/operation';
import { addressSubject, rateLimitCheck } from '../http/rate-limiter';
import { presentCoupon } from './presenters';
import { findActiveCoupon, insertRedemption } from './queries';

export function couponRoutes(s: Services) {
  const routes = new Hono<AppEnv>();

  route(routes, s, coupons.redeemCoupon, async (c, { body }) => {
    const coupon = await findActiveCoupon(s.db, body.coupon);
    if (!coupon) throw notFound();
    if (!(await insertRedemption(s.db, c.get('user').id, coupon.code))) {
      throw new HttpError(409, 'couponAlreadyRedeemed');
    }
    return reply(c, coupons.redeemCoupon, 200, { coupon: presentCoupon(coupon) });
  });

  route(routes, s, coupons.showCoupon, async (c, { params }) => {
    // Guessing codes is what this limit stops: each look-up is counted before it is made, and
    // given back when the code exists, so only misses add up.
    const perIp = rateLimitCheck(
      'coupon_lookup',
      'ip',
      s.rateLimits.couponLookup.perIp,
      addressSubject(clientIp(c, s.config.trustProxy)),
    );
    await s.rateLimiter.enforce([perIp]);
    const coupon = await findActiveCoupon(s.db, params.code);
    if (!coupon) throw notFound();
    await s.rateLimiter.refund([perIp]);
    return reply(c, coupons.showCoupon, 200, { coupon: presentCoupon(coupon) });
  });

  return routes;
}
