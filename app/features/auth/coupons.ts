/** The promo coupon of spec §9: its sign-up page shows the promo panel and redeems it. */
export const PROMO_COUPON = 'marketing-espresso-15';

export function isPromoCoupon(coupon: string | undefined): coupon is typeof PROMO_COUPON {
  return coupon === PROMO_COUPON;
}
