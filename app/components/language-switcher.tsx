import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { env } from '~/lib/env';
import { pickLanguage } from '~/lib/i18n';
import { paths } from '~/lib/paths';
import { AppMenu } from './ui/menu';
import { StrokeIcon } from './ui/icon';

/** Picks the interface language; the choice is posted to /preferences, which keeps it. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher();
  const current = pickLanguage([i18n.resolvedLanguage]);
  return (
    <AppMenu
      label={t('language.choose', { code: current.toUpperCase(), language: t(`language.names.${current}`) })}
      trigger={
        <>
          <StrokeIcon>
            <circle cx="12" cy="12" r="9" />
            <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
          </StrokeIcon>
          {current.toUpperCase()}
        </>
      }
      items={env.availableLanguages.map((language) => ({
        label: t(`language.native.${language}`),
        lang: language,
        current: language === current,
        onSelect: () => fetcher.submit({ language }, { method: 'post', action: paths.preferences() }),
      }))}
    />
  );
}
