import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { env } from '~/lib/env';
import { pickLanguage } from '~/lib/i18n';
import { paths } from '~/lib/paths';

/** Picks the interface language; the choice is posted to /preferences, which keeps it. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher();
  const current = pickLanguage([i18n.resolvedLanguage]);
  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label={t('language.choose', { code: current.toUpperCase(), language: t(`language.names.${current}`) })}
        className="inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
        </svg>
        {current.toUpperCase()}
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-1 min-w-36 rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
      >
        {env.availableLanguages.map((language) => (
          <MenuItem key={language}>
            <button
              type="button"
              lang={language}
              onClick={() => fetcher.submit({ language }, { method: 'post', action: paths.preferences() })}
              className="block w-full px-3 py-2 text-left text-sm text-slate-800 data-[focus]:bg-brand-50"
              aria-current={language === current ? 'true' : undefined}
            >
              {t(`language.native.${language}`)}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
