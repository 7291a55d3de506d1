import i18next, { type BackendModule, type ParseKeys } from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { APP_NAME, env, defaultLanguage, type Language } from './env';
import { addItalianArticles } from './italian-articles';
import { languageStore } from './session';
import { fetchTranslations, translationPath } from './translation-preload';

export function isAvailableLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (env.availableLanguages as string[]).includes(value);
}

/**
 * The language to show (docs/product.md#languages-and-themes): a signed-in user's saved choice,
 * else what this visitor picked with the switcher, else the browser's first available language,
 * else `en`.
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

/**
 * i18next's backend at its smallest: one plain fetch of the file (i18next-http-backend's
 * options cost more bytes than the whole job), taking over the boot script's download
 * (`fetchTranslations`).
 */
export const translationFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    fetchTranslations(language)
      .then((response) =>
        response.ok ? response.json() : Promise.reject(new Error(`${response.status} ${translationPath(language)}`)),
      )
      .then(
        (data: Record<string, unknown>) => callback(null, data),
        (error: Error) => callback(error, false),
      );
  },
};

export const i18nOptions = {
  fallbackLng: defaultLanguage,
  supportedLngs: env.availableLanguages,
  defaultNS: 'translation',
  ns: ['translation'],
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;

let translationsReady: Promise<unknown> = Promise.resolve();

/**
 * Starts loading the translations (entry.client, before hydration, which does not wait: the
 * startup screen has no words). Startup waits for them in `showLanguage`.
 */
export function startTranslations(namespaces: string[]) {
  translationsReady = i18next
    .use(initReactI18next)
    .use(translationFiles)
    .init({ ...i18nOptions, lng: detectLanguage(), ns: [...new Set([...i18nOptions.ns, ...namespaces])] });
  // The formatter exists once `init` has begun (synchronously), before any text is shown.
  addItalianArticles(i18next);
}

/** Resolves once the translations of `language` are loaded and in force: the first screen speaks it. */
export async function showLanguage(language: Language) {
  await translationsReady;
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

/**
 * For text that is either a translation key of ours or words that came from elsewhere (the
 * API's sentences): a key is translated, anything else is shown as it came.
 */
export function useMessage() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (message: string, values: Record<string, string | number> = {}): string =>
      // With the values, so a plural key (`…_one`, `…_other`) is found by its count.
      i18n.exists(message, values) ? String(t(message as never, values as never)) : message,
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
