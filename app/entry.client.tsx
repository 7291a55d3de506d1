import { RemixBrowser } from '@remix-run/react';
import i18next from 'i18next';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { getInitialNamespaces } from 'remix-i18next/client';
import { startTranslations } from './lib/i18n';
import { preloadRouteModules } from './lib/preload-route-modules';

/**
 * Translations start loading now (the boot script in index.html has usually started the
 * download already) and hydration does not wait for them: the startup screen has no words, and
 * the root clientLoader holds the first page until they are in (`showLanguage`), in parallel
 * with the current user and the route's own modules (docs/decisions/021-first-load.md).
 */
startTranslations(getInitialNamespaces());

preloadRouteModules();

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
