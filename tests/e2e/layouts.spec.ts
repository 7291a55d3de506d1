import { expect, expectNoA11yViolations, test } from './fixtures';

test.describe('signed-in layout', () => {
  test("a page's failure keeps the app chrome, and the page comes back", async ({ page, signedInUser: _ }) => {
    // Fault injection: the projects call fails, through the query client's retries too.
    const projectsCall = '**/v1.0/projects*';
    let attempts = 0;
    await page.route(projectsCall, (route) => {
      attempts += 1;
      return route.fulfill({ status: 500, json: { message: 'Server error.' } });
    });
    await page.clock.install();
    await page.goto('/projects');
    // The spec's three retries (1, 2 and 4 s apart) come first: the page's clock is moved on
    // until the fourth attempt has failed, instead of waiting the 7 s.
    await expect
      .poll(async () => {
        await page.clock.runFor(1_000);
        return attempts;
      })
      .toBe(4);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(attempts).toBe(4);
    await expect(page.getByText('This page could not be loaded. Please try again in a moment.')).toBeVisible();
    // The chrome is still there: the user can still sign out or change language.
    await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Change language' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.unroute(projectsCall);
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
  });
});
