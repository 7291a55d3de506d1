import type { TokenStore } from './http';

/**
 * Where the access token lives between page loads: localStorage (decision 002), so a reload
 * keeps the session; the long-lived refresh token never reaches script (an httpOnly cookie
 * scoped to /v1.0/auth).
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

function tabStorage(): Storage | null {
  return typeof window === 'undefined' ? null : window.sessionStorage;
}

const IMPERSONATION_TOKEN_KEY = 'impersonation_token';
const IMPERSONATION_OVER_KEY = 'impersonation_over';

/**
 * An admin's impersonation of a user ("login as user", app/features/impersonation): its token,
 * kept beside the admin's own (which stays in `tokenStore`, untouched), so the way back is to
 * drop this one. In sessionStorage: the impersonation belongs to the tab that started it (a
 * reload keeps it, as the reload at home needs), while the admin's other tabs stay theirs
 * and closing the tab forgets it. The HTTP client sends it instead of the admin's token while
 * it is set, and never refreshes it (app/lib/http.ts `ImpersonationSlot`).
 */
const IMPERSONATION_RETURN_KEY = 'impersonation_return';
const isSupportPath = (path: string) => /^\/admin\/support(\?[^#]*)?$/.test(path);

export const impersonationStore = {
  get: () => tabStorage()?.getItem(IMPERSONATION_TOKEN_KEY) ?? null,
  set: (token: string | null) => {
    if (token) tabStorage()?.setItem(IMPERSONATION_TOKEN_KEY, token);
    else tabStorage()?.removeItem(IMPERSONATION_TOKEN_KEY);
  },
  /**
   * The impersonation ended without the admin asking (expired, or their session ended): the
   * token goes, and the page the tab returns to hears of it once (`takeOver`).
   */
  over: () => {
    tabStorage()?.removeItem(IMPERSONATION_TOKEN_KEY);
    tabStorage()?.setItem(IMPERSONATION_OVER_KEY, '1');
  },
  /**
   * The Support page as the admin left it (its search and page), to go back to when the
   * impersonation ends; only a Support address is kept, so nothing else can be slipped in.
   */
  setReturn: (path: string) => {
    if (isSupportPath(path)) tabStorage()?.setItem(IMPERSONATION_RETURN_KEY, path);
  },
  takeReturn: (): string | null => {
    const path = tabStorage()?.getItem(IMPERSONATION_RETURN_KEY) ?? null;
    tabStorage()?.removeItem(IMPERSONATION_RETURN_KEY);
    return path && isSupportPath(path) ? path : null;
  },
  /** True once after `over`: whether to say the impersonation ended on its own. */
  takeOver: (): boolean => {
    const over = tabStorage()?.getItem(IMPERSONATION_OVER_KEY) === '1';
    if (over) tabStorage()?.removeItem(IMPERSONATION_OVER_KEY);
    return over;
  },
};

/** The language a visitor picked with the switcher, kept across visits. */
export const languageStore = {
  get: () => storage()?.getItem(LANGUAGE_KEY) ?? null,
  /** null forgets the choice (a change undone that this browser had not made before). */
  set: (language: string | null) =>
    language === null ? storage()?.removeItem(LANGUAGE_KEY) : storage()?.setItem(LANGUAGE_KEY, language),
};

const THEME_KEY = 'theme';

/**
 * The theme this browser shows before (and without) an account: read by the boot script in
 * index.html before the first paint (app/lib/theme.ts), so a dark page never flashes light.
 */
export const themeStore = {
  get: () => storage()?.getItem(THEME_KEY) ?? null,
  /** null forgets the choice, as for the language. */
  set: (theme: string | null) =>
    theme === null ? storage()?.removeItem(THEME_KEY) : storage()?.setItem(THEME_KEY, theme),
};

const NEW_ACCOUNT_KEY = 'new_account';

/**
 * An account made in this tab and not yet welcomed: sign-up marks it, and the dashboard's first
 * visit takes the mark, so "Welcome to Orbita" greets once and a returning user sees a plain
 * heading (docs/product.md#projects). In sessionStorage: the welcome belongs to the tab that
 * signed up, and the redirect after sign-up keeps it.
 */
export const newAccountStore = {
  mark: () => tabStorage()?.setItem(NEW_ACCOUNT_KEY, '1'),
  /** Whether the account is still to be welcomed; the mark stays until `welcomed`. */
  get: (): boolean => tabStorage()?.getItem(NEW_ACCOUNT_KEY) === '1',
  welcomed: () => tabStorage()?.removeItem(NEW_ACCOUNT_KEY),
};
