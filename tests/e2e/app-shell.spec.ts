import type { Request } from '@playwright/test';
import { expect, expectNoA11yViolations, recordRequests, runClockThroughRetries, settle, test } from './fixtures';

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
    // The page's own clock: the bar's 400 ms countdown runs only as the test moves it, however
    // long this machine takes to load each page.
    await page.clock.install();
    await page.goto('/troubleshooting');
    const bar = page.getByRole('progressbar', { name: 'Loading' });
    await expect(page.getByRole('heading', { level: 1, name: 'Linking Instagram to a Facebook Page' })).toBeVisible();
    await expect(bar).toBeHidden();
    // The API requests out: a page is done once they are all answered.
    const out = new Set<Request>();
    page.on('request', (request) => void (request.url().includes('/v1.0/') && out.add(request)));
    page.on('requestfinished', (request) => void out.delete(request));
    page.on('requestfailed', (request) => void out.delete(request));
    // Note when the bar comes and goes, and each page the user moves to, in order.
    await page.evaluate(() => {
      const log: string[] = [];
      (window as unknown as { overlayLog: typeof log }).overlayLog = log;
      const isBar = (node: Node) =>
        node instanceof HTMLElement &&
        (node.matches('[role="progressbar"]') || node.querySelector('[role="progressbar"]') !== null);
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) if (isBar(node)) log.push('shown');
          for (const node of record.removedNodes) if (isBar(node)) log.push('hidden');
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    // Clicked from the page itself: Playwright's own clicks wait for the page's animation frames,
    // which stand still with its clock.
    const moveTo = (name: string) =>
      page.evaluate((name) => {
        (window as unknown as { overlayLog: string[] }).overlayLog.push(name);
        [...document.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Main navigation"] a')]
          .find((anchor) => anchor.textContent?.trim() === name)
          ?.click();
      }, name);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

    // The projects are held until the bar is up: it comes on a timer (of 0 ms), which waits for
    // the test to move the clock.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1.0/projects*', async (route) => {
      await held;
      await route.continue();
    });
    await moveTo('Home');
    await expect
      .poll(async () => {
        await page.clock.runFor(1);
        return bar.isVisible();
      })
      .toBe(true);
    release();
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await expect.poll(() => out.size).toBe(0);
    // 300 ms with nothing running, inside the countdown: the bar is still up when the next page
    // is asked for.
    await page.clock.runFor(300);
    await expect(bar).toBeVisible();
    await moveTo('Troubleshooting');
    await expect(page.getByRole('heading', { level: 1, name: 'Linking Instagram to a Facebook Page' })).toBeVisible();
    await expect.poll(() => out.size).toBe(0);
    // The countdown's 400 ms with nothing running: the bar goes.
    await page.clock.runFor(400);
    await expect(bar).toBeHidden();
    // One showing spans both pages: on with the first, not taken down before the second (a
    // showing per request would have gone once the projects were in).
    expect(await page.evaluate(() => (window as unknown as { overlayLog: string[] }).overlayLog)).toEqual([
      'Home',
      'shown',
      'Troubleshooting',
      'hidden',
    ]);
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
  test('without a connection the page says so, and once back online loads by itself and stops saying so', async ({
    page,
    context,
    signedInUser: _,
    allowConsoleErrors,
  }) => {
    // The live connection may try its socket while the browser is offline (it opens once the
    // page is idle, and tries again later): the browser notes the failed attempt.
    allowConsoleErrors(/^WebSocket connection to .* failed: .*ERR_INTERNET_DISCONNECTED$/);
    // The connection drops once the app knows who is signed in: no later request reaches the API.
    await page.route('**/v1.0/**', (route) =>
      route.request().url().endsWith('/v1.0/auth/me') ? route.continue() : route.abort('internetdisconnected'),
    );
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByText('No Internet Connection')).toBeVisible();
    await expectNoA11yViolations(page);
    // Under the pointer the message waits instead of leaving after its time (WCAG 2.2.1): here it
    // goes because the connection is back, and what it says is no longer true.
    await page.getByText('No Internet Connection').hover();
    await page.unroute('**/v1.0/**');
    await context.setOffline(true);
    // The renderer must have seen the loss, or going back online fires no 'online' event.
    await page.waitForFunction(() => !navigator.onLine);
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await expect(page.getByText('No Internet Connection')).toBeHidden();
  });

  test('a part loaded after the first screen whose download fails arrives once back online; the page stays', async ({
    page,
    context,
    signedInUser: _,
    allowConsoleErrors,
  }) => {
    // The browser reports each failed download of the live updates' module.
    allowConsoleErrors(/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/);
    const liveUpdatesModule = /\/assets\/live-updates-[\w-]+\.js$/;
    let failures = 0;
    await page.route(liveUpdatesModule, (route) => {
      failures += 1;
      return route.abort('internetdisconnected');
    });
    await page.goto('/projects');
    await expect.poll(() => failures).toBeGreaterThan(0);
    await context.setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    await page.unroute(liveUpdatesModule);
    const downloaded = page.waitForResponse(liveUpdatesModule);
    // The live connection, once its module is in, asks the API for its settings.
    const connecting = page.waitForRequest('**/v1.0/realtime');
    await context.setOffline(false);
    expect((await downloaded).ok()).toBe(true);
    await connecting;
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  });

  test('a 403 is worded, and a server error carries a reference to quote', async ({ page, signedInUser: _ }) => {
    await page.route('**/v1.0/projects*', (route) => route.fulfill({ status: 403, json: { message: 'Forbidden' } }), {
      times: 1,
    });
    await page.goto('/projects');
    await expect(page.getByText('You are not allowed to see this page.')).toBeVisible();

    let attempts = 0;
    await page.route('**/v1.0/projects*', (route) => {
      attempts += 1;
      return route.fulfill({
        status: 500,
        json: { message: 'Server Error' },
        headers: { 'X-Request-Id': 'req-4f2a9c' },
      });
    });
    await page.clock.install();
    await page.reload();
    // The query's three retries come first (spec: retry all but 401/403).
    await runClockThroughRetries(page, () => attempts);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
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

  test('a field the keyboard goes back to is scrolled clear of the sticky header, not under it', async ({
    page,
    signedInUser: _,
  }) => {
    await page.setViewportSize({ width: 375, height: 560 });
    await page.goto('/user/account');
    const field = page.getByLabel('First name');
    await expect(field).toBeVisible();
    // Scrolled so that the field lies under the header: on the screen, but hidden.
    await field.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 10));
    const header = (await page.getByRole('banner').boundingBox())!;
    expect((await field.boundingBox())!.y).toBeLessThan(header.y + header.height);
    // Back to it from the next field, by keyboard.
    await page.getByLabel('Last name').focus();
    await page.keyboard.press('Shift+Tab');
    await expect(field).toBeFocused();
    expect((await field.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  });

  test('the first Tab skips to the content, past the navigation; a move to another page is said by its title and keeps the keyboard in reach', async ({
    page,
    signedInUser: _,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    const skip = page.getByRole('link', { name: 'Skip to content' });
    // Drawn only while it has focus.
    expect((await skip.boundingBox())?.width).toBeLessThanOrEqual(1);
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    expect((await skip.boundingBox())?.width).toBeGreaterThan(50);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL('/projects');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'New project' }).first()).toBeFocused();

    // The first page is not said (the browser says it); the next one is, once it is drawn.
    const said = page.locator('[data-route-announcer]');
    await expect(said).toHaveAttribute('aria-live', 'polite');
    await expect(said).toHaveText('');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Inbox' }).click();
    await expect(page.getByRole('heading', { name: 'Inbox', exact: true })).toBeVisible();
    await expect(said).toHaveText('Inbox · Orbita');
    await expect(page).toHaveTitle('Inbox · Orbita');
    // The link followed is still there: focus stays on it.
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Inbox' }),
    ).toBeFocused();

    // A page's own focus is kept; a move that takes away the element that had focus starts the
    // keyboard at the top again, as a page load does: drawn when the keyboard made the move.
    await page.getByRole('link', { name: 'New project' }).click();
    await expect(page.getByRole('textbox', { name: 'Project name' })).toBeFocused();
    await page.getByRole('link', { name: 'Back to your projects' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/projects');
    await expect(skip).toBeFocused();
    expect((await skip.boundingBox())?.width).toBeGreaterThan(50);
    await page.getByRole('link', { name: 'New project' }).first().click();
    await page.getByRole('link', { name: 'Back to your projects' }).click();
    await expect(page).toHaveURL('/projects');
    await expect(skip).toBeFocused();
    expect((await skip.boundingBox())?.width).toBeLessThanOrEqual(1);
  });

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
