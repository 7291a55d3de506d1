import type { Page } from '@playwright/test';
import { checkEachLook, expect, settle, test, type TestUser } from './fixtures';

/**
 * Login as user (docs/product.md#login-as-user): while an admin acts as a user, a banner on
 * every page says whose account this is, 'Back to my account' returns to the admin's own
 * session (kept all along), and the admin pages stay shut. The impersonation token is put where
 * the app keeps it (sessionStorage `impersonation_token`, app/lib/session.ts) as the Support
 * table's button does (app/features/impersonation/api.ts `loginAsUser`).
 */

/** Signs the admin in without the UI, as the fixtures do, and returns their access token. */
async function signInAdmin(page: Page, admin: TestUser): Promise<string> {
  const response = await page.request.post('/v1.0/auth/login', {
    data: { email: admin.email, password: admin.password },
  });
  expect(response.status()).toBe(200);
  const { access_token: token } = await response.json();
  await page.addInitScript((accessToken) => {
    if (sessionStorage.getItem('e2e-signed-in')) return;
    sessionStorage.setItem('e2e-signed-in', '1');
    localStorage.setItem('access_token', accessToken);
  }, token);
  return token;
}

/** What `loginAsUser` does: asks the API, keeps the token for this tab, reloads at home. */
async function loginAsUser(page: Page, adminToken: string, customer: TestUser): Promise<string> {
  const response = await page.request.post('/v1.0/auth/login-as-user', {
    data: { id: customer._id },
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { access_token: token } = await response.json();
  await page.evaluate((impersonationToken) => sessionStorage.setItem('impersonation_token', impersonationToken), token);
  await page.goto('/');
  return token;
}

const banner = (page: Page) => page.locator('header').filter({ hasText: 'you are signed in as' });

test.describe('an admin acting as a user', () => {
  let admin: TestUser;
  let customer: TestUser;
  test.beforeEach(async ({ makeUser }) => {
    admin = await makeUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' });
    customer = await makeUser({ firstName: 'Jane', lastName: 'Doe' });
  });

  test('an admin row says it cannot be logged in as, instead of offering a button that would be refused', async ({
    page,
  }) => {
    await signInAdmin(page, admin);
    await page.goto(`/admin/support?search=${encodeURIComponent(admin.email)}`);
    const row = page.getByRole('row').filter({ hasText: admin.email });
    await expect(row).toContainText('Admins cannot be logged in as');
    await expect(row.getByRole('button', { name: /^Login as user/ })).toHaveCount(0);
  });

  test("the Support table's button logs in as the user, and the way back returns to Support", async ({ page }) => {
    // Each session's live socket is its own (decision 056): after the reload the page listens on
    // the impersonation's channel only, and after the way back on the admin's session's again.
    const subscribed: string[] = [];
    const sessionOf = (user: TestUser) =>
      expect.stringMatching(new RegExp(`^private-App\\.Models\\.User\\.${user._id}\\.[0-9a-f-]{36}$`));
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/broadcasting/auth') {
        subscribed.push((request.postDataJSON() as { channel_name: string }).channel_name);
      }
    });
    await signInAdmin(page, admin);
    await page.goto(`/admin/support?search=${encodeURIComponent(customer.email)}`);
    await expect.poll(() => subscribed).toEqual([sessionOf(admin)]);
    const button = page.getByRole('button', { name: `Login as user ${customer.email}` });
    await button.click();
    await expect(page).toHaveURL('/projects');
    await expect.poll(() => subscribed).toEqual([sessionOf(admin), sessionOf(customer)]);
    await expect(banner(page)).toContainText(`Ada Admin, you are signed in as Jane Doe (${customer.email})`);
    await page.getByRole('button', { name: 'Back to my account' }).click();
    // Where the admin was: the Support page with its search.
    await expect(page).toHaveURL(`/admin/support?search=${encodeURIComponent(customer.email)}`);
    await expect(page.getByRole('searchbox')).toHaveValue(customer.email);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByText('you are signed in as')).toHaveCount(0);
    await expect.poll(() => subscribed.at(-1)).toBe(subscribed[0]);
  });

  test('sees the banner on every page, with whose account this is', async ({ page }) => {
    const adminToken = await signInAdmin(page, admin);
    await page.goto('/admin/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByText('you are signed in as')).toHaveCount(0);

    await loginAsUser(page, adminToken, customer);
    await expect(page).toHaveURL('/projects');
    const text = `Ada Admin, you are signed in as Jane Doe (${customer.email})`;
    for (const path of ['/projects', '/troubleshooting', '/']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Back to my account' })).toBeVisible();
      await expect(page.locator('header p').first()).toHaveText(text);
      // Said politely to a screen reader, a moment after the page is up.
      await expect(page.locator('[role="status"]').filter({ hasText: text })).toHaveCount(1);
    }
    // The app is the user's: their name in the menu, no admin navigation.
    await expect(page.getByRole('button', { name: 'Account: Jane Doe' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Support' })).toHaveCount(0);
  });

  test('cannot open the admin pages, nor call the admin API', async ({ page }) => {
    const adminToken = await signInAdmin(page, admin);
    await page.goto('/projects');
    const token = await loginAsUser(page, adminToken, customer);
    await expect(banner(page)).toBeVisible();
    for (const path of ['/admin/support', '/admin', '/admin/design-library']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    }
    const users = await page.request.get('/v1.0/users', { headers: { Authorization: `Bearer ${token}` } });
    expect(users.status()).toBe(403);
    const another = await page.request.post('/v1.0/auth/login-as-user', {
      data: { id: admin._id },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(another.status()).toBe(403);
  });

  test("'Back to my account' ends it and returns to the admin's own session on Support, by keyboard", async ({
    page,
  }) => {
    const adminToken = await signInAdmin(page, admin);
    await page.goto('/projects');
    const token = await loginAsUser(page, adminToken, customer);
    const back = page.getByRole('button', { name: 'Back to my account' });
    await expect(back).toBeVisible();

    // Reached with Tab like any control, and pressed with Enter.
    for (
      let presses = 0;
      presses < 40 && !(await back.evaluate((element) => element === document.activeElement));
      presses++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(back).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL('/admin/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account: Ada Admin' })).toBeVisible();
    await expect(page.getByText('you are signed in as')).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('impersonation_token'))).toBeNull();
    // Ended on the API too: the token stopped at once.
    const me = await page.request.get('/v1.0/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });

  test('an impersonation that ended meanwhile takes the tab back to the admin, who hears of it', async ({ page }) => {
    const adminToken = await signInAdmin(page, admin);
    await page.goto('/projects');
    const token = await loginAsUser(page, adminToken, customer);
    await expect(banner(page)).toBeVisible();
    // The tab leaves the app for a plain file of the same origin first (it keeps its session
    // storage): an open page could notice the end on its own and take itself back before the
    // navigation below replaces it, leaving the admin on the page that navigation asked for.
    await page.goto('/favicon.svg');
    // Ended elsewhere (another tab's 'Back to my account', or its time ran out).
    const ended = await page.request.post('/v1.0/auth/impersonation/end', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(ended.status()).toBe(204);

    // The first request refused takes the tab back, which may abort this navigation.
    await page.goto('/troubleshooting').catch((error: Error) => {
      if (!error.message.includes('net::ERR_ABORTED')) throw error;
    });
    await expect(page).toHaveURL('/admin/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByText('The login as user has ended: you are back in your own account.')).toBeVisible();
    await expect(page.getByText('you are signed in as')).toHaveCount(0);
  });

  test('the banner passes axe in each language and theme', async ({ page }) => {
    const adminToken = await signInAdmin(page, admin);
    await page.goto('/projects');
    await loginAsUser(page, adminToken, customer);
    await checkEachLook(
      page,
      async (language) => {
        // The impersonation is the tab's (session storage): it lasts through a reload.
        await page.reload();
        const back = language === 'en' ? 'Back to my account' : 'Torna al mio account';
        await expect(page.getByRole('button', { name: back })).toBeVisible();
        await expect(page.locator('header p').first()).toHaveText(
          language === 'en'
            ? `Ada Admin, you are signed in as Jane Doe (${customer.email})`
            : `Ada Admin, hai effettuato l'accesso come Jane Doe (${customer.email})`,
        );
      },
      () => settle(page),
    );
  });
});
