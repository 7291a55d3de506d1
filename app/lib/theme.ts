import { useEffect } from 'react';
import { THEMES, type Theme } from '~contract/fields';
import { themeStore } from './session';

export { THEMES, type Theme };

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/**
 * The theme to show: a signed-in user's saved choice, else what this browser picked with the
 * switcher, else `system` (the device's preference).
 */
export function pickTheme(userTheme?: string | null): Theme {
  if (isTheme(userTheme)) return userTheme;
  const stored = themeStore.get();
  return isTheme(stored) ? stored : 'system';
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Puts the theme on <html>: the `.dark` class the tokens key on (app/tailwind.css). */
export function applyTheme(theme: Theme) {
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia(DARK_QUERY).matches);
  document.documentElement.classList.toggle('dark', dark);
}

/** Keeps <html> in step with the theme, and, for `system`, with the device as it changes. */
export function useTheme(theme: Theme) {
  useEffect(() => {
    applyTheme(theme);
    if (theme !== 'system') return;
    const query = window.matchMedia(DARK_QUERY);
    const follow = () => applyTheme('system');
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [theme]);
}

/**
 * Runs in index.html before the first paint (an inline script, hashed into the CSP at build):
 * the browser's stored choice or the device's preference, so a dark page never flashes light.
 * The signed-in user's own choice is applied by `useTheme` once startup knows who they are.
 */
export const THEME_BOOT_SCRIPT = `try{var t=localStorage.getItem('theme');if(t==='dark'||(t!=='light'&&matchMedia('${DARK_QUERY}').matches))document.documentElement.classList.add('dark')}catch(e){}`;
