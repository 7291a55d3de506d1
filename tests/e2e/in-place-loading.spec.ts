import type { Page } from '@playwright/test';
import {
  accessTokenOf,
  expect,
  expectNoA11yViolations,
  projectFollowingFacebookPage,
  signInWithoutUi,
  test,
} from './fixtures';

/**
 * The global loading bar stays off for the users and comments lists (docs/product.md#startup-and-the-loading-indicator):
 * a Support search, a review filter and a project's comment filter are navigations of their own
 * page, each shown by the table's own indicator while its request is out. Everything else still
 * lights the bar (`tests/e2e/app-shell.spec.ts`).
 */

/** Holds the requests matching `url` until released; `arrived` resolves when the first one is out. */
async function hold(page: Page, url: string | RegExp) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const arrived = new Promise<void>((resolve) => (seen = resolve));
  await page.route(url, async (route) => {
    seen();
    await held;
    await route.continue();
  });
  return { arrived, release };
}

const globalBar = (page: Page) => page.getByRole('progressbar', { name: 'Loading' });

test.describe('an admin', () => {
  test.use({ role: 'admin' });

  test('a Support search shows the table busy, never the global bar', async ({ page, signedInUser: _ }) => {
    await page.goto('/admin/support');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(globalBar(page)).toBeHidden();
    const users = await hold(page, /\/v1\.0\/users\?.*search=/);
    await page.getByRole('searchbox', { name: 'Search users' }).fill('nobody-here');
    await users.arrived;
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Loading rows…' })).toBeAttached();
    await expect(globalBar(page)).toBeHidden();
    users.release();
    await expect(page.getByText(/^No user matches .nobody-here.\.$/)).toBeVisible();
    await expect(table).not.toHaveAttribute('aria-busy');
  });

  test('a review filter shows the list busy, never the global bar', async ({ page, signedInUser: _ }) => {
    await page.goto('/admin/sentiment-review');
    const table = page.getByRole('table', { name: 'Comments' });
    await expect(page.getByRole('heading', { level: 1, name: 'Sentiment review' })).toBeVisible();
    await expect(table).not.toHaveAttribute('aria-busy');
    await expect(globalBar(page)).toBeHidden();
    const comments = await hold(page, /\/v1\.0\/comments\?.*message=/);
    await page.getByRole('searchbox', { name: 'Message' }).fill('nothing-matches-this');
    await comments.arrived;
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(globalBar(page)).toBeHidden();
    comments.release();
    await expect(page).toHaveURL(/message=nothing-matches-this/);
    await expect(table).not.toHaveAttribute('aria-busy');
    await expectNoA11yViolations(page);
  });
});

test("a filter of a project's comments shows the list busy, never the global bar", async ({ page, request, user }) => {
  const id = await projectFollowingFacebookPage(request, await accessTokenOf(request, user), 'Bar');
  await signInWithoutUi(page, user);
  await page.goto(`/projects/${id}/comments`);
  await expect(page.getByText('8 comments, replies not counted', { exact: true })).toBeVisible();
  await expect(globalBar(page)).toBeHidden();
  const table = page.getByRole('table', { name: /^Comments of/ });
  const comments = await hold(page, /\/comments\?.*isBookmarked=true/);
  await page.getByRole('button', { name: 'Bookmarked' }).click();
  await page.getByRole('option', { name: 'Bookmarked', exact: true }).click();
  await comments.arrived;
  await expect(table).toHaveAttribute('aria-busy', 'true');
  await expect(globalBar(page)).toBeHidden();
  comments.release();
  await expect(page).toHaveURL(/isBookmarked=true/);
  await expect(table).not.toHaveAttribute('aria-busy');
});
