import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { env } from '~/lib/env';
import { pickLanguage } from '~/lib/i18n';
import { paths } from '~/lib/paths';
import { CompactSelect } from './ui/compact-select';
import { StrokeIcon } from './ui/icon';

/** Picks the interface language; the choice is posted to /preferences, which keeps it. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher();
  // The choice being kept shows at once (a second arrow press goes on from it).
  const current = pickLanguage([fetcher.formData?.get('language') as string | null, i18n.resolvedLanguage]);
  return (
    <CompactSelect
      label={t('language.choose')}
      value={current}
      face={
        <>
          <StrokeIcon>
            <circle cx="12" cy="12" r="9" />
            <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
          </StrokeIcon>
          {current.toUpperCase()}
        </>
      }
      options={env.availableLanguages.map((language) => ({
        value: language,
        label: t(`language.native.${language}`),
        lang: language,
      }))}
      onChange={(language) => fetcher.submit({ language }, { method: 'post', action: paths.preferences() })}
    />
  );
}
