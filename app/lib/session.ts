import type { TokenStore } from './http';

/**
 * Where the access token lives between page loads. localStorage, because the spec's
 * "login as user" stores the returned token and reloads the app; the long-lived refresh
 * token never reaches script (an httpOnly cookie scoped to /v1.0/auth).
 */
const ACCESS_TOKEN_KEY = 'access_token';
const LANGUAGE_KEY = 'language';

function storage(): Storage | null {
  return typeof window === 'undefined' ? null : window.localStorage;
}

export const tokenStore: TokenStore = {
  get: () => storage()?.getItem(ACCESS_TOKEN_KEY) ?? null,
  set: (token) => {
    if (token) storage()?.setItem(ACCESS_TOKEN_KEY, token);
    else storage()?.removeItem(ACCESS_TOKEN_KEY);
  },
};

/** The language a visitor picked with the switcher, kept across visits. */
export const languageStore = {
  get: () => storage()?.getItem(LANGUAGE_KEY) ?? null,
  set: (language: string) => storage()?.setItem(LANGUAGE_KEY, language),
};

const THEME_KEY = 'theme';

/**
 * The theme this browser shows before (and without) an account: read by the boot script in
 * index.html before the first paint (app/lib/theme.ts), so a dark page never flashes light.
 */
export const themeStore = {
  get: () => storage()?.getItem(THEME_KEY) ?? null,
  set: (theme: string) => storage()?.setItem(THEME_KEY, theme),
};
