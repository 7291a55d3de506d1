import i18next, { type ParseKeys } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_NAME, env, defaultLanguage, type Language } from './env';
import { languageStore } from './session';

export function isAvailableLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (env.availableLanguages as string[]).includes(value);
}

/**
 * The language to show (spec §1): a signed-in user's saved choice, else what this visitor
 * picked with the switcher, else the browser's first available language, else `en`.
 */
export function pickLanguage(candidates: ReadonlyArray<string | null | undefined>): Language {
  for (const candidate of candidates) {
    const base = candidate?.toLowerCase().split('-')[0];
    if (isAvailableLanguage(base)) return base;
  }
  return defaultLanguage;
}

export function detectLanguage(userLanguage?: string | null): Language {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return pickLanguage([userLanguage, languageStore.get(), ...browser]);
}

/** The language this visitor picked with the switcher, if they did: what a new account keeps. */
export function chosenLanguage(): Language | undefined {
  const stored = languageStore.get();
  return isAvailableLanguage(stored) ? stored : undefined;
}

export const i18nOptions = {
  fallbackLng: defaultLanguage,
  supportedLngs: env.availableLanguages,
  defaultNS: 'translation',
  ns: ['translation'],
  interpolation: { escapeValue: false },
  backend: { loadPath: '/assets/i18n/{{lng}}.json' },
  returnNull: false,
} as const;

/**
 * For text that is either a translation key of ours or words that came from elsewhere (the
 * API's sentences): a key is translated, anything else is shown as it came.
 */
export function useMessage() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (message: string, values: Record<string, string | number> = {}): string =>
      i18n.exists(message) ? String(t(message as never, values as never)) : message,
    [t, i18n],
  );
}

/**
 * A route's `meta`: its own title before the product's name ("Sign in · Orbita"), in the
 * language on screen (meta runs again after the language changes and the loaders revalidate).
 */
export function pageTitle(key: ParseKeys) {
  return [{ title: `${i18next.t(key)} · ${APP_NAME}` }];
}
