import type { Page } from '@playwright/test';
import { startDeployProxy, type DeploySite } from './deploy-proxy';
import { test as base, expect, expectNoA11yViolations } from './fixtures';

/**
 * Offline updates (docs/product.md#new-versions-and-offline): the worker
 * Workbox generates at build, registered by the app once it is stable.
 *
 * A deploy is simulated at the HTTP level: the tests that need one open the app through a
 * proxy of their own (./deploy-proxy.ts), whose `/sw.js` changes bytes on `deploy()`, as every
 * new build's does. The browser then installs the "new" worker beside the running one, and it
 * waits: the version-ready event.
 */
const test = base.extend<{ site: DeploySite }>({
  site: async ({ baseURL }, use) => {
    const site = await startDeployProxy(baseURL!);
    await use(site);
    await site.close();
  },
});
// The suite blocks service workers (playwright.config.ts); this spec is about them.
test.use({ serviceWorkers: 'allow' });

/** Resolves once a worker controls the page: the first one claims the page when active. */
async function waitForWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** A new build on the server, and the page looking for it (the app also does, every hour). */
async function deployNewBuild(page: Page, site: DeploySite) {
  site.deploy();
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration!.update();
  });
}

/** Marks this document, so a test can tell a reload (the mark is gone) from none. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));
}
const isSameDocument = (page: Page) => page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded === true);

test.describe('service worker', () => {
  test('the app registers a worker that serves the shell and never the API', async ({ page, signedInUser: _ }) => {
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await waitForWorker(page);

    // The shell comes from the worker's precache now; the API still from the network.
    const me = page.waitForResponse('**/v1.0/auth/me');
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    expect((await me).fromServiceWorker()).toBe(false);
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toEqual(expect.arrayContaining(['/index.html', '/assets/i18n/en.json', '/assets/i18n/it.json']));
    expect(cached.some((path) => path.endsWith('.css'))).toBe(true);
    expect(cached.some((path) => path.endsWith('.woff2'))).toBe(true);
    expect(cached.filter((path) => /^\/(v1\.0|dev|docs|broadcasting|app|apps|sandbox)(\/|$)/.test(path))).toEqual([]);

    // An API path opened in the tab is the API's answer, not the app's page.
    const health = await page.goto('/v1.0/health');
    expect(health?.fromServiceWorker()).toBe(false);
    expect(health?.headers()['content-type']).toMatch(/application\/json/);
  });

  test('offline, a page whose files the worker keeps says at once that it needs the network, and loads once back', async ({
    page,
    context,
    signedInUser: _,
    allowConsoleErrors,
  }) => {
    // The live connection's socket, tried while offline.
    allowConsoleErrors(/ERR_INTERNET_DISCONNECTED/);
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await waitForWorker(page);
    await context.setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    // The inbox's files come from the worker; its data needs the API.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /^Inbox/ })
      .click();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByText('No Internet Connection')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Inbox', exact: true })).toBeVisible();
  });

  test('the web app manifest makes the app installable', async ({ page }) => {
    const response = await page.request.get('/manifest.webmanifest');
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = await response.json();
    expect(manifest).toMatchObject({ name: 'Orbita', start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    const sizes = manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
    }
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    // The page points at it, which is what makes a browser offer to install the app.
    await page.goto('/login');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  });

  test('a new build offers an update; "Update later" closes the dialog', async ({ page, site, signedInUser: user }) => {
    // Any page will do: this one's outline is the dialog's only neighbour in the axe check.
    await page.goto(`${site.url}/maintenance`);
    await waitForWorker(page);
    await markDocument(page);

    await deployNewBuild(page, site);
    const dialog = page.getByRole('dialog', { name: 'A new version of Orbita is ready' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Hi ${user.firstName}!`);
    // 450 px wide where the screen has room (its panel: the frame around the title).
    const panel = dialog.getByRole('heading', { name: 'A new version of Orbita is ready' }).locator('..');
    expect((await panel.boundingBox())?.width).toBe(450);
    await expectNoA11yViolations(page);

    await dialog.getByRole('button', { name: 'Update later' }).click();
    await expect(dialog).toBeHidden();
    expect(await isSameDocument(page)).toBe(true);
  });

  test('"Update now" reloads the page onto the new version', async ({ page, site, signedInUser: _ }) => {
    await page.goto(`${site.url}/projects`);
    await waitForWorker(page);
    const firstWorker = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.active);
    expect(firstWorker).not.toBeNull();
    await markDocument(page);

    await deployNewBuild(page, site);
    const dialog = page.getByRole('dialog', { name: 'A new version of Orbita is ready' });
    await dialog.getByRole('button', { name: 'Update now' }).click();

    await expect.poll(() => isSameDocument(page).catch(() => true)).toBe(false);
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    // The new worker is the one in charge, and nothing is left waiting to be offered again.
    const state = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!;
      return { waiting: registration.waiting !== null, controlled: navigator.serviceWorker.controller !== null };
    });
    expect(state).toEqual({ waiting: false, controlled: true });
    await expect(dialog).toBeHidden();
  });

  test.describe('for a guest, in Italian and dark', () => {
    test.use({ locale: 'it-IT', colorScheme: 'dark' });

    test('the dialog greets without a name', async ({ page, site }) => {
      await page.goto(`${site.url}/login`);
      await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
      await waitForWorker(page);

      await deployNewBuild(page, site);
      const dialog = page.getByRole('dialog', { name: 'È pronta una nuova versione di Orbita' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('Ciao!');
      await expect(dialog.getByRole('button', { name: 'Aggiorna più tardi' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Aggiorna ora' })).toBeVisible();
      await expectNoA11yViolations(page);
    });
  });

  // A build made with VITE_FORCE_UPDATE=true differs from this one in one place: Vite writes the
  // variable into the object that stands for `import.meta.env`. The page that is running when
  // the new build lands is served that variant; the worker precaches the files as built.
  test('with forceUpdate the page reloads onto a new build by itself', async ({ page, site, signedInUser: _ }) => {
    let forced = 0;
    await page.route('**/assets/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (!body.includes('VITE_FORCE_UPDATE')) return route.fulfill({ response, body });
      const variant = body.replace('{BASE_URL:"/",', '{BASE_URL:"/",VITE_FORCE_UPDATE:"true",');
      if (variant !== body) forced += 1;
      await route.fulfill({ response, body: variant });
    });
    await page.goto(`${site.url}/projects`);
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    expect(forced, 'the build read its environment from import.meta.env').toBe(1);
    await waitForWorker(page);
    await markDocument(page);

    await deployNewBuild(page, site);
    await expect.poll(() => isSameDocument(page).catch(() => true)).toBe(false);
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('without service workers', () => {
  test.use({ serviceWorkers: 'block' });

  test('the app only logs that they are disabled', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect.poll(() => logged).toContain('log: Service workers are disabled or not supported by this browser');
  });
});
