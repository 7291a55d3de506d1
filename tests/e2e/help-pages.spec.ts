import type { Page } from '@playwright/test';
import { checkEachLook, expect, expectNoA11yViolations, recordRequests, signIn, test } from './fixtures';

/** What the switchers would have kept in this browser. */
async function choose(page: Page, { theme, language }: { theme: 'light' | 'dark'; language: 'en' | 'it' }) {
  await page.addInitScript(
    ([chosenTheme, chosenLanguage]) => {
      localStorage.setItem('theme', chosenTheme);
      localStorage.setItem('language', chosenLanguage);
    },
    [theme, language],
  );
}

const TITLES = {
  admin: 'Make sure you have full control of the Facebook Page',
  connect: 'Connect your Instagram account to the Page',
  convert: 'Switch your Instagram account to a professional account',
};

const sectionHeading = (page: Page, section: keyof typeof TITLES) =>
  page.getByRole('heading', { level: 2, name: TITLES[section], exact: true });

test.describe('troubleshooting', () => {
  test('a fragment in the address scrolls to its section and focuses its heading', async ({
    page,
    signedInUser: _,
  }) => {
    await page.goto('/troubleshooting#connect');
    const heading = sectionHeading(page, 'connect');
    // The spec's 250 ms delay, then a smooth scroll: polled, never slept.
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect(page.locator('#connect')).toBeInViewport();
  });

  test('a signed-out link keeps its section through sign-in, and lands on it', async ({ page, user }) => {
    await page.goto('/troubleshooting#convert');
    await expect(page).toHaveURL('/login?returnUrl=%2Ftroubleshooting%23convert');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/troubleshooting#convert');
    const heading = sectionHeading(page, 'convert');
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
  });

  test('the contents lead to each section', async ({ page, signedInUser: _ }) => {
    await page.goto('/troubleshooting');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Linking Instagram to a Facebook Page');
    const contents = page.getByRole('navigation', { name: 'On this page' });

    await contents.getByRole('link', { name: TITLES.convert }).click();
    await expect(page).toHaveURL('/troubleshooting#convert');
    await expect(sectionHeading(page, 'convert')).toBeFocused();
    await expect(sectionHeading(page, 'convert')).toBeInViewport();

    // Back up the page by keyboard, as a keyboard user would.
    await page.keyboard.press('Home');
    await contents.getByRole('link', { name: TITLES.admin }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/troubleshooting#admin');
    await expect(sectionHeading(page, 'admin')).toBeFocused();
    await expect(sectionHeading(page, 'admin')).toBeInViewport();
  });

  test('a link inside the help leads to the section it names', async ({ page, signedInUser: _ }) => {
    await page.goto('/troubleshooting');
    await page.getByRole('link', { name: 'switch it to a professional account' }).click();
    await expect(sectionHeading(page, 'convert')).toBeFocused();
  });

  test('passes axe in each language and theme', async ({ page, signedInUser: _ }) => {
    await checkEachLook(page, async (language) => {
      await page.goto('/troubleshooting');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        language === 'en' ? 'Linking Instagram to a Facebook Page' : 'Collegare Instagram a una Pagina Facebook',
      );
      await expect(page).toHaveTitle(
        language === 'en'
          ? 'Linking Instagram to a Facebook Page · Orbita'
          : 'Collegare Instagram a una Pagina Facebook · Orbita',
      );
    });
  });
});

test.describe('copying a section link', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('puts the address of the section on the clipboard and says so', async ({ page, signedInUser: _, baseURL }) => {
    await page.goto('/troubleshooting');
    await page.getByRole('button', { name: `Copy link to this section: ${TITLES.convert}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link to the section copied.' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/troubleshooting#convert`);
    await expectNoA11yViolations(page);
  });

  test('where the browser refuses, shows the address to copy by hand', async ({ page, signedInUser: _, baseURL }) => {
    await page.addInitScript(() => {
      Clipboard.prototype.writeText = () => Promise.reject(new DOMException('Refused', 'NotAllowedError'));
    });
    await page.goto('/troubleshooting');
    await page.getByRole('button', { name: `Copy link to this section: ${TITLES.admin}` }).click();
    await expect(page.getByRole('alert')).toContainText(`${baseURL}/troubleshooting#admin`);
  });
});

