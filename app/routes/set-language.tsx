import i18next from 'i18next';
import { updateLanguage } from '~/features/auth/api';
import { isAvailableLanguage } from '~/lib/i18n';
import { languageStore, tokenStore } from '~/lib/session';

/**
 * Keeps the language picked with the switcher: for this browser, and on the account of a
 * signed-in user. No screen of its own; the root loader revalidates and picks it up.
 */
export async function clientAction({ request }: { request: Request }) {
  const language = (await request.formData()).get('language');
  if (!isAvailableLanguage(language)) return { ok: false };
  languageStore.set(language);
  if (tokenStore.get()) {
    try {
      await updateLanguage(language);
    } catch {
      // The language still changes here; the account keeps the old one until the next change.
    }
  }
  await i18next.changeLanguage(language);
  return { ok: true };
}
