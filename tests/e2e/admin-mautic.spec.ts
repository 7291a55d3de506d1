import type { Page } from '@playwright/test';
import { checkEachLook, expect, expectNoA11yViolations, recordRequests, settle, test } from './fixtures';

/**
 * The Mautic page (docs/product.md#mautic): the whole OAuth2 round trip through the
 * sandbox Mautic the API serves in local mode (its consent page, back with code and state, the
 * exchange), a state that does not match, an exchange that fails, a denied consent, who may open
 * it, and axe. The installation holds one token, so no test here expects there to be none.
 */
const STATE_KEY = 'mauticState';

const snackbar = (page: Page, text: string) =>
  page.locator('[role="status"], [role="alert"]').filter({ hasText: text });

test.describe('an admin', () => {
  test.use({ role: 'admin' });

  test('authorizes Mautic: consent, back with a code, the token obtained, the address cleaned', async ({
    page,
    signedInUser: _,
  }) => {
    await page.goto('/projects');
    await page.getByRole('link', { name: 'Mautic' }).click();
    await expect(page).toHaveURL('/admin/mautic');
    await expect(page.getByRole('heading', { level: 1, name: 'Mautic Authorization' })).toBeVisible();
    await expect(page).toHaveTitle(/^Mautic Authorization · /);
    const clientId = page.getByRole('textbox', { name: 'Client ID' });
    await expect(clientId).toHaveValue('orbita-sandbox');
    await expect(clientId).toHaveAttribute('readonly', '');
    const state = await page.evaluate((key) => localStorage.getItem(key), STATE_KEY);
    expect(state).toMatch(/^[0-9a-f]{64}$/);

    await page.getByRole('button', { name: 'Authenticate' }).click();
    await expect(page).toHaveURL(/\/dev\/mautic\/oauth\/v2\/authorize\?/);
    const authorize = new URL(page.url());
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      client_id: 'orbita-sandbox',
      grant_type: 'authorization_code',
      redirect_uri: new URL('/admin/mautic', page.url()).toString(),
      response_type: 'code',
      state,
    });
    await expect(page.getByRole('heading', { name: 'Authorize orbita-sandbox' })).toBeVisible();
    await expectNoA11yViolations(page);

    const exchanged = page.waitForResponse((response) => response.url().endsWith('/v1.0/mautic/token'));
    await page.getByRole('button', { name: 'Allow' }).click();
    expect((await exchanged).status()).toBe(200);
    await expect(snackbar(page, 'Auth token obtained')).toBeVisible();
    // The code and state are gone from the address, replaced rather than added to the history.
    await expect(page).toHaveURL('/admin/mautic');
    await expect(page.getByText('Authorized', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Valid until \w+ \d{1,2}, \d{4}/)).toBeVisible();
    await expect(page.getByText(/^Obtained on /)).toBeVisible();
    // The state was spent: the next authorisation sends another.
    expect(await page.evaluate((key) => localStorage.getItem(key), STATE_KEY)).not.toBe(state);
    await page.goBack();
    await expect(page).toHaveURL(/\/dev\/mautic\/oauth\/v2\/authorize\?/);
  });

  test('the address cleaned of a return is replaced in the history, not added to it', async ({
    page,
    signedInUser: _,
  }) => {
    await page.goto('/admin/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await page.goto('/admin/mautic?state=not-the-one&code=abc');
    await expect(page).toHaveURL('/admin/mautic');
    await page.goBack();
    await expect(page).toHaveURL('/admin/support');
  });

  test("says 'Invalid Mautic state' for a state this browser did not send, and exchanges nothing", async ({
    page,
    signedInUser: _,
  }) => {
    await page.goto('/admin/mautic');
    const before = await page.evaluate((key) => localStorage.getItem(key), STATE_KEY);
    const exchanges = recordRequests(page, '/v1.0/mautic/token');
    await page.goto('/admin/mautic?state=forged-state&code=some-code');
    await expect(snackbar(page, 'Invalid Mautic state')).toBeVisible();
    await expect(page).toHaveURL('/admin/mautic');
    await expect(page.getByRole('heading', { level: 1, name: 'Mautic Authorization' })).toBeVisible();
    const after = await page.evaluate((key) => localStorage.getItem(key), STATE_KEY);
    expect(after).toMatch(/^[0-9a-f]{64}$/);
    expect(after).not.toBe(before);
    await settle(page);
    expect(exchanges).toEqual([]);
  });

  test("says 'Error getting auth token' when the exchange fails", async ({ page, signedInUser: _ }) => {
    await page.route('**/v1.0/mautic/token', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Mautic could not be reached. Try again later.' }),
      }),
    );
    await page.goto('/admin/mautic');
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(snackbar(page, 'Error getting auth token')).toBeVisible();
    await expect(page).toHaveURL('/admin/mautic');
    await expect(snackbar(page, 'Auth token obtained')).toHaveCount(0);
  });

  test('a code Mautic refuses (already used) is an error too, from the real exchange', async ({
    page,
    signedInUser: _,
  }) => {
    await page.goto('/admin/mautic');
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(snackbar(page, 'Auth token obtained')).toBeVisible();
    await expect(page).toHaveURL('/admin/mautic');

    // The same code again, with the state this browser holds now: Mautic refuses a used code.
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await expect(page).toHaveURL(/\/dev\/mautic\/oauth\/v2\/authorize\?/);
    const state = new URL(page.url()).searchParams.get('state')!;
    const used = await page.request.post('/dev/mautic/oauth/v2/authorize', {
      form: {
        client_id: 'orbita-sandbox',
        redirect_uri: new URL('/admin/mautic', page.url()).toString(),
        state,
        decision: 'allow',
      },
      maxRedirects: 0,
    });
    const code = new URL(used.headers().location).searchParams.get('code')!;
    await page.request.post('/dev/mautic/oauth/v2/token', {
      form: {
        grant_type: 'authorization_code',
        client_id: 'orbita-sandbox',
        client_secret: 'orbita-sandbox-secret',
        redirect_uri: new URL('/admin/mautic', page.url()).toString(),
        code,
      },
    });
    const exchanged = page.waitForResponse((response) => response.url().endsWith('/v1.0/mautic/token'));
    await page.goto(`/admin/mautic?state=${state}&code=${code}`);
    expect((await exchanged).status()).toBe(422);
    await expect(snackbar(page, 'Error getting auth token')).toBeVisible();
    await expect(page).toHaveURL('/admin/mautic');
  });

  test('hears that the authorisation was refused on Deny', async ({ page, signedInUser: _ }) => {
    const exchanges = recordRequests(page, '/v1.0/mautic/token');
    await page.goto('/admin/mautic');
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(snackbar(page, 'The authorization was refused in Mautic.')).toBeVisible();
    await expect(page).toHaveURL('/admin/mautic');
    expect(exchanges).toEqual([]);
  });

  test('passes axe in each language and theme', async ({ page, signedInUser: _ }) => {
    await checkEachLook(page, async (language) => {
      await page.goto('/admin/mautic');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        language === 'en' ? 'Mautic Authorization' : 'Autorizzazione Mautic',
      );
      await expect(page.getByRole('button', { name: language === 'en' ? 'Authenticate' : 'Autentica' })).toBeEnabled();
    });
  });

  test('passes axe after a return, with a snackbar on screen, in each language and theme', async ({
    page,
    signedInUser: _,
  }) => {
    const refused = { en: 'Invalid Mautic state', it: 'Stato Mautic non valido' };
    await checkEachLook(
      page,
      async () => void (await page.goto('/admin/mautic?state=forged&code=x')),
      // Still on screen in each colour scheme, so that axe sees it.
      async ({ language }) => await expect(snackbar(page, refused[language])).toBeVisible(),
    );
  });
});
