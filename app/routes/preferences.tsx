import i18next from 'i18next';
import { updatePreferences } from '~/features/auth/api';
import { isAvailableLanguage } from '~/lib/i18n';
import { languageStore, themeStore, tokenStore } from '~/lib/session';
import { applyTheme, isTheme } from '~/lib/theme';

/**
 * Keeps what the switchers pick (a language, a theme, or both): for this browser, and on the
 * account of a signed-in user. No screen of its own; the root loader revalidates and picks
 * them up.
 */
export async function clientAction({ request }: { request: Request }) {
  const form = await request.formData();
  const language = form.get('language');
  const theme = form.get('theme');
  const preferences = {
    language: isAvailableLanguage(language) ? language : undefined,
    theme: isTheme(theme) ? theme : undefined,
  };
  if (!preferences.language && !preferences.theme) return { ok: false };
  if (preferences.language) languageStore.set(preferences.language);
  if (preferences.theme) {
    themeStore.set(preferences.theme);
    // At once, not after the revalidation: the switch answers the click.
    applyTheme(preferences.theme);
  }
  if (tokenStore.get()) {
    try {
      await updatePreferences(preferences);
    } catch {
      // The change still holds here; the account keeps the old value until the next change.
    }
  }
  if (preferences.language) await i18next.changeLanguage(preferences.language);
  return { ok: true };
}
