import type { Page } from '@playwright/test';
import { DESIGN_LIBRARY_RENDER_MS, expect, expectNoA11yViolations, test } from './fixtures';

/** The design library's form controls section (app/features/design-library/form-controls.tsx). */
async function openFormControls(page: Page) {
  // The section alone: the whole kit is the design-library spec's.
  await page.goto('/admin/design-library?section=form-controls');
  const section = page.getByRole('region', { name: 'Form controls' });
  await expect(section).toBeVisible({ timeout: DESIGN_LIBRARY_RENDER_MS });
  return section;
}

/** One specimen of the section, by its caption. */
const specimen = (section: ReturnType<Page['locator']>, caption: string) =>
  section.getByRole('figure', { name: caption, exact: true });

test.describe('design library: form controls', () => {
  test.use({ role: 'admin' });

  test('an option of the select is chosen by keyboard', async ({ page, signedInUser: _ }) => {
    const section = await openFormControls(page);
    const select = specimen(section, 'Select, nothing chosen').getByRole('button', { name: /Proposed sentiment/ });
    await expect(select).toHaveText('Choose…');

    await select.focus();
    await page.keyboard.press('ArrowDown');
    // Headless UI names the open list by its button; it is the only list open.
    const listbox = page.getByRole('listbox');
    await expect(listbox).toBeVisible();
    await expect(listbox.getByRole('option')).toHaveText(['Positive', 'Mixed', 'Negative', 'Neutral', 'Unclassified']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');

    await expect(listbox).toBeHidden();
    await expect(select).toHaveText('Negative');
    await expect(select).toBeFocused();

    // Opening it again starts on the chosen option, the only one selected.
    await page.keyboard.press('Space');
    await expect(listbox.getByRole('option', { selected: true })).toHaveText('Negative');
    await page.keyboard.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(select).toHaveText('Negative');
  });

  test('the switch and a checkbox are toggled by keyboard', async ({ page, signedInUser: _ }) => {
    const section = await openFormControls(page);
    const alerts = specimen(section, 'Switch, off').getByRole('switch', { name: 'Alert me to negative comments' });
    await expect(alerts).not.toBeChecked();
    await expect(alerts).toHaveAccessibleDescription('An email as soon as one arrives.');
    await alerts.focus();
    await page.keyboard.press('Space');
    await expect(alerts).toBeChecked();
    await page.keyboard.press('Space');
    await expect(alerts).not.toBeChecked();

    const report = specimen(section, 'Checkbox, unchecked').getByRole('checkbox', { name: 'Email me a weekly report' });
    await expect(report).not.toBeChecked();
    await report.focus();
    await page.keyboard.press('Space');
    await expect(report).toBeChecked();

    const selectAll = specimen(section, 'Checkbox, indeterminate').getByRole('checkbox', {
      name: 'Select all comments',
    });
    await expect(selectAll).toHaveAttribute('aria-checked', 'mixed');

    // A disabled switch says so, and keeps its state.
    const disabled = specimen(section, 'Switch, disabled').getByRole('switch');
    await expect(disabled).toBeDisabled();
    await expect(disabled).not.toBeChecked();
  });

  test('a radio group is moved through with the arrows', async ({ page, signedInUser: _ }) => {
    const section = await openFormControls(page);
    const group = specimen(section, 'Radio group').getByRole('radiogroup', { name: 'Reply tone' });
    await expect(group.getByRole('radio', { name: 'Friendly' })).toBeChecked();
    await group.getByRole('radio', { name: 'Friendly' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(group.getByRole('radio', { name: 'Formal' })).toBeChecked();
    await expect(group.getByRole('radio', { name: 'Formal' })).toBeFocused();
  });

  test('the search field is cleared with its button, and focus goes back to it', async ({ page, signedInUser: _ }) => {
    const section = await openFormControls(page);
    const search = specimen(section, 'Search field, with text').getByRole('searchbox', { name: 'Search users' });
    await expect(search).toHaveValue('Mario Rossi');

    const clear = specimen(section, 'Search field, with text').getByRole('button', { name: 'Clear search' });
    await clear.focus();
    await page.keyboard.press('Enter');
    await expect(search).toHaveValue('');
    await expect(search).toBeFocused();
    await expect(clear).toBeHidden();

    // Typing brings the button back; Escape clears as in any search box.
    await page.keyboard.type('Giulia');
    await expect(clear).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(search).toHaveValue('');
  });

  test('the error states are wired to their controls', async ({ page, signedInUser: _ }) => {
    const section = await openFormControls(page);
    const select = specimen(section, 'Select with error').getByRole('button', { name: /Proposed sentiment/ });
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(select).toHaveAccessibleDescription('Proposed sentiment is required');

    const terms = specimen(section, 'Checkbox with error').getByRole('checkbox', {
      name: 'I accept the terms of service',
    });
    await expect(terms).toHaveAttribute('aria-invalid', 'true');
    await expect(terms).toHaveAccessibleDescription('I accept the terms of service is required');

    const reply = specimen(section, 'Textarea with error').getByRole('textbox', { name: 'Reply' });
    await expect(reply).toHaveAttribute('aria-invalid', 'true');
    await expect(reply).toHaveAccessibleDescription('Up to 220 characters Reply is required');

    const nearLimit = specimen(section, 'Textarea, counter near the limit');
    await expect(nearLimit).toContainText(/\d+ \/ 220/);
  });

  test('the section passes axe in light and dark', async ({ page, signedInUser: _ }) => {
    await openFormControls(page);
    await expectNoA11yViolations(page, { include: ['#form-controls'] });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expectNoA11yViolations(page, { include: ['#form-controls'] });
  });
});
