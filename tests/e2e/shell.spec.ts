import { expect, expectNoA11yViolations, openListening, signIn, test } from './fixtures';

test.describe('app shell', () => {
  test('an unknown path shows the not-found page with a way back', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    // A guest's dashboard is behind sign-in.
    await expect(page).toHaveURL('/login?returnUrl=%2Fprojects');
  });

  test('/404 is the not-found page too', async ({ page }) => {
    await page.goto('/404');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/');
  });

  test('the not-found page has the language and theme switchers of every public page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Change language' }).selectOption('Italiano');
    await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Cambia tema' }).selectOption({ label: 'Scuro' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expectNoA11yViolations(page);
    // Kept for the next visit, as on the other public pages.
    await page.goto('/404');
    await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });

  test('the maintenance page is open to everybody', async ({ page }) => {
    await page.route('**/v1.0/health', (route) => route.fulfill({ status: 503, json: { message: 'Down.' } }));
    await page.goto('/maintenance');
    await expect(page.getByRole('heading', { name: "We'll be right back" })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('a 503 from the API sends the user to the maintenance page', async ({ page, signedInUser: _ }) => {
    // Listening, and so done with the reading it starts: the 503 below is the reload's.
    await openListening(page, '/projects');
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    // Fault injection: the API is put in maintenance for this one call.
    await page.route('**/v1.0/projects*', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }), {
      times: 1,
    });
    // Still down when the page asks.
    await page.route('**/v1.0/health', (route) => route.fulfill({ status: 503, json: { message: 'Down.' } }));
    await page.reload();
    await expect(page).toHaveURL('/maintenance?from=%2Fprojects');
    await expect(page.getByRole('heading', { name: "We'll be right back" })).toBeVisible();
  });

  test('the empty path goes to the projects dashboard', async ({ page, signedInUser: _ }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/projects');
  });

  test('an address that only takes actions, opened, goes to the dashboard, not to a blank page', async ({
    page,
    signedInUser: _,
  }) => {
    for (const path of ['/notifications', '/preferences', '/impersonation', '/logout']) {
      await page.goto(path);
      await expect(page).toHaveURL('/projects');
      await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    }
  });
});

test.describe('every page', () => {
  test('has its own title, in the language on screen', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign in · Orbita');
    await page.goto('/register');
    await expect(page).toHaveTitle('Create your account · Orbita');
    await page.goto('/no/such/page');
    await expect(page).toHaveTitle('Page not found · Orbita');
    await page.goto('/login');
    await page.getByRole('combobox', { name: 'Change language' }).selectOption('Italiano');
    await expect(page).toHaveTitle('Accedi · Orbita');
  });

  test('a signed-in page has its title too', async ({ page, signedInUser: _ }) => {
    await page.goto('/projects');
    await expect(page).toHaveTitle('Projects · Orbita');
  });

  test('public pages end with the legal links', async ({ page }) => {
    for (const path of ['/login', '/register', '/maintenance', '/404']) {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'Terms of service' }), path).toHaveAttribute('href', /terms/);
      await expect(footer.getByRole('link', { name: 'Privacy policy' }), path).toHaveAttribute('href', /privacy/);
    }
    await expectNoA11yViolations(page);
  });

  test('the startup screen carries the brand', async ({ browser }) => {
    // The pre-rendered page as it shows before any script has run.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    const startup = page.locator('[aria-busy="true"]');
    await expect(startup).toBeVisible();
    await expect(startup).toContainText('Orbita');
    await context.close();
  });
});

test.describe('languages', () => {
  test('the switcher changes the language, by keyboard too, and it is kept', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('combobox', { name: 'Change language' }).selectOption('Italiano');
    await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expectNoA11yViolations(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();

    const switcher = page.getByRole('combobox', { name: 'Cambia lingua' });
    await switcher.focus();
    await expect(switcher).toHaveValue('it');
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Change language' })).toBeFocused();
  });

  test('Italian messages cover validation and errors', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('combobox', { name: 'Change language' }).selectOption('Italiano');
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page.getByText('Il campo Email è obbligatorio')).toBeVisible();
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Wrong-pass1');
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Email o password non validi.' })).toBeVisible();
  });

  test('a signed-in user keeps their language on their account', async ({ page, context, signedInUser: user }) => {
    await page.goto('/projects');
    await page.getByRole('combobox', { name: 'Change language' }).selectOption('Italiano');
    await expect(page.getByRole('heading', { name: 'Progetti', exact: true })).toBeVisible();
    // A new browser profile, in English, still shows this user Italian once signed in.
    await page.getByRole('button', { name: /^Account: / }).click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await expect(page).toHaveURL('/login');
    await page.evaluate(() => localStorage.clear());
    await context.clearCookies();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await signIn(page, user);
    await expect(page.getByRole('heading', { name: 'Progetti', exact: true })).toBeVisible();
  });
});

test.describe('browser language', () => {
  test.describe('Italian browser', () => {
    test.use({ locale: 'it-IT' });
    test('a guest gets Italian', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'it');
      await expectNoA11yViolations(page);
    });
  });

  test.describe('German browser', () => {
    test.use({ locale: 'de-DE' });
    test('a language that is not available falls back to English', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  });
});
