import { useFetcher, useRouteLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { isTheme, THEMES, type Theme } from '~/lib/theme';
import { paths } from '~/lib/paths';
import { CompactSelect } from './ui/compact-select';
import { StrokeIcon } from './ui/icon';

const icons: Record<Theme, JSX.Element> = {
  system: (
    <StrokeIcon>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
    </StrokeIcon>
  ),
  light: (
    <StrokeIcon>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </StrokeIcon>
  ),
  dark: (
    <StrokeIcon>
      <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />
    </StrokeIcon>
  ),
};

/**
 * Light, dark, or as the device is (the default). Kept for this browser, and on the account
 * of a signed-in user (posted to /preferences), so it follows them to another device.
 */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const root = useRouteLoaderData<{ theme: Theme }>('root');
  // The choice being kept shows at once (a second arrow press goes on from it).
  const pending = fetcher.formData?.get('theme');
  const current = isTheme(pending) ? pending : (root?.theme ?? 'system');
  return (
    <CompactSelect
      label={t('theme.choose')}
      value={current}
      face={icons[current]}
      options={THEMES.map((theme) => ({ value: theme, label: t(`theme.names.${theme}`) }))}
      onChange={(theme) => fetcher.submit({ theme }, { method: 'post', action: paths.preferences() })}
    />
  );
}
