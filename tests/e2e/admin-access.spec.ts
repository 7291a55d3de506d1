import { expect, expectNoA11yViolations, recordRequests, test } from './fixtures';

/**
 * Who may open the admin area (docs/product.md#access), page by page from one table, so a new admin
 * page is one line here: a guest goes to sign in and comes back to the same address; a signed-in
 * user meets the not-found page inside the app's chrome, sees no admin link, and no admin data is
 * ever asked for. The API's side is server/admin-access.test.ts.
 */
const ADMIN_PAGES = [
  '/admin',
  '/admin/support?search=jose',
  '/admin/sentiment-review?sentiment=MIXED',
  '/admin/mautic',
  '/admin/design-library',
];
/** The admin-only API paths the pages above read. */
const ADMIN_API = ['/v1.0/users', '/v1.0/comments', '/v1.0/mautic'];

for (const path of ADMIN_PAGES) {
  test(`${path}: a guest is sent to sign in, and back here afterwards`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?returnUrl=${encodeURIComponent(path)}`);
  });

  test(`${path}: a signed-in user meets the not-found page, and no admin data is asked for`, async ({
    page,
    signedInUser: _,
  }) => {
    const seen = ADMIN_API.map((fragment) => recordRequests(page, fragment));
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible();
    for (const link of ['Support', 'Sentiment review', 'Mautic', 'Design library']) {
      await expect(page.getByRole('link', { name: link })).toHaveCount(0);
    }
    expect(seen.flat()).toEqual([]);
  });
}

test('the not-found page of the admin area passes axe', async ({ page, signedInUser: _ }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test.describe('an admin', () => {
  test.use({ role: 'admin' });
  test('/admin opens the support page', async ({ page, signedInUser: _ }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL('/admin/support');
  });
});
