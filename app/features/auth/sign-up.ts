import type { z } from 'zod/mini';
import type { CouponSchema } from '~contract/coupons';
import { HttpError } from '~/lib/http';
import { newAccountStore } from '~/lib/session';
import { snackbar } from '~/lib/snackbar';
import { getCoupon, redeemCoupon } from './api';

export type Coupon = z.output<typeof CouponSchema>;

/**
 * What a sign-up link's coupon (`/register/:coupon`) turned out to be: an active coupon; one the
 * API does not have (a typo, an ended offer), which the page says so the visitor does not sign up
 * expecting a discount; or not known, as the API could not be asked (then it is tried after the
 * sign-up, and a failure is said there).
 */
export type LinkCoupon =
  | { code: string; state: 'valid'; coupon: Coupon }
  | { code: string; state: 'unknown' }
  | { code: string; state: 'unchecked' };

/**
 * What the API said of each code, so that the form's action asks no second time. Kept here rather
 * than in the data cache: that would load the cache's library on a page that otherwise does without.
 */
const answered = new Map<string, LinkCoupon>();

export async function checkLinkCoupon(code: string | undefined): Promise<LinkCoupon | null> {
  if (!code) return null;
  const known = answered.get(code);
  if (known) return known;
  try {
    const valid: LinkCoupon = { code, state: 'valid', coupon: await getCoupon(code) };
    answered.set(code, valid);
    return valid;
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 404)) return { code, state: 'unchecked' };
    const unknown: LinkCoupon = { code, state: 'unknown' };
    answered.set(code, unknown);
    return unknown;
  }
}

/** The code to redeem once the account exists: none for a coupon the API said it does not have. */
export const couponToRedeem = (coupon: LinkCoupon | null): string | undefined =>
  coupon && coupon.state !== 'unknown' ? coupon.code : undefined;

/**
 * After any sign-up, with a password or with Facebook: the dashboard's first visit will welcome
 * the account, and the link's coupon is redeemed (docs/product.md#sign-up-and-coupons); a failure
 * is said, the account stays.
 */
export async function afterSignUp(coupon: string | undefined) {
  newAccountStore.mark();
  if (!coupon) return;
  try {
    const { coupon: redeemed } = await redeemCoupon(coupon);
    snackbar.show('signup.couponRedeemed', 'success', {
      values: { percent: redeemed.discountPercent, count: redeemed.durationMonths },
    });
  } catch {
    snackbar.show('signup.couponFailed', 'warning');
  }
}
