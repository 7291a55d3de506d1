import type { z } from 'zod/mini';
import type { CouponSchema } from '../../contract/coupons';
import type { CouponRow } from '../db/schema';

/** The contract's Coupon object. */
export const presentCoupon = (coupon: CouponRow): z.input<typeof CouponSchema> => ({
  code: coupon.code,
  discountPercent: coupon.discountPercent,
  durationMonths: coupon.durationMonths,
});
