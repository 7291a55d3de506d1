import { useTranslation } from 'react-i18next';

const pitches = ['reports', 'analytics', 'savings', 'support'] as const;
const partners = ['Meta', 'Instagram', 'LinkedIn', 'TikTok'];

/** The marketing pitch beside the public auth forms (spec §2 "Sign-up", "Other"). */
export function InfoPanel() {
  const { t } = useTranslation();
  return (
    <aside aria-labelledby="info-panel-title" className="rounded-xl bg-brand-900 p-6 text-white sm:p-8">
      <img src="/images/reports.svg" alt={t('info.imageAlt')} width={150} height={110} className="mb-4 max-w-[150px]" />
      <h2 id="info-panel-title" className="text-xl font-bold">
        {t('info.title')}
      </h2>
      <ul className="mt-4 flex flex-col gap-3">
        {pitches.map((pitch) => (
          <li key={pitch}>
            <p className="font-semibold">{t(`info.${pitch}.title`)}</p>
            <p className="text-sm text-brand-100">{t(`info.${pitch}.text`)}</p>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm font-semibold text-brand-100">{t('info.partners')}</p>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('info.partners')}>
        {partners.map((partner) => (
          <li key={partner} className="rounded bg-white/10 px-3 py-1 text-sm font-semibold tracking-wide">
            {partner}
          </li>
        ))}
      </ul>
    </aside>
  );
}
