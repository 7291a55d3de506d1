import { expect, recordRequests, settle, test } from './fixtures';

/**
 * The form rhythm (docs/decisions/016-design-system.md): fields sit at one even distance, no empty
 * error line is kept under each, and an error that appears when a click takes focus away never
 * moves the thing being clicked out from under the pointer.
 */
test.describe('form rhythm', () => {
  test('no empty line is kept under an untouched field', async ({ page }) => {
    await page.goto('/login');
    const email = await page.getByLabel('Email').boundingBox();
    const passwordLabel = await page.locator('label', { hasText: /^Password$/ }).boundingBox();
    // The form's gap (20 px), nothing more.
    expect(passwordLabel!.y - (email!.y + email!.height)).toBeLessThanOrEqual(21);
    // And nothing between the last field and the button but the same gap.
    const forgot = await page.getByRole('link', { name: 'Forgot your password?' }).boundingBox();
    const submit = await page.getByRole('button', { name: 'Sign in', exact: true }).boundingBox();
    expect(submit!.y - (forgot!.y + forgot!.height)).toBeLessThanOrEqual(21);
  });

  test('a click that takes focus from a field with a new error still lands', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('not-an-email');
    // Pressing the toggle takes focus from the email field, whose error appears: below it, the
    // toggle would move away before the button is released, and the click be lost.
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Email has an invalid format')).toBeVisible();
  });

  test('the send button counts a press made while leaving a field with an error', async ({ page }) => {
    const sent = recordRequests(page, '/v1.0/auth/login');
    await page.goto('/login');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // The send was attempted (every field now speaks), and nothing went to the API.
    await expect(page.getByText('Email has an invalid format')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await settle(page);
    expect(sent).toEqual([]);
  });
});
