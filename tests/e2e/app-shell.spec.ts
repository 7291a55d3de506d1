import { expect, expectNoA11yViolations, recordRequests, settle, test } from './fixtures';

/**
 * The shell around every screen (docs/product.md#the-app-shell): startup, loading, errors,
 * navigation, the chat widget.
 */
test.describe('startup', () => {
  test('the loading animation shows until the user is known, then the page', async ({ page, signedInUser: _ }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1.0/auth/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/projects', { waitUntil: 'commit' });
    await expect(page.locator('[aria-busy="true"]')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  });

  test('a /public/ path completes startup at once and asks nothing about the user', async ({
    page,
    signedInUser: _,
  }) => {
    const asked = recordRequests(page, '/v1.0/');
    await page.goto('/public/anything');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await settle(page);
    expect(asked).toEqual([]);
  });
});

test.describe('the loading overlay', () => {
  test('is on while a slow request runs and goes once it is done', async ({ page, signedInUser: _ }) => {
    await page.goto('/troubleshooting');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1.0/projects*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
    const overlay = page.getByRole('progressbar', { name: 'Loading' });
    await expect(overlay).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await expect(overlay).toBeHidden();
  });

  test('shows once for a burst of fast requests, not once per request', async ({ page, signedInUser: _ }) => {
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeHidden();
    // Note when the overlay comes and goes while the user moves between pages quickly.
    await page.evaluate(() => {
      const log: { event: string; at: number }[] = [];
      (window as unknown as { overlayLog: typeof log }).overlayLog = log;
      const isBar = (node: Node) =>
        node instanceof HTMLElement &&
        (node.matches('[role="progressbar"]') || node.querySelector('[role="progressbar"]') !== null);
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) if (isBar(node)) log.push({ event: 'shown', at: performance.now() });
          for (const node of record.removedNodes) if (isBar(node)) log.push({ event: 'hidden', at: performance.now() });
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    // Two pages 100 ms apart, clicked from the page itself: Playwright's own clicks wait for
    // the page to settle first, and on a busy machine that wait alone outlasted the countdown.
    const clicks = await page.evaluate(async () => {
      const link = (name: string) =>
        [...document.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Main navigation"] a')].find(
          (anchor) => anchor.textContent?.trim() === name,
        );
      const first = performance.now();
      link('Troubleshooting')?.click();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const second = performance.now();
      link('Home')?.click();
      return { first, second };
    });
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeHidden();
    const log = await page.evaluate(
      () => (window as unknown as { overlayLog: { event: string; at: number }[] }).overlayLog,
    );
    // One showing spans both pages: the overlay came with the first click and was not taken
    // down before the second (a showing per request would hide it in between). A request the
    // new page makes later, on a slow machine, may show it again: that is another burst.
    const firstShown = log.findIndex((entry) => entry.event === 'shown' && entry.at >= clicks.first);
    expect(firstShown, JSON.stringify(log)).toBeGreaterThanOrEqual(0);
    const hiddenAfter = log.slice(firstShown).find((entry) => entry.event === 'hidden');
    expect(hiddenAfter, JSON.stringify(log)).toBeDefined();
    expect(hiddenAfter!.at, JSON.stringify({ clicks, log })).toBeGreaterThan(clicks.second);
  });

  test('the maintenance page checking the API in the background never shows it', async ({ page }) => {
    await page.route('**/v1.0/health', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
    await page.goto('/maintenance');
    await expect(page.getByRole('heading', { name: "We'll be right back" })).toBeVisible();
    await settle(page);
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
  });
});

test.describe('errors', () => {
  test('without a connection the page says so and loads by itself once back online', async ({
    page,
    context,
    signedInUser: _,
  }) => {
    await page.route('**/v1.0/projects*', (route) => route.abort('internetdisconnected'));
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByText('No Internet Connection')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.unroute('**/v1.0/projects*');
    await context.setOffline(true);
    // The renderer must have seen the loss, or going back online fires no 'online' event.
    await page.waitForFunction(() => !navigator.onLine);
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
  });

  test('a 403 is worded, and a server error carries a reference to quote', async ({ page, signedInUser: _ }) => {
    await page.route('**/v1.0/projects*', (route) => route.fulfill({ status: 403, json: { message: 'Forbidden' } }), {
      times: 1,
    });
    await page.goto('/projects');
    await expect(page.getByText('You are not allowed to see this page.')).toBeVisible();

    await page.route('**/v1.0/projects*', (route) =>
      route.fulfill({ status: 500, json: { message: 'Server Error' }, headers: { 'X-Request-Id': 'req-4f2a9c' } }),
    );
    await page.reload();
    // The query's three retries come first, after 1, 2 and 4 s (spec: retry all but 401/403).
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('req-4f2a9c')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('a 503 goes to the maintenance page, and back once the API answers', async ({ page, signedInUser: _ }) => {
    await page.route('**/v1.0/projects*', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }), {
      times: 1,
    });
    await page.goto('/projects');
    await expect(page).toHaveURL('/maintenance?from=%2Fprojects');
    // The API answers the page's first check: it says it is back, and offers the way back.
    await expect(page.getByRole('heading', { name: "We're back" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/projects');
  });
});

test.describe('the signed-in chrome', () => {
  test('a sidebar on a wide screen; the admin pages only for admins', async ({ page, signedInUser: _ }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/projects');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Troubleshooting' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Design library' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open the menu' })).toBeHidden();
  });

  test.describe('as an admin', () => {
    test.use({ role: 'admin' });
    test('the admin section is there', async ({ page, signedInUser: _ }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/projects');
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Design library' })
        .click();
      await expect(page).toHaveURL('/admin/design-library');
    });
  });

  for (const language of ['en', 'it'] as const) {
    test(`on a phone the navigation is behind a menu button (${language})`, async ({ page, signedInUser: _ }) => {
      await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/projects');
      const words =
        language === 'en'
          ? { open: 'Open the menu', nav: 'Main navigation', help: 'Troubleshooting', heading: 'Projects' }
          : {
              open: 'Apri il menu',
              nav: 'Navigazione principale',
              help: 'Risoluzione dei problemi',
              heading: 'Progetti',
            };
      await expect(page.getByRole('heading', { name: words.heading, exact: true })).toBeVisible();
      await expect(page.getByRole('navigation', { name: words.nav })).toBeHidden();
      await page.getByRole('button', { name: words.open }).click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByRole('navigation', { name: words.nav })).toBeVisible();
      await expectNoA11yViolations(page);
      await drawer.getByRole('link', { name: words.help }).click();
      await expect(page).toHaveURL('/troubleshooting');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  }

  test('the user menu says who is signed in and signs out, by keyboard', async ({ page, user, signedInUser: _ }) => {
    await page.goto('/projects');
    await page.getByRole('button', { name: `Account: ${user.firstName} ${user.lastName}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(user.email)).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/login');
  });
});

test.describe('the customer chat', () => {
  test('loads nothing when none is configured', async ({ page, signedInUser: _ }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await settle(page);
    await expect(page.locator('#customer-chat')).toHaveCount(0);
    await expect(page.locator('script[data-chat-widget]')).toHaveCount(0);
  });
});
