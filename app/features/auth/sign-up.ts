import { PROMO_COUPON_CODE } from '~contract/fields';
import { newAccountStore } from '~/lib/session';
import { snackbar } from '~/lib/snackbar';
import { redeemCoupon } from './api';
import { isPromoCoupon } from './promo-panel';

/**
 * After any sign-up, with a password or with Facebook: the dashboard's first visit will welcome
 * the account, and the promo coupon is redeemed (docs/product.md#sign-up-and-coupons); a failure
 * is said, the account stays.
 */
export async function afterSignUp(coupon: string | undefined) {
  newAccountStore.mark();
  if (!isPromoCoupon(coupon)) return;
  try {
    await redeemCoupon(PROMO_COUPON_CODE);
    snackbar.show('signup.couponRedeemed', 'success');
  } catch {
    snackbar.show('signup.couponFailed', 'warning');
  }
}
