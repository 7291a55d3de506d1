import type { Page } from '@playwright/test';
import { checkEachLook, DESIGN_LIBRARY_RENDER_MS, expect, test } from './fixtures';

/**
 * The design library (docs/product.md#design-library): the whole kit on one page. Checked in
 * each theme and language as a reviewer would see it (`npm run screenshots` takes its pictures).
 */
const SECTIONS = {
  en: [
    'Foundation',
    'Buttons',
    'Form controls',
    'Data display',
    'Feedback',
    'Navigation',
    'Menus and tabs',
    'Overlays',
  ],
  it: [
    'Fondamenta',
    'Pulsanti',
    'Controlli dei moduli',
    'Visualizzazione dei dati',
    'Feedback',
    'Navigazione',
    'Menu e schede',
    'Finestre di dialogo',
  ],
} as const;

async function openLibrary(page: Page, { theme, language }: { theme: 'light' | 'dark'; language: 'en' | 'it' }) {
  // What the switchers would have kept in this browser; the account has chosen neither.
  await page.addInitScript(
    ([chosenTheme, chosenLanguage]) => {
      localStorage.setItem('theme', chosenTheme);
      localStorage.setItem('language', chosenLanguage);
    },
    [theme, language],
  );
  await page.goto('/admin/design-library');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    language === 'en' ? 'Design library' : 'Libreria di design',
    { timeout: DESIGN_LIBRARY_RENDER_MS },
  );
}

test.describe('design library', () => {
  test.use({ role: 'admin' });

  test('renders the kit and passes axe in each language and theme', async ({ page, signedInUser: _ }) => {
    await checkEachLook(
      page,
      async (language) => {
        await page.goto('/admin/design-library');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          language === 'en' ? 'Design library' : 'Libreria di design',
          { timeout: DESIGN_LIBRARY_RENDER_MS },
        );
        for (const title of SECTIONS[language]) {
          await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
        }
      },
      async ({ colorScheme }) => {
        if (colorScheme === 'dark') return;
        // Nothing wider than a phone, in either language: wide content (tables, tab lists) scrolls
        // inside its own frame.
        const wide = page.viewportSize()!;
        await page.setViewportSize({ width: 375, height: 800 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await page.setViewportSize(wide);
      },
    );
  });

  test('a section is shown alone from the list of sections, and the whole kit again', async ({
    page,
    signedInUser: _,
  }) => {
    await openLibrary(page, { theme: 'light', language: 'en' });
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await expect(sections.getByRole('link')).toHaveText(['The whole kit', ...SECTIONS.en]);
    await expect(sections.getByRole('link', { name: 'The whole kit' })).toHaveAttribute('aria-current', 'page');
    await sections.getByRole('link', { name: 'Form controls' }).click();
    await expect(page).toHaveURL('/admin/design-library?section=form-controls');
    await expect(page.getByRole('region')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Form controls' })).toBeVisible();
    await expect(sections.getByRole('link', { name: 'Form controls' })).toHaveAttribute('aria-current', 'page');
    await sections.getByRole('link', { name: 'The whole kit' }).click();
    await expect(page).toHaveURL('/admin/design-library');
    for (const title of SECTIONS.en) {
      await expect(page.getByRole('region', { name: title, exact: true })).toBeVisible();
    }
    // A section nobody has is the whole kit, not an empty page.
    await page.goto('/admin/design-library?section=<script>');
    await expect(page.getByRole('region', { name: 'Overlays', exact: true })).toBeVisible({
      timeout: DESIGN_LIBRARY_RENDER_MS,
    });
  });

  test('a disabled button is flat grey, not its variant faded, in both themes', async ({ page, signedInUser: _ }) => {
    for (const theme of ['light', 'dark'] as const) {
      await openLibrary(page, { theme, language: 'en' });
      const muted = await page.evaluate(() => {
        const probe = document.createElement('div');
        probe.className = 'bg-muted';
        document.body.append(probe);
        const colour = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return colour;
      });
      for (const variant of ['Primary', 'Secondary', 'Danger']) {
        const disabled = page
          .getByRole('figure', { name: `${variant}: idle, disabled, pending` })
          .getByRole('button', { name: 'Not available' });
        await expect(disabled).toBeDisabled();
        await expect(disabled, `${variant}, ${theme}`).toHaveCSS('background-color', muted);
        await expect(disabled).toHaveCSS('opacity', '1');
      }
    }
  });

  test('each button variant shows its pending state', async ({ page, signedInUser: _ }) => {
    await openLibrary(page, { theme: 'light', language: 'en' });
    const publish = page.getByRole('button', { name: 'Publish' });
    await publish.click();
    await expect(publish).toHaveAttribute('aria-disabled', 'true');
    await expect(publish).not.toHaveAttribute('aria-disabled', 'true');
  });
});
