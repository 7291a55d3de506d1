import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import type { CouponSchema } from '~contract/coupons';
import { Alert } from '~/components/ui/alert';
import { HttpError } from '~/lib/http';
import { getCoupon } from './api';

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

export async function checkLinkCoupon(code: string): Promise<LinkCoupon> {
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

/**
 * What the link's coupon gives, or that there is no such coupon, above the form. The promo coupon
 * has its own panel instead (and is not looked up), and a coupon that could not be checked is
 * tried after the sign-up.
 */
export default function LinkCouponNotice({ coupon }: { coupon: LinkCoupon }) {
  const { t } = useTranslation();
  if (coupon.state === 'unknown') {
    return (
      <Alert tone="warning" className="mb-6 wrap-anywhere">
        {t('signup.couponUnknown', { code: coupon.code })}
      </Alert>
    );
  }
  if (coupon.state === 'valid') {
    return (
      <Alert tone="info" className="mb-6 wrap-anywhere">
        {t('signup.couponValid', {
          code: coupon.coupon.code,
          percent: coupon.coupon.discountPercent,
          count: coupon.coupon.durationMonths,
        })}
      </Alert>
    );
  }
  return null;
}
