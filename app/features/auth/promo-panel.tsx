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
      className="relative overflow-hidden rounded-2xl bg-linear-to-br from-promo-from to-promo-to p-6 text-promo-fg shadow-md ring-1 ring-promo-ring sm:p-8"
    >
      <p className="inline-flex rounded-full bg-promo-badge px-3 py-1 text-xs font-bold tracking-wider text-on-promo-badge uppercase">
        {t('promo.eyebrow')}
      </p>
      <h2 id="promo-panel-title" className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
        {t('promo.title')}
      </h2>
      <p className="mt-3 text-promo-fg-muted">{t('promo.text')}</p>
      <p className="mt-5 flex flex-wrap items-center gap-2 text-sm text-promo-fg-muted">
        {t('promo.code')}
        <code className="rounded-md border border-dashed border-promo-code-line bg-promo-code px-2.5 py-1 font-mono text-sm font-semibold text-promo-fg">
          {PROMO_COUPON_CODE}
        </code>
      </p>
    </aside>
  );
}
