import i18next from 'i18next';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEachTest } from '../../tests/setup/after-each-test';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import en from '../../public/assets/i18n/en.json';

/** An i18next instance speaking English from the real translation file, ready at once. */
export async function englishI18n() {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
  });
  return instance;
}

// Tells React that this is a test environment whose updates are wrapped in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What the test's renders mounted: each is unmounted and removed after the test. */
const mounted: Array<{ root: Root; container: HTMLElement }> = [];

// A render left mounted keeps its effects, timers and listeners into the next test: the chat
// widget of one test loaded its script during the next one's, which then found it there.
afterEachTest(async () => {
  for (const { root, container } of mounted.splice(0)) {
    await act(async () => root.unmount());
    container.remove();
  }
});

/** Renders into a container in the document (happy-dom), in English; returns the container. */
export async function render(element: ReactNode): Promise<HTMLElement> {
  const i18n = await englishI18n();
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted.push({ root, container });
  await act(async () => root.render(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>));
  return container;
}

/**
 * Renders `routes` in a router at `path`, with the v7 behaviours the app's Remix future flags
 * already turn on (a route's loader, action and error element work as in the app); returns the
 * container.
 */
export function renderRoutes(routes: RouteObject[], path: string): Promise<HTMLElement> {
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    future: {
      v7_relativeSplatPath: true,
      v7_fetcherPersist: true,
      v7_normalizeFormMethod: true,
      v7_partialHydration: true,
      v7_skipActionErrorRevalidation: true,
    },
  });
  return render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
}
