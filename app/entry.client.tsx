import { RemixBrowser } from '@remix-run/react';
import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { getInitialNamespaces } from 'remix-i18next/client';
import { detectLanguage, i18nOptions } from './lib/i18n';

/**
 * Translations load before hydration so the first screen already speaks the visitor's
 * language; the root clientLoader settles the final choice (a signed-in user's own language).
 */
async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(HttpBackend)
    .init({
      ...i18nOptions,
      lng: detectLanguage(),
      ns: [...new Set([...i18nOptions.ns, ...getInitialNamespaces()])],
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
