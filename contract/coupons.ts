import { z } from 'zod/mini';
import { code, LIMITS, text } from './fields';
import { BODY_ERRORS, defineOperation, errors } from './operation';

const tag = 'Coupons';

export const CouponSchema = z
  .object({ code: z.string(), discountPercent: z.number().check(z.int()), durationMonths: z.number().check(z.int()) })
  .register(z.globalRegistry, { id: 'Coupon' });

const CouponAnswerSchema = z.object({ coupon: CouponSchema });

export const RedeemCouponBodySchema = z.object({ coupon: text(LIMITS.coupon) });

export const showCoupon = defineOperation({
  method: 'GET',
  path: '/v1.0/coupons/:code',
  summary: 'An active coupon',
  description: 'Codes match case-insensitively. Rate-limited: 30 misses per address in 15 minutes.',
  tag,
  access: 'public',
  params: z.object({ code: code(LIMITS.coupon) }),
  responses: { 200: { description: 'The coupon.', body: CouponAnswerSchema }, ...errors(404, 429) },
});

export const redeemCoupon = defineOperation({
  method: 'POST',
  path: '/v1.0/coupons/redeem',
  summary: 'Redeem a coupon for the signed-in user',
  tag,
  access: 'user',
  body: RedeemCouponBodySchema,
  responses: {
    200: { description: 'Redeemed; the user now lists it in `redeemedCoupons`.', body: CouponAnswerSchema },
    ...errors(401, 404, 409, ...BODY_ERRORS),
  },
});
