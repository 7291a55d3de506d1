import { newAccountStore } from '~/lib/session';
import { snackbar } from '~/lib/snackbar';
import { redeemCoupon } from './api';

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
