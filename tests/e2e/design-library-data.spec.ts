import type { Page } from '@playwright/test';
import { DESIGN_LIBRARY_RENDER_MS, expect, expectNoA11yViolations, test } from './fixtures';

/** The design library's data display section (app/features/design-library/data-display.tsx). */
async function openDataDisplay(page: Page) {
  // The section alone: the whole kit is the design-library spec's.
  await page.goto('/admin/design-library?section=data-display');
  const section = page.getByRole('region', { name: 'Data display' });
  await expect(section).toBeVisible({ timeout: DESIGN_LIBRARY_RENDER_MS });
  return section;
}

test.describe('design library: data display', () => {
  test.use({ role: 'admin' });

  test('a column is sorted by keyboard, and its header says the order', async ({ page, signedInUser: _ }) => {
    // The last names have a column of their own from 1920 px (below, they are under the email).
    await page.setViewportSize({ width: 1920, height: 1080 });
    const section = await openDataDisplay(page);
    const table = section.getByRole('table', { name: 'Users', exact: true });
    const email = table.getByRole('columnheader', { name: 'Email' });
    const lastName = table.getByRole('columnheader', { name: 'Last name' });
    await expect(email).toHaveAttribute('aria-sort', 'ascending');
    await expect(lastName).not.toHaveAttribute('aria-sort');

    await lastName.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(lastName).toHaveAttribute('aria-sort', 'ascending');
    await expect(email).not.toHaveAttribute('aria-sort');
    // The rows follow: the first is now a Bianchi (the alphabetically first last name).
    await expect(table.getByRole('row').nth(1)).toContainText('Bianchi');

    await page.keyboard.press('Space');
    await expect(lastName).toHaveAttribute('aria-sort', 'descending');
    await expect(table.getByRole('row').nth(1)).toContainText('Tanaka');
  });

  test('checking two rows makes select-all mixed; select-all then checks the page', async ({
    page,
    signedInUser: _,
  }) => {
    const section = await openDataDisplay(page);
    const table = section.getByRole('table', { name: 'Users', exact: true });
    const selectAll = table.getByRole('checkbox', { name: 'Select all rows' });
    const rowBoxes = table.getByRole('checkbox', { name: /^Select .+@example\.com$/ });
    await expect(rowBoxes).toHaveCount(15);
    await expect(selectAll).not.toBeChecked();

    await rowBoxes.nth(0).focus();
    await page.keyboard.press('Space');
    await rowBoxes.nth(1).focus();
    await page.keyboard.press('Space');
    await expect(rowBoxes.nth(0)).toBeChecked();
    await expect(rowBoxes.nth(1)).toBeChecked();
    await expect(selectAll).toBeChecked({ indeterminate: true });
    await expect(section.getByText('2 users selected')).toBeVisible();

    await selectAll.focus();
    await page.keyboard.press('Space');
    await expect(selectAll).toBeChecked();
    await expect(section.getByText('15 users selected')).toBeVisible();
  });

  test('the paginator goes to the next page, and says where it is', async ({ page, signedInUser: _ }) => {
    const section = await openDataDisplay(page);
    const table = section.getByRole('table', { name: 'Users', exact: true });
    const pager = section.getByRole('navigation', { name: 'Users pages' });
    await expect(pager.getByText('1–15 of 42')).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    const firstRow = await table.getByRole('row').nth(1).textContent();

    await pager.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await expect(pager.getByText('16–30 of 42')).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByRole('button', { name: 'Page 1' })).not.toHaveAttribute('aria-current');
    await expect(table.getByRole('row').nth(1)).not.toHaveText(firstRow!);

    // On the last page "Next" leads nowhere, and says so, keeping the focus.
    await page.keyboard.press('Enter');
    await expect(pager.getByText('31–42 of 42')).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    await expect(pager.getByRole('button', { name: 'Next' })).toBeFocused();
    await expect(table.getByRole('row')).toHaveCount(13);
  });

  test('the section passes axe in light and dark', async ({ page, signedInUser: _ }) => {
    await openDataDisplay(page);
    await expectNoA11yViolations(page, { include: ['#data-display'] });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expectNoA11yViolations(page, { include: ['#data-display'] });
  });
});
