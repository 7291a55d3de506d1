import {
  expect,
  expectNoA11yViolations,
  openListening,
  recordRequests,
  settle,
  signIn,
  signOut,
  test,
  uniqueEmail,
} from './fixtures';

test.describe('sign-in', () => {
  test('the demo user signs in and sees their projects @smoke', async ({ page }) => {
    await signIn(page, { email: 'demo@example.com', password: 'Demo1234' });
    await expect(page).toHaveURL('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    // A card each (its channels and counts are lists of their own inside it).
    const cards = page.getByRole('list', { name: 'Your projects' }).getByRole('listitem');
    await expect(cards.filter({ has: page.getByRole('heading', { level: 2 }) })).toHaveCount(2);
    await expectNoA11yViolations(page);
  });

  test('the demo admin signs in @smoke', async ({ page }) => {
    await signIn(page, { email: 'ADMIN@example.com', password: 'Admin1234' });
    await expect(page).toHaveURL('/projects');
    await page.getByRole('button', { name: 'Account: Ada Admin' }).click();
    await expect(page.getByText('Signed in as Ada Admin')).toBeVisible();
  });

  test('shows "Signing in..." while the request runs', async ({ page, user }) => {
    await page.goto('/login');
    // The real request held until the pending state has been looked at, however long that takes.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1.0/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Signing in...' })).toBeVisible();
    // Said once: the button keeps its label beside a spinner.
    await expect(page.getByText('Signing in...')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveAttribute('aria-disabled', 'true');
    release();
    await expect(page).toHaveURL('/projects');
  });

  test('an empty submit marks every field and sends nothing', async ({ page }) => {
    const sent = recordRequests(page, '/v1.0/auth/login');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(page);
    expect(sent).toEqual([]);
  });

  test('errors appear once a field is touched, and clear as the user types', async ({ page }) => {
    await page.goto('/login');
    const email = page.getByLabel('Email');
    await email.fill('not-an-email');
    // Typing alone shows nothing: the check waits for the field to be left.
    await settle(page);
    await expect(page.getByText('Email has an invalid format')).toBeHidden();
    await expect(email).not.toHaveAttribute('aria-invalid');
    await email.blur();
    await expect(page.getByText('Email has an invalid format')).toBeVisible();
    await email.fill('someone@example.com');
    await expect(page.getByText('Email has an invalid format')).toBeHidden();
  });

  test('a field left, typed in or not, shows its error; one never reached does not; sending shows every one', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeFocused();
    // The auto-focused email is left untouched for the password: it has been touched, and says so.
    await page.getByLabel('Password', { exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Password is required')).toBeHidden();
    // Typed in and left: its error follows what was typed; the password, left too, speaks.
    await page.getByLabel('Email').fill('x');
    await page.getByLabel('Password', { exact: true }).focus();
    await expect(page.getByText('Email has an invalid format')).toBeVisible();
    // Sent: every error shows.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('hostile and oversized input is refused by the form without a request', async ({ page }) => {
    const sent = recordRequests(page, '/v1.0/auth/login');
    await page.goto('/login');
    await page.getByLabel('Email').fill('<script>alert(1)</script>');
    await page.getByLabel('Password', { exact: true }).fill('x');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Email has an invalid format')).toBeVisible();
    await page.getByLabel('Email').fill(`${'a'.repeat(250)}@example.com`);
    await expect(page.getByText('Email is too long')).toBeVisible();
    // Nothing the user typed is lost.
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('x');
    expect(sent).toEqual([]);
  });

  test('wrong credentials show the invalid-credentials message and keep the input', async ({ page, user }) => {
    await signIn(page, { email: user.email, password: `' OR 1=1 --` });
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await expect(page).toHaveURL('/login');
    await signIn(page, { email: uniqueEmail('nobody'), password: 'Whatever1' });
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
  });

  test('repeated failures are rate-limited with the server message', async ({ page, user }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    for (let attempt = 0; attempt < 6; attempt++) {
      await page.getByLabel('Password', { exact: true }).fill(`Wrong${attempt}pass`);
      const answered = page.waitForResponse('**/v1.0/auth/login');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await answered;
    }
    await expect(page.getByRole('alert').filter({ hasText: /Too many attempts/ })).toBeVisible();
  });

  test('a server failure shows the generic message, and the form still works', async ({ page, user }) => {
    await page.goto('/login');
    // Fault injection: the one way to make the real API fail on purpose.
    await page.route(
      '**/v1.0/auth/login',
      (route) => route.fulfill({ status: 500, body: '{"message":"Server error."}' }),
      {
        times: 1,
      },
    );
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong. Please try again.' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/projects');
  });

  test('without a network the user hears so', async ({ page, user }) => {
    await page.goto('/login');
    await page.route('**/v1.0/auth/login', (route) => route.abort('internetdisconnected'), { times: 1 });
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'No Internet Connection' })).toBeVisible();
    // Said once (the snackbar), and the form says what it means for it; what was typed stays.
    await expect(page.getByText('No Internet Connection')).toHaveCount(1);
    await expect(
      page.getByRole('alert').filter({ hasText: 'The connection was lost before an answer came.' }),
    ).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Secret123');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  // The round trip itself, its dialog and its errors: facebook-auth.spec.ts.
  test('the Facebook button goes to Facebook (the sandbox) from the keyboard, with a state and this page to return to', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Facebook' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sandbox\/facebook\/v[\d.]+\/dialog\/oauth\?/);
    const dialog = new URL(page.url());
    expect(dialog.searchParams.get('redirect_uri')).toBe(
      new URL('/auth/facebook-login/callback', page.url()).toString(),
    );
    expect(dialog.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(dialog.searchParams.get('scope')).toContain('email');
  });

  test('the production build refuses the designated test account without asking the API', async ({ page }) => {
    const sent = recordRequests(page, '/v1.0/auth/login');
    await signIn(page, { email: 'Test@example.com', password: 'Whatever1' });
    await expect(page.getByRole('alert')).toContainText('staging environment');
    expect(sent).toEqual([]);
  });

  test('the form works from the keyboard alone', async ({ page, user }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/projects');
  });
});

test.describe('returnUrl and guards', () => {
  test('a guest is sent to sign in and comes back to where they were going', async ({ page, user }) => {
    await page.goto('/projects?tab=all');
    await expect(page).toHaveURL('/login?returnUrl=%2Fprojects%3Ftab%3Dall');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/projects?tab=all');
  });

  for (const hostile of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
    test(`a returnUrl of ${hostile} lands on the dashboard`, async ({ page, user }) => {
      await signIn(page, user, `/login?returnUrl=${encodeURIComponent(hostile)}`);
      await expect(page).toHaveURL('/projects');
    });
  }

  test('a signed-in user is sent away from the guest pages', async ({ page, signedInUser: _ }) => {
    for (const path of [
      '/login',
      '/register',
      '/register/marketing-espresso-15',
      '/forgot-password',
      '/reset-password/abc?email=a%40b.co',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL('/projects');
    }
  });

  test('logging out ends the session', async ({ page, signedInUser: _ }) => {
    await page.goto('/projects');
    await signOut(page);
    await expect(page).toHaveURL('/login');
    await page.goto('/projects');
    await expect(page).toHaveURL('/login?returnUrl=%2Fprojects');
  });

  test('a page on another port of the same host cannot sign the user out with a form', async ({
    page,
    signedInUser: _,
  }) => {
    await page.goto('/projects');
    const app = new URL(page.url()).origin;
    // Another origin on the same site: the refresh cookie (SameSite=Strict) goes with its form.
    const elsewhere = 'http://localhost:3999/prize';
    await page.route(elsewhere, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Prize</title><form method="post" enctype="text/plain" action="${app}/v1.0/auth/logout"><button>Claim your prize</button></form>`,
      }),
    );
    await page.goto(elsewhere);
    const answer = page.waitForResponse(`${app}/v1.0/auth/logout`);
    await page.getByRole('button', { name: 'Claim your prize' }).click();
    expect((await answer).status()).toBe(403);
    // The session lives on: its cookie still trades for a token, and the app opens signed in.
    expect((await page.request.post('/v1.0/auth/refresh', { headers: { origin: app } })).status()).toBe(200);
    await page.goto('/projects');
    await expect(page).toHaveURL('/projects');
  });

  test('an expired session that cannot be refreshed sends the user to sign in', async ({
    page,
    context,
    signedInUser: user,
  }) => {
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    // The access token goes bad and the refresh cookie is gone: the refresh must fail. The tab
    // leaves the app for a plain file first: an open page could meet the bad session itself, say
    // so there and forget the token before the navigation below replaces it.
    await page.goto('/favicon.svg');
    await context.clearCookies();
    await page.addInitScript(() => {
      if (sessionStorage.getItem('token-spoiled')) return;
      sessionStorage.setItem('token-spoiled', 'yes');
      localStorage.setItem('access_token', 'expired.token.value');
    });
    await page.goto('/projects');
    await expect(page).toHaveURL('/login?returnUrl=%2Fprojects');
    await expect(page.getByText('Session expired! Please sign in again.')).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/projects');
  });

  test('an expired access token is refreshed silently', async ({ page, signedInUser: _ }) => {
    // Once the page is quiet (its live channel subscribed): a token spoiled while a call is on its
    // way makes that call refresh, and the reload below would cut that refresh short.
    await openListening(page, '/projects');
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('access_token', 'expired.token.value'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await expect(page.getByText('Session expired! Please sign in again.')).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).not.toBe('expired.token.value');
  });
});
