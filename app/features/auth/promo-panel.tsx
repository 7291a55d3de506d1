import { useTranslation } from 'react-i18next';
import { PROMO_COUPON_CODE } from '~contract/fields';

/** The route's coupon is the promo one, whatever its case (the API matches codes so too). */
export function isPromoCoupon(coupon: string | undefined): boolean {
  return coupon?.toLowerCase() === PROMO_COUPON_CODE;
}

/**
 * Replaces the info panel on sign-up when the route carries the promo coupon
 * (docs/product.md#sign-up-and-coupons).
 */
export function PromoPanel() {
  const { t } = useTranslation();
  return (
    <aside
      aria-labelledby="promo-panel-title"
      className="relative overflow-hidden rounded-2xl bg-linear-to-br from-coral-100 to-brand-50 p-6 text-ink-900 shadow-md ring-1 ring-coral-300/60 sm:p-8"
    >
      <p className="inline-flex rounded-full bg-coral-700 px-3 py-1 text-xs font-bold tracking-wider text-white uppercase">
        {t('promo.eyebrow')}
      </p>
      <h2 id="promo-panel-title" className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
        {t('promo.title')}
      </h2>
      <p className="mt-3 text-ink-700">{t('promo.text')}</p>
      <p className="mt-5 flex flex-wrap items-center gap-2 text-sm text-ink-700">
        {t('promo.code')}
        <code className="rounded-md border border-dashed border-coral-700/60 bg-white px-2.5 py-1 font-mono text-sm font-semibold text-ink-900">
          {PROMO_COUPON_CODE}
        </code>
      </p>
    </aside>
  );
}
