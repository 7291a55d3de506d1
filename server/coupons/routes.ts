import { Hono } from 'hono';
import { z } from 'zod';
import { findActiveCoupon, presentCoupon, redeemCoupon } from '../coupons/coupons';
import type { AppEnv, Services } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import { text } from '../http/fields';
import { requireUser } from '../http/require-user';
import { validateBody } from '../http/validation';

const RedeemSchema = z.object({ coupon: text(100) });

export function couponRoutes(s: Services) {
  const routes = new Hono<AppEnv>();

  routes.post('/redeem', requireUser(s), async (c) => {
    const input = await validateBody(c, RedeemSchema);
    const coupon = await findActiveCoupon(s.db, input.coupon);
    if (!coupon) throw notFound();
    if (!(await redeemCoupon(s.db, c.get('user').id, coupon.code))) {
      throw new HttpError(409, 'couponAlreadyRedeemed');
    }
    return c.json({ coupon: presentCoupon(coupon) }, 200);
  });

  routes.get('/:code', async (c) => {
    const code = c.req.param('code');
    const coupon = code.length <= 100 ? await findActiveCoupon(s.db, code) : undefined;
    if (!coupon) throw notFound();
    return c.json({ coupon: presentCoupon(coupon) }, 200);
  });

  return routes;
}
