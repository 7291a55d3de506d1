import type { Page } from '@playwright/test';
import { DESIGN_LIBRARY_RENDER_MS, expect, expectNoA11yViolations, test } from './fixtures';

/**
 * The design library's dialogs, menu and tabs, driven by keyboard as a keyboard user would:
 * what Headless UI promises (focus trap, Escape, focus back, arrow keys) checked on our frame.
 */
test.use({ role: 'admin' });

async function openLibrary(page: Page) {
  // The three sections these tests use alone: the whole kit is the design-library spec's.
  await page.goto('/admin/design-library?section=feedback&section=menus-tabs&section=overlays');
  await expect(page.getByRole('heading', { name: 'Design library', level: 1 })).toBeVisible({
    timeout: DESIGN_LIBRARY_RENDER_MS,
  });
}

test.describe('design library: overlays, menus and tabs', () => {
  // With their transitions, as most users see them (the suite's default is reduced motion).
  test.use({ reducedMotion: 'no-preference' });
  test.beforeEach(async ({ page, signedInUser: _ }) => {
    await openLibrary(page);
  });

  test('the confirm dialog holds focus, Escape gives it back, and confirming reports success', async ({ page }) => {
    const overlays = page.getByRole('region', { name: 'Overlays' });
    const trigger = overlays.getByRole('button', { name: 'Delete project' });
    await trigger.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Delete this project?' });
    await expect(dialog).toBeVisible();
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    const confirm = dialog.getByRole('button', { name: 'Delete project' });
    // Focus moves into the dialog (Headless UI focuses the dialog itself); the safe choice comes
    // first, and Tab goes round inside the dialog, never back to the page behind it.
    await expect(dialog).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(confirm).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Project deleted.' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('the update-available dialog greets the user and both buttons close it', async ({ page }) => {
    const overlays = page.getByRole('region', { name: 'Overlays' });
    await overlays.getByRole('button', { name: 'Show update notice' }).click();
    const dialog = page.getByRole('dialog', { name: 'A new version of Orbita is ready' });
    await expect(dialog).toContainText('Hi Giulia!');
    // The dialog element covers the screen; its panel is what holds the title.
    const panel = dialog.getByRole('heading', { name: 'A new version of Orbita is ready' }).locator('..');
    expect((await panel.boundingBox())?.width).toBe(450);
    await dialog.getByRole('button', { name: 'Update later' }).click();
    await expect(dialog).toBeHidden();
    await overlays.getByRole('button', { name: 'Show update notice' }).click();
    await dialog.getByRole('button', { name: 'Update now' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the menu opens from the keyboard, skips the disabled item, and Enter picks one', async ({ page }) => {
    const section = page.getByRole('region', { name: 'Menus and tabs' });
    const trigger = section.getByRole('button', { name: 'Post actions' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Archive' })).toHaveAttribute('aria-disabled', 'true');
    // Edit is active on opening; down three times goes past Archive (disabled) to Delete.
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect(section.getByText('Last chosen: Delete')).toBeVisible();
    await expect(trigger).toBeFocused();

    // The icon-only trigger is named for what it opens.
    await section.getByRole('button', { name: 'More actions' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(section.getByText('Last chosen: Edit')).toBeVisible();
  });

  test('the tabs move with the arrow keys and skip the disabled one', async ({ page }) => {
    const tabs = page.getByRole('tablist', { name: 'Posts' });
    const published = tabs.getByRole('tab', { name: 'Published 12 items' });
    const scheduled = tabs.getByRole('tab', { name: 'Scheduled 3 items' });
    await published.click();
    await expect(published).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(scheduled).toBeFocused();
    await expect(scheduled).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Scheduled 3 items' })).toHaveText(
      '3 posts are waiting for their time.',
    );
    // Drafts is disabled: the next step wraps round to the first tab.
    await page.keyboard.press('ArrowRight');
    await expect(published).toBeFocused();
    await expect(published).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.getByRole('tab', { name: 'Drafts 0 items' })).toBeDisabled();
  });

  test('a snackbar of each tone appears on request', async ({ page }) => {
    const feedback = page.getByRole('region', { name: 'Feedback' });
    await feedback.getByRole('button', { name: 'Show success snackbar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Post scheduled for Monday at 09:00.' })).toBeVisible();
    await feedback.getByRole('button', { name: 'Show error snackbar' }).click();
    const error = page.getByRole('alert').filter({ hasText: 'The post could not be saved.' });
    await expect(error).toBeVisible();
    await error.getByRole('button', { name: 'Dismiss' }).click();
    await expect(error).toBeHidden();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the sections pass axe in ${colorScheme}, with a dialog and a snackbar open`, async ({ page }) => {
      // The library follows the device's theme (a new account keeps `system`).
      await page.emulateMedia({ colorScheme });
      const html = expect(page.locator('html'));
      await (colorScheme === 'dark' ? html.toHaveClass(/\bdark\b/) : html.not.toHaveClass(/\bdark\b/));
      await expectNoA11yViolations(page, { include: ['#feedback', '#menus-tabs', '#overlays'] });
      await page.getByRole('button', { name: 'Show warning snackbar' }).click();
      await page.getByRole('button', { name: 'Show update notice' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoA11yViolations(page, { include: ['[role="dialog"]', '[aria-live]'] });
    });
  }
});
