import { expect, expectNoA11yViolations, recordRequests, test } from './fixtures';

/**
 * Errors show once a field is touched (docs/product.md#validation): a required field left empty
 * by Tab has been touched, so it says what it needs as focus leaves it, in every form of the
 * one form pattern; a field focus never reached says nothing.
 */
test.describe('a field left by Tab', () => {
  test('on the sign-in form says it is required', async ({ page }) => {
    const sent = recordRequests(page, '/v1.0/auth/login');
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    // Not yet left: the password says nothing.
    await expect(page.getByText('Password is required')).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(page.getByText('Password is required')).toBeVisible();
    await expectNoA11yViolations(page);
    expect(sent).toEqual([]);
  });

  test('on the sign-up form says it is required, one field at a time', async ({ page }) => {
    await page.goto('/register');
    const first = page.getByLabel('First name');
    await first.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Last name')).toBeFocused();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Last name is required')).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(page.getByText('Last name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeHidden();
    // Typing clears it as it goes.
    await first.fill('Ann');
    await expect(page.getByText('First name is required')).toBeHidden();
  });

  test.describe('signed in', () => {
    test('on the new-project form says it is required', async ({ page, signedInUser: _ }) => {
      await page.goto('/projects/new');
      const name = page.getByLabel('Project name');
      await expect(name).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(name).not.toBeFocused();
      await expect(page.getByText('Project name is required')).toBeVisible();
      await expect(name).toHaveAttribute('aria-invalid', 'true');
    });
  });
});
