import type { Browser, Page } from '@playwright/test';
import {
  accessTokenOf,
  expect,
  expectNoA11yViolations,
  makeProjectThroughApi,
  projectFollowingFacebookPage,
  recordRequests,
  signInWithoutUi,
  test,
} from './fixtures';

/**
 * Public reports (docs/product.md#public-report-links): the owner makes a share link from the
 * project's menu, anyone with it sees the project's channels and comments by sentiment without an
 * account (no user is loaded, nothing of the owner shows), the owner sees when it was last opened,
 * and a revoked or replaced link is the not-found page.
 */

// Public report links come with Starter and up (PLAN_INCLUDES); the Free plan's refusal is its own test.
test.use({ plan: 'starter' });

async function openShareDialog(page: Page, project: string) {
  await page.goto('/projects');
  await page.getByRole('button', { name: `Actions for ${project}` }).click();
  await page.getByRole('menuitem', { name: 'Share a report' }).click();
  const dialog = page.getByRole('dialog', { name: `Share a report of ${project}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * A browser with nobody signed in. Its console is held to the fixtures' rule (only the
 * browser's own notes of error answers); `close` checks it.
 */
async function guest(browser: Browser, options: { colorScheme?: 'light' | 'dark'; locale?: string } = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: ')) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return {
    context,
    page,
    close: async () => {
      await context.close();
      expect(problems, "the visitor's page logged errors").toEqual([]);
    },
  };
}

test('the owner shares a report; a guest opens it with no account and sees nothing of the owner', async ({
  page,
  request,
  browser,
  user,
  context,
}) => {
  await projectFollowingFacebookPage(request, await accessTokenOf(request, user), 'Caffè Verdi');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInWithoutUi(page, user);
  const dialog = await openShareDialog(page, 'Caffè Verdi');
  await expect(dialog.getByText('Anyone with the link sees Caffè Verdi')).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Create a link' }).click();
  const link = dialog.getByRole('textbox', { name: 'Report link' });
  await expect(link).toHaveValue(/^http:\/\/localhost:\d+\/public\/reports\/[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByText('Not opened yet')).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
  const url = await link.inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  const visitor = await guest(browser);
  const userRequests = recordRequests(visitor.page, '/v1.0/auth/');
  await visitor.page.goto(url);
  await expect(visitor.page.getByRole('heading', { level: 1, name: 'Caffè Verdi' })).toBeVisible();
  await expect(
    visitor.page
      .getByRole('list', { name: 'Channels' })
      .getByRole('listitem')
      .filter({ hasText: 'Espresso Bar Milano' }),
  ).toBeVisible();
  await expect(
    visitor.page.getByRole('img', { name: /^Comments by sentiment, day by day, last 30 days/ }),
  ).toBeVisible();
  await expect(visitor.page).toHaveTitle('Caffè Verdi · Report · Orbita');
  // A public URL loads no user; the page names nobody.
  expect(userRequests).toEqual([]);
  const text = await visitor.page.locator('body').innerText();
  expect(text).not.toContain(user.email);
  expect(text).not.toContain(user.lastName);
  await expectNoA11yViolations(visitor.page);

  // The period is the visitor's to pick, kept in the address.
  await visitor.page.getByRole('button', { name: 'Period' }).click();
  await visitor.page.getByRole('option', { name: 'Last 7 days' }).click();
  await expect(visitor.page).toHaveURL(/\?days=7$/);
  await expect(visitor.page.getByRole('img', { name: /last 7 days/ })).toBeVisible();
  await visitor.close();

  // The owner sees that it was opened.
  await page.reload();
  const again = await openShareDialog(page, 'Caffè Verdi');
  await expect(again.getByText('Not opened yet')).toBeHidden();
  await expect(again.getByRole('definition').nth(1)).toHaveText(/\d/);
});

test('a revoked link, a replaced one and a made-up one are the not-found page', async ({
  page,
  request,
  browser,
  user,
}) => {
  const token = await accessTokenOf(request, user);
  await makeProjectThroughApi(request, token, 'Bottega');
  await signInWithoutUi(page, user);
  const dialog = await openShareDialog(page, 'Bottega');
  await dialog.getByRole('button', { name: 'Create a link' }).click();
  const link = dialog.getByRole('textbox', { name: 'Report link' });
  await expect(link).toHaveValue(/\/public\/reports\//);
  const first = await link.inputValue();
  // Each row of buttons takes the focus as it replaces the other: never the page's <body>.
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeFocused();

  // A new link: the old one stops working, the new one works.
  await dialog.getByRole('button', { name: 'New link' }).click();
  await expect(link).not.toHaveValue(first);
  const second = await link.inputValue();
  const visitor = await guest(browser);
  await visitor.page.goto(first);
  await expect(visitor.page.getByText('This report link does not exist or is no longer shared.')).toBeVisible();
  await expect(visitor.page.getByRole('link', { name: 'Back to dashboard' })).toHaveCount(0);
  await visitor.page.goto(second);
  await expect(visitor.page.getByRole('heading', { level: 1, name: 'Bottega' })).toBeVisible();
  await expect(visitor.page.getByText('The project follows no channel yet.')).toBeVisible();

  // Revoked: asked first; then the link is not found, and the owner may make a new one.
  await dialog.getByRole('button', { name: 'Revoke the link' }).click();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(link).toHaveValue(second);
  await expect(dialog.getByRole('button', { name: 'Revoke the link' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Revoke the link' }).click();
  await expect(dialog.getByText('Whoever has the link will find a not-found page.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The link is revoked' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create a link' })).toBeFocused();
  await visitor.page.reload();
  await expect(visitor.page.getByText('This report link does not exist or is no longer shared.')).toBeVisible();
  await expectNoA11yViolations(visitor.page);

  // Made up, malformed or hostile: the same page, never an error.
  for (const made of ['nothing', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'x'.repeat(600)]) {
    await visitor.page.goto(`/public/reports/${made}`);
    await expect(visitor.page.getByText('This report link does not exist or is no longer shared.')).toBeVisible();
  }
  await visitor.close();
});

test('a report the API cannot give says so and offers to try again, not "not found"', async ({ browser }) => {
  const visitor = await guest(browser);
  let failing = true;
  await visitor.page.route('**/v1.0/public/reports/**', (route) =>
    failing ? route.fulfill({ status: 500, json: { message: 'Server error.' } }) : route.continue(),
  );
  await visitor.page.goto('/public/reports/nothing');
  await expect(visitor.page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({ timeout: 15_000 });
  await expect(visitor.page.getByText('This report link does not exist or is no longer shared.')).toHaveCount(0);
  await expect(visitor.page.getByRole('link', { name: 'Back to dashboard' })).toHaveCount(0);
  await expectNoA11yViolations(visitor.page);
  // Once the API answers again, the same address says what it holds: here, nothing.
  failing = false;
  await visitor.page.getByRole('button', { name: 'Try again' }).click();
  await expect(visitor.page.getByText('This report link does not exist or is no longer shared.')).toBeVisible();
  await expect(visitor.page).toHaveTitle(/^Page not found/);
  await visitor.close();
});

test('a link that cannot be read is said in its dialog at once, and read again on its button', async ({
  page,
  request,
  user,
}) => {
  await makeProjectThroughApi(request, await accessTokenOf(request, user), 'Forno');
  await signInWithoutUi(page, user);
  let reads = 0;
  let failing = true;
  await page.route('**/v1.0/projects/*/report-link', (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    reads++;
    return failing ? route.fulfill({ status: 500, json: { message: 'Server error.' } }) : route.fallback();
  });
  const dialog = await openShareDialog(page, 'Forno');
  // Not asked again and again first (four times over 7 s) while the dialog waits.
  await expect(dialog.getByText('The link could not be loaded.')).toBeVisible();
  expect(reads).toBeLessThanOrEqual(2);
  await expectNoA11yViolations(page);
  await expect(dialog.getByRole('button', { name: 'Try again' })).not.toHaveAttribute('aria-disabled');
  failing = false;
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByRole('button', { name: 'Create a link' })).toBeVisible();
});

test("another user's project has no link to show or make", async ({ request, makeUser }) => {
  const owner = await makeUser();
  const stranger = await makeUser();
  const id = await makeProjectThroughApi(request, await accessTokenOf(request, owner), 'Private');
  const auth = { authorization: `Bearer ${await accessTokenOf(request, stranger)}` };
  expect((await request.get(`/v1.0/projects/${id}/report-link`, { headers: auth })).status()).toBe(404);
  expect((await request.post(`/v1.0/projects/${id}/report-link`, { headers: auth })).status()).toBe(404);
  expect((await request.delete(`/v1.0/projects/${id}/report-link`, { headers: auth })).status()).toBe(404);
});

for (const [locale, colorScheme] of [
  ['it-IT', 'light'],
  ['it-IT', 'dark'],
  ['en-GB', 'dark'],
] as const) {
  test(`the report passes axe (${locale}, ${colorScheme})`, async ({ request, browser, user }) => {
    const token = await accessTokenOf(request, user);
    const id = await makeProjectThroughApi(request, token, 'Osteria');
    const made = await request.post(`/v1.0/projects/${id}/report-link`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { reportLink } = (await made.json()) as { reportLink: { token: string } };
    const visitor = await guest(browser, { colorScheme, locale });
    await visitor.page.goto(`/public/reports/${reportLink.token}`);
    await expect(visitor.page.getByRole('heading', { level: 1, name: 'Osteria' })).toBeVisible();
    await expect(
      visitor.page.getByRole('heading', { level: 2, name: locale === 'it-IT' ? 'Canali' : 'Channels' }),
    ).toBeVisible();
    await expectNoA11yViolations(visitor.page);
    await visitor.close();
  });
}

test('at 1920 px the footer lines up with the report’s column', async ({ request, browser, user }) => {
  const token = await accessTokenOf(request, user);
  const id = await makeProjectThroughApi(request, token, 'Osteria');
  const made = await request.post(`/v1.0/projects/${id}/report-link`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { reportLink } = (await made.json()) as { reportLink: { token: string } };
  const visitor = await guest(browser, { colorScheme: 'light', locale: 'en-GB' });
  await visitor.page.setViewportSize({ width: 1920, height: 1000 });
  await visitor.page.goto(`/public/reports/${reportLink.token}`);
  await expect(visitor.page.getByRole('heading', { level: 1, name: 'Osteria' })).toBeVisible();
  const column = (await visitor.page.getByRole('main').boundingBox())!;
  const footer = (await visitor.page.getByRole('contentinfo').boundingBox())!;
  expect(footer.x).toBe(column.x);
  expect(footer.width).toBe(column.width);
  await visitor.close();
});
