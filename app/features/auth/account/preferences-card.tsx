import { useFetcher, useRouteLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Card } from '~/components/ui/card';
import { RadioGroup } from '~/components/ui/radio-group';
import { env } from '~/lib/env';
import { pickLanguage } from '~/lib/i18n';
import { paths } from '~/lib/paths';
import { THEMES, type Theme } from '~/lib/theme';

/** Language and theme: each choice is posted to /preferences at once, as the header's switchers do. */
export function PreferencesCard() {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher();
  const root = useRouteLoaderData<{ theme: Theme }>('root');
  const pendingLanguage = fetcher.formData?.get('language');
  const pendingTheme = fetcher.formData?.get('theme');
  const language = typeof pendingLanguage === 'string' ? pendingLanguage : pickLanguage([i18n.resolvedLanguage]);
  const theme = typeof pendingTheme === 'string' ? pendingTheme : (root?.theme ?? 'system');
  return (
    <Card headingLevel={2} title={t('account.preferences.title')} description={t('account.preferences.hint')}>
      <div className="grid gap-6 sm:grid-cols-2">
        <RadioGroup
          label={t('account.preferences.language')}
          options={env.availableLanguages.map((each) => ({ value: each, label: t(`language.native.${each}`) }))}
          value={language}
          onChange={(value) => fetcher.submit({ language: value }, { method: 'post', action: paths.preferences() })}
        />
        <RadioGroup
          label={t('account.preferences.theme')}
          options={THEMES.map((each) => ({ value: each, label: t(`theme.names.${each}`) }))}
          value={theme}
          onChange={(value) => fetcher.submit({ theme: value }, { method: 'post', action: paths.preferences() })}
        />
      </div>
    </Card>
  );
}
