import { and, asc, eq, gt, sql } from 'drizzle-orm';
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

/**
 * The discounts `userId` redeemed that still run: a coupon takes off its percentage for its
 * number of months from the day it was redeemed (calendar months, as billing counts them).
 */
export async function findRunningDiscounts(db: Database, userId: string) {
  const endsAt = sql<Date>`${couponRedemptions.redeemedAt} + make_interval(months => ${coupons.durationMonths})`;
  return db
    .select({
      coupon: couponRedemptions.couponCode,
      discountPercent: coupons.discountPercent,
      durationMonths: coupons.durationMonths,
      redeemedAt: couponRedemptions.redeemedAt,
      endsAt: endsAt.mapWith((value: string | Date) => new Date(value)),
    })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.code, couponRedemptions.couponCode))
    .where(and(eq(couponRedemptions.userId, userId), gt(endsAt, sql`now()`)))
    .orderBy(asc(endsAt), asc(couponRedemptions.couponCode));
}
