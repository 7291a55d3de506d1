import { expect, expectNoA11yViolations, signIn, test } from './fixtures';

/** Light or dark, and the language: as the device is until chosen, then kept per user. */
test.describe('theme', () => {
  test('follows the device until the user chooses', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });

  test('the sign-in page passes axe in the dark', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("a signed-in user's choice is kept on the account and follows them to another browser", async ({
    page,
    browser,
    user,
  }) => {
    await signIn(page, user);
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'Change theme' }).selectOption('Dark');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('combobox', { name: 'Change theme' })).toHaveValue('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    // Another device, set to light: the account's choice wins once they sign in.
    const other = await browser.newContext({ colorScheme: 'light' });
    const otherPage = await other.newPage();
    await signIn(otherPage, user);
    await expect(otherPage.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await expect(otherPage.locator('html')).toHaveClass(/\bdark\b/);
    await other.close();
  });

  test('the theme switcher works from the keyboard', async ({ page }) => {
    await page.goto('/login');
    // The page is up (the form is React's): a key pressed before would meet a select without its handler.
    await expect(page.getByLabel('Email')).toBeVisible();
    const switcher = page.getByRole('combobox', { name: 'Change theme' });
    await switcher.focus();
    await expect(switcher).toHaveValue('system');
    // Each arrow applies the next theme at once, going on from the one just chosen (each press
    // is checked before the next, as a person sees each theme before pressing again).
    await page.keyboard.press('ArrowDown');
    await expect(switcher).toHaveValue('light');
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(switcher).toHaveValue('dark');
    await expect(switcher).toBeFocused();
  });
});

test.describe('language at sign-in', () => {
  test('a guest who chose Italian keeps it when the account never chose a language', async ({ page, user }) => {
    await page.goto('/login');
    await page.getByRole('combobox', { name: 'Change language' }).selectOption('Italiano');
    await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Progetti', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  });

  test("an account's own choice still wins over the guest's", async ({ page, makeUser }) => {
    const english = await makeUser({ language: 'en' });
    await page.goto('/login');
    await page.getByRole('combobox', { name: 'Change language' }).selectOption('Italiano');
    await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
    await page.getByLabel('Email').fill(english.email);
    await page.getByLabel('Password', { exact: true }).fill(english.password);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