test.describe('maintenance', () => {
  const HEALTH = '**/v1.0/health';
  const WAITING = 'Checking again in a moment…';

  test('waits while the API is down, then leads back to where the user was', async ({ page, signedInUser: _ }) => {
    let up = false;
    await page.route(HEALTH, (route) =>
      up ? route.fulfill({ json: { status: 'ok' } }) : route.fulfill({ status: 503, json: { message: 'Down.' } }),
    );
    const checks = recordRequests(page, '/v1.0/health');
    // Time runs as usual; the test only skips the waits between two checks.
    await page.clock.install();
    await page.goto('/maintenance?from=%2Fprojects');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We'll be right back");

    await expect.poll(() => checks.length).toBe(1);
    await expect(page.getByRole('status')).toHaveText(WAITING);
    await expectNoA11yViolations(page);

    // Still down at the next check: the page keeps waiting, and offers nothing yet.
    await page.clock.fastForward(10_000);
    await expect.poll(() => checks.length).toBe(2);
    await expect(page.getByRole('status')).toHaveText(WAITING);
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveCount(0);

    up = true;
    await page.clock.fastForward(10_000);
    const back = page.getByRole('link', { name: 'Try again' });
    await expect(back).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Orbita is available again.');
    await expectNoA11yViolations(page);

    // Once it answers, nobody asks again.
    await page.clock.fastForward(30_000);
    expect(checks).toHaveLength(3);

    await back.click();
    await expect(page).toHaveURL('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
  });

  test('says one thing at a time: down while it is down, back once it is back', async ({ page }) => {
    let up = false;
    await page.route(HEALTH, (route) =>
      up ? route.fulfill({ json: { status: 'ok' } }) : route.fulfill({ status: 503, json: { message: 'Down.' } }),
    );
    await page.clock.install();
    await page.goto('/maintenance?from=%2Fprojects');
    const main = page.getByRole('main');
    await expect(page.getByRole('status')).toHaveText(WAITING);
    await expect(main).toContainText('Orbita is undergoing scheduled maintenance.');
    await expect(main).not.toContainText('available again');
    await expect(page).toHaveTitle("We'll be right back · Orbita");

    up = true;
    await page.clock.fastForward(10_000);
    await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We're back");
    await expect(page).toHaveTitle("We're back · Orbita");
    await expect(page.getByRole('status')).toHaveText('Orbita is available again.');
    await expect(main).not.toContainText('undergoing scheduled maintenance');
    await expect(main).not.toContainText("We'll be right back");
    await expectNoA11yViolations(page);
  });

  test('in Italian too, one state at a time', async ({ page }) => {
    await choose(page, { theme: 'dark', language: 'it' });
    // The real API is up: the first check answers.
    await page.goto('/maintenance');
    const main = page.getByRole('main');
    await expect(page.getByRole('link', { name: 'Torna a Orbita' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Siamo tornati');
    await expect(main).not.toContainText('manutenzione programmata');
    await expect(main).not.toContainText('Torniamo subito');
    await expectNoA11yViolations(page);
  });

  test('a 503 lands here with where the user was; leaving stops the checks', async ({ page }) => {
    await page.route(HEALTH, (route) => route.fulfill({ status: 503, json: { message: 'Down.' } }));
    await page.route('**/v1.0/auth/login', (route) => route.fulfill({ status: 503, json: { message: 'Down.' } }));
    const checks = recordRequests(page, '/v1.0/health');
    await page.clock.install();
    await signIn(page, { email: 'someone@example.com', password: 'a long enough password' });
    await expect(page).toHaveURL('/maintenance?from=%2Flogin');
    await expect.poll(() => checks.length).toBe(1);

    // Back in the app (no new load): the page is gone, and so are its checks.
    await page.goBack();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await page.clock.fastForward(30_000);
    expect(checks).toHaveLength(1);
  });

  test('a way back that leads elsewhere goes home instead', async ({ page }) => {
    await page.goto(`/maintenance?from=${encodeURIComponent('//evil.example/phish')}`);
    // The real API is up: the first check answers.
    const back = page.getByRole('link', { name: 'Back to Orbita' });
    await expect(back).toHaveAttribute('href', '/');
    await back.click();
    // Home sends a guest on to sign in.
    await expect(page).toHaveURL(/\/login/);
  });

  test('passes axe while waiting, in each language and theme', async ({ page }) => {
    await page.route(HEALTH, (route) => route.fulfill({ status: 503, json: { message: 'Down.' } }));
    await checkEachLook(page, async (language) => {
      await page.goto('/maintenance');
      await expect(page.getByRole('status')).toHaveText(
        language === 'en' ? WAITING : 'Nuovo controllo tra un momento…',
      );
    });
  });
});
