import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { couponRedemptions, coupons, type CouponRow } from '../db/schema';

/** Codes are matched case-insensitively: they are stored lower-case. */
export async function findActiveCoupon(db: Database, code: string): Promise<CouponRow | undefined> {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.code, code.trim().toLowerCase()), eq(coupons.active, true)))
    .limit(1);
  return coupon;
}

/** False when this user already redeemed this coupon. */
export async function insertRedemption(db: Database, userId: string, code: string): Promise<boolean> {
  const inserted = await db
    .insert(couponRedemptions)
    .values({ userId, couponCode: code })
    .onConflictDoNothing()
    .returning({ code: couponRedemptions.couponCode });
  return inserted.length > 0;
}
