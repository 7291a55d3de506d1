import { Hono } from 'hono';
import { redeemCoupon, showCoupon } from '../../contract/coupons';
import type { AppEnv, Services } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import { reply, route } from '../http/operation';
import { presentCoupon } from './presenters';
import { findActiveCoupon, insertRedemption } from './queries';

export function couponRoutes(s: Services) {
  const routes = new Hono<AppEnv>();

  route(routes, s, redeemCoupon, async (c, { body }) => {
    const coupon = await findActiveCoupon(s.db, body.coupon);
    if (!coupon) throw notFound();
    if (!(await insertRedemption(s.db, c.get('user').id, coupon.code))) {
      throw new HttpError(409, 'couponAlreadyRedeemed');
    }
    return reply(c, redeemCoupon, 200, { coupon: presentCoupon(coupon) });
  });

  route(routes, s, showCoupon, async (c, { params }) => {
    const coupon = await findActiveCoupon(s.db, params.code);
    if (!coupon) throw notFound();
    return reply(c, showCoupon, 200, { coupon: presentCoupon(coupon) });
  });

  return routes;
}
