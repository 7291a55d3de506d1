import { useTranslation } from 'react-i18next';
import { PROMO_COUPON_CODE } from '~contract/fields';

/** The route's coupon is the promo one, whatever its case (the API matches codes so too). */
export function isPromoCoupon(coupon: string | undefined): boolean {
  return coupon?.toLowerCase() === PROMO_COUPON_CODE;
}

/** Replaces the info panel on sign-up when the route carries the promo coupon (spec §2 "Sign-up"). */
export function PromoPanel() {
  const { t } = useTranslation();
  return (
    <aside aria-labelledby="promo-panel-title" className="rounded-xl bg-amber-50 p-6 ring-1 ring-amber-200 sm:p-8">
      <p className="text-sm font-semibold tracking-wide text-amber-900 uppercase">{t('promo.eyebrow')}</p>
      <h2 id="promo-panel-title" className="mt-2 text-2xl font-bold text-slate-900">
        {t('promo.title')}
      </h2>
      <p className="mt-3 text-slate-800">{t('promo.text')}</p>
      <p className="mt-4 text-sm text-slate-700">
        {t('promo.code')}{' '}
        <code className="rounded bg-white px-2 py-0.5 font-mono text-slate-900 ring-1 ring-amber-200">
          {PROMO_COUPON_CODE}
        </code>
      </p>
    </aside>
  );
}
