import { useTranslation } from 'react-i18next';
import { BrandMark, brandName, BRANDS } from '~/components/ui/brand-mark';
import { StrokeIcon } from '~/components/ui/icon';

const pitches = ['reports', 'analytics', 'savings', 'support'] as const;

const pitchIcons: Record<(typeof pitches)[number], string> = {
  reports: 'M4 19V5m0 14h16M8 15v-4m4 4V8m4 7v-6',
  analytics: 'M3 17l6-6 4 4 8-8m0 0h-5m5 0v5',
  savings: 'M12 3v18m4-14H10a3 3 0 0 0 0 6h4a3 3 0 0 1 0 6H7',
  support: 'M12 21a9 9 0 1 0-8-4.9L3 21l4.9-1A9 9 0 0 0 12 21Z',
};

/**
 * The marketing pitch beside the public auth forms (docs/product.md#navigation). A dark brand
 * panel in both themes, so its colours are the brand's own, not the theme's roles.
 */
export function InfoPanel() {
  const { t } = useTranslation();
  return (
    <aside
      aria-labelledby="info-panel-title"
      className="relative overflow-hidden rounded-2xl bg-linear-to-br from-brand-800 to-brand-950 p-6 text-white shadow-md sm:p-8"
    >
      {/* The orbit motif of the logo, large and faint, as the panel's texture. */}
      <svg
        viewBox="0 0 200 200"
        className="pointer-events-none absolute -top-16 -right-16 size-64 text-white/10"
        fill="none"
        aria-hidden="true"
      >
        <ellipse
          cx="100"
          cy="100"
          rx="90"
          ry="45"
          transform="rotate(-28 100 100)"
          stroke="currentColor"
          strokeWidth="2"
        />
        <circle cx="100" cy="100" r="40" stroke="currentColor" strokeWidth="2" />
        <circle cx="172" cy="62" r="10" className="fill-coral-400/60" />
      </svg>
      <img
        src="/images/reports.svg"
        alt={t('info.imageAlt')}
        width={150}
        height={110}
        className="relative mb-5 max-w-[150px]"
      />
      <h2 id="info-panel-title" className="relative text-2xl font-bold tracking-tight">
        {t('info.title')}
      </h2>
      <ul className="relative mt-6 grid gap-5 sm:grid-cols-2 md:grid-cols-1">
        {pitches.map((pitch) => (
          <li key={pitch} className="flex gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/10 text-coral-300">
              <StrokeIcon d={pitchIcons[pitch]} className="size-5" />
            </span>
            <div>
              <p className="font-semibold">{t(`info.${pitch}.title`)}</p>
              <p className="mt-0.5 text-sm text-brand-100">{t(`info.${pitch}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="relative mt-8 text-xs font-semibold tracking-wider text-brand-100 uppercase">
        {t('info.partners')}
      </p>
      <ul className="relative mt-3 flex flex-wrap gap-2" aria-label={t('info.partners')}>
        {BRANDS.map((brand) => (
          <li
            key={brand}
            className="inline-flex items-center gap-2 rounded-full bg-white/10 py-1.5 pr-3.5 pl-2.5 text-sm font-semibold"
          >
            <BrandMark brand={brand} mono className="size-4" />
            {brandName(brand)}
          </li>
        ))}
      </ul>
    </aside>
  );
}
