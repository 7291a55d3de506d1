import i18next from 'i18next';
import { getCurrentUser, updatePreferences } from '~/features/auth/api';
import { detectLanguage, isAvailableLanguage } from '~/lib/i18n';
import { actionsOnly } from '~/lib/intents';
import { failureToSay } from '~/lib/route-errors';
import { languageStore, themeStore, tokenStore } from '~/lib/session';
import { snackbar } from '~/lib/snackbar';
import { applyTheme, isTheme, pickTheme } from '~/lib/theme';

/**
 * Keeps what the switchers and the account page pick (a language, a theme, or both): for this
 * browser, and on the account of a signed-in user. The choice shows at once, before the API has
 * answered (docs/product.md#languages-and-themes); if the API refuses it, everything goes back as
 * it was (the page, this browser's stores) and the snackbar says so. No screen of its own; the
 * root loader revalidates and picks them up.
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
  const signedIn = Boolean(tokenStore.get());
  // What shows now, to go back to: the account's choice wins over this browser's (app/root.tsx).
  const user = signedIn ? await getCurrentUser().catch(() => null) : null;
  const before = {
    languageStore: languageStore.get(),
    themeStore: themeStore.get(),
    language: detectLanguage(user?.language),
    theme: pickTheme(user?.theme),
  };

  if (preferences.language) languageStore.set(preferences.language);
  if (preferences.theme) {
    themeStore.set(preferences.theme);
    applyTheme(preferences.theme);
  }
  if (preferences.language) await i18next.changeLanguage(preferences.language);
  if (!signedIn) return { ok: true };

  try {
    await updatePreferences(preferences);
    return { ok: true };
  } catch (error) {
    languageStore.set(before.languageStore);
    themeStore.set(before.themeStore);
    applyTheme(before.theme);
    if (preferences.language) await i18next.changeLanguage(before.language);
    // An ended session goes to sign in, maintenance to its page, both back to this page after.
    failureToSay(error, new Request(window.location.href));
    snackbar.show(preferences.language ? 'language.notSaved' : 'theme.notSaved', 'error');
    return { ok: false };
  }
}

export const clientLoader = actionsOnly;
