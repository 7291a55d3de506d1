import type { Page } from '@playwright/test';
import { checkEachLook, expect, expectNoA11yViolations, recordRequests, settle, test } from './fixtures';

/**
 * The Support page (docs/product.md#support): who may see it, the debounced search, paging,
 * and the search and page kept in the URL. The 36 demo customers (server/db/seed.ts, all at
 * `@customers.example.com`) are three pages that no other test changes.
 */
const CUSTOMERS = 'customers.example.com';
const usersCalls = (page: Page) => recordRequests(page, '/v1.0/users');

test.describe('an admin', () => {
  test.use({ role: 'admin' });

  test('sees every user in the table, found from the sidebar', async ({ page, signedInUser: _ }) => {
    await page.goto('/projects');
    await page.getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveURL('/admin/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page).toHaveTitle(/^Users · /);
    const table = page.getByRole('table', { name: 'Users' });
    // At 1280 px the three channel counts share a cell (the widths: the next test).
    await expect(table.getByRole('columnheader')).toHaveText([
      'User',
      'Plan',
      'Payment method',
      'Projects',
      'Channels',
      'Actions',
    ]);
    await expect(table.getByRole('row')).toHaveCount(16);

    await page.getByRole('searchbox', { name: 'Search users' }).fill('demo@example.com');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText(
      [
        'demo@example.com\nDemo User',
        'Starter',
        'No payment method',
        '2',
        // The demo user's page, Instagram account and ad account (server/db/seed.ts).
        '1 Facebook page\n1 Instagram account\n1 ad account',
        'Login as user',
      ],
      // As shown: the user's cell also holds the plan, for phones only.
      { useInnerText: true },
    );
    await expectNoA11yViolations(page);
  });

  test('the table chooses its columns at each width and fits, the action always in view', async ({
    page,
    makeUser,
    signedInUser: _,
  }) => {
    const domain = '@example.com';
    const email =
      `support-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`.padEnd(60 - domain.length, 'x') + domain;
    await makeUser({ email, firstName: 'Giovanna', lastName: 'Lunghi' });
    await page.goto(`/admin/support?search=${encodeURIComponent(email)}`);
    const table = page.getByRole('table', { name: 'Users' });
    const button = page.getByRole('button', { name: `Login as user ${email}` });
    const widths = {
      // On a phone the action is under the user, in the same cell.
      375: ['User'],
      1280: ['User', 'Plan', 'Payment method', 'Projects', 'Channels', 'Actions'],
      1920: [
        'User',
        'Plan',
        'Payment method',
        'Projects',
        'Facebook pages',
        'Instagram accounts',
        'Facebook ad accounts',
        'Actions',
      ],
    };
    for (const [width, headers] of Object.entries(widths)) {
      await page.setViewportSize({ width: Number(width), height: 800 });
      await expect(table.getByRole('columnheader')).toHaveText(headers);
      // No sideways scrolling: the frame is no scrollable region, and the action is in view.
      await expect(page.getByRole('region', { name: 'Users' })).toHaveCount(0);
      await expect(button).toBeInViewport({ ratio: 1 });
    }

    // On a phone the 60-character email is cut to fit its cell; focus (or the pointer) shows it whole.
    await page.setViewportSize({ width: 375, height: 800 });
    const cut = table.getByText(email, { exact: true });
    expect(await cut.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await cut.focus();
    const whole = page.locator('body > span[aria-hidden="true"]', { hasText: email });
    await expect(whole).toBeVisible();
    expect(await whole.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(whole).toHaveCount(0);
    await cut.hover();
    await expect(whole).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('two users of the same name have login buttons named apart, by email', async ({
    page,
    makeUser,
    signedInUser: _,
  }) => {
    const mark = `twin-${Date.now()}`;
    const first = await makeUser({ email: `${mark}-a@example.com`, firstName: 'Marco', lastName: 'Gemelli' });
    const second = await makeUser({ email: `${mark}-b@example.com`, firstName: 'Marco', lastName: 'Gemelli' });
    await page.goto(`/admin/support?search=${mark}`);
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(3);
    await expect(page.getByRole('button', { name: `Login as user ${first.email}`, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Login as user ${second.email}`, exact: true })).toBeVisible();
  });

  test('a search is one request, sent once typing stops, and starts from page 1', async ({ page, signedInUser: _ }) => {
    await page.clock.install();
    await page.goto('/admin/support?page=2');
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const calls = usersCalls(page);
    const box = page.getByRole('searchbox', { name: 'Search users' });
    // The page's clock stands still while typing, 80 ms of it between keys: well inside the
    // 600 ms wait, so no search goes out while typing, however slowly the machine types.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    for (const key of 'josé.garcia') {
      await box.pressSequentially(key);
      await page.clock.runFor(80);
    }
    await page.clock.runFor(500);
    expect(calls).toEqual([]);
    await page.clock.resume();
    await expect(page).toHaveURL(`/admin/support?search=${encodeURIComponent('josé.garcia')}`);
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
    await expect(
      page.getByRole('table', { name: 'Users' }).getByText('jose.garcia.1@customers.example.com', { exact: true }),
    ).toBeVisible();
    // Nothing more arrives later either: the clock is moved past any wait still running.
    await page.clock.runFor(800);
    await settle(page);
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]).searchParams.get('search')).toBe('josé.garcia');
    expect(new URL(calls[0]).searchParams.get('page')).toBe('1');

    // Typing back to what is shown asks nothing.
    await box.press('End');
    await box.press('a');
    await box.press('Backspace');
    await page.clock.runFor(800);
    await settle(page);
    expect(calls).toHaveLength(1);
  });

  test('a page past the last shows the last; a search past what the API takes is cut, never dropped', async ({
    page,
    signedInUser: _,
  }) => {
    await page.goto(`/admin/support?search=${CUSTOMERS}&page=99`);
    await expect(page).toHaveURL(`/admin/support?search=${CUSTOMERS}&page=3`);
    await expect(page.getByRole('navigation', { name: 'Pages of users' }).getByText(/ of 36$/)).toHaveText(
      '31–36 of 36',
    );
    await expect(page.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');

    // Every user listed under these words would read as their result.
    const calls = usersCalls(page);
    await page.goto(`/admin/support?search=${'x'.repeat(150)}`);
    await expect(page.getByRole('cell', { name: `No user matches “${'x'.repeat(100)}”.` })).toBeVisible();
    expect(new URL(calls[0]).searchParams.get('search')).toBe('x'.repeat(100));
    const box = page.getByRole('searchbox', { name: 'Search users' });
    await expect(box).toHaveAttribute('maxlength', '100');
  });

  test('nothing found says what was searched', async ({ page, signedInUser: _ }) => {
    await page.goto('/admin/support?search=nobody-by-this-name');
    await expect(page.getByRole('cell', { name: 'No user matches “nobody-by-this-name”.' })).toBeVisible();
    await expect(page.getByText('No results')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('pages through a search, and the URL keeps both through reload, back and forward', async ({
    page,
    signedInUser: _,
  }) => {
    await page.clock.install();
    await page.goto('/admin/support');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(CUSTOMERS);
    await expect(page).toHaveURL(`/admin/support?search=${CUSTOMERS}`);
    const range = page.getByRole('navigation', { name: 'Pages of users' }).getByText(/ of 36$/);
    const rows = page.getByRole('table', { name: 'Users' }).getByRole('row');
    await expect(range).toHaveText('1–15 of 36');
    const firstOfPage1 = await rows.nth(1).getByRole('cell').first().textContent();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(`/admin/support?search=${CUSTOMERS}&page=2`);
    await expect(range).toHaveText('16–30 of 36');
    await page.getByRole('button', { name: 'Page 3' }).click();
    await expect(range).toHaveText('31–36 of 36');
    await expect(rows).toHaveCount(7);

    await page.reload();
    await expect(range).toHaveText('31–36 of 36');
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue(CUSTOMERS);

    await page.goBack();
    await expect(page).toHaveURL(`/admin/support?search=${CUSTOMERS}&page=2`);
    await expect(range).toHaveText('16–30 of 36');
    await page.goBack();
    await expect(range).toHaveText('1–15 of 36');
    await expect(rows.nth(1).getByRole('cell').first()).toHaveText(firstOfPage1!);
    await page.goForward();
    await expect(range).toHaveText('16–30 of 36');

    // Back to before the search: the box follows the URL, and no search is sent for it.
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL('/admin/support');
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
    await page.clock.runFor(800);
    await settle(page);
    await expect(page).toHaveURL('/admin/support');
  });

  test('passes axe in each language and theme', async ({ page, signedInUser: _ }) => {
    await checkEachLook(page, async (language) => {
      await page.goto(`/admin/support?search=${CUSTOMERS}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(language === 'en' ? 'Users' : 'Utenti');
      await expect(page.getByRole('link', { name: language === 'en' ? 'Support' : 'Assistenza' })).toBeVisible();
      await expect(page.getByRole('table').getByRole('row')).toHaveCount(16);
    });
  });
});
