import {
  expect,
  expectNoA11yViolations,
  latestMail,
  recordRequests,
  signIn,
  signOut,
  test,
  uniqueEmail,
} from './fixtures';

test.describe('forgot password', () => {
  test('validates the email before sending anything', async ({ page }) => {
    const sent = recordRequests(page, '/v1.0/auth/forgot');
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill('nope@');
    await expect(page.getByText('Email has an invalid format')).toBeVisible();
    await expectNoA11yViolations(page);
    expect(sent).toEqual([]);
  });

  test('hostile input is refused by the form and kept for the user to fix', async ({ page }) => {
    const sent = recordRequests(page, '/v1.0/auth/forgot');
    await page.goto('/forgot-password');
    const hostile = '"><img src=x onerror=alert(1)>@example.com';
    await page.getByLabel('Email').fill(hostile);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Email has an invalid format')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(hostile);
    expect(sent).toEqual([]);
  });

  test('asking too often for one address is refused with the server message', async ({ page, user }) => {
    for (let attempt = 0; attempt < 4; attempt++) {
      await page.goto('/forgot-password');
      await page.getByLabel('Email').fill(user.email);
      const answered = page.waitForResponse('**/v1.0/auth/forgot');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await answered;
    }
    await expect(page.getByRole('alert').filter({ hasText: /Too many attempts/ })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
  });

  test('answers the same for an unknown email', async ({ page, request }) => {
    const email = uniqueEmail('ghost');
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();
    const mail = await (await request.get(`/dev/mail?to=${encodeURIComponent(email)}`)).json();
    expect(mail.data).toEqual([]);
  });

  test('a person reads the reset mail in the outbox and follows its link', async ({ page, user }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(`If an account exists for ${user.email}`)).toBeVisible();
    // Local mode keeps mail in an outbox page (npm start has no mail server).
    await page.goto('/dev/outbox');
    const mail = page.getByRole('article').filter({ hasText: user.email }).first();
    await expect(mail.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expectNoA11yViolations(page);
    // On a dark device it is dark, and still readable.
    await page.emulateMedia({ colorScheme: 'dark' });
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(17, 24, 39)');
    await expectNoA11yViolations(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await mail.getByRole('link', { name: /\/reset-password\// }).click();
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByText(`Choose a new password for ${user.email}.`)).toBeVisible();
  });

  test('the reset link from the mailbox sets a new password', async ({ page, request, user }) => {
    // One whole journey (ask, read the mail, reset with every rule, three axe scans, three
    // password hashes, the link's reuse): over 30 s on a loaded machine, so more time, not fewer checks.
    test.slow();
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(`If an account exists for ${user.email}`)).toBeVisible();
    // The message took the focus from the form it replaced; the way back is the next stop.
    await expect(page.getByRole('status').filter({ hasText: 'If an account exists' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeFocused();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL('/login');

    const mail = await latestMail(request, user.email);
    const link = mail.links.find((href) => href.includes('/reset-password/'));
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByText(`Choose a new password for ${user.email}.`)).toBeVisible();

    // The requirements card follows what is typed.
    const password = page.getByLabel('New password');
    await password.fill('short');
    await expect(page.getByText('At least 8 characters (missing)')).toBeAttached();
    await expect(page.getByText('A lowercase letter (done)')).toBeAttached();
    await expect(page.getByText('An uppercase letter (missing)')).toBeAttached();
    await password.blur();
    await expect(page.getByText('New password must be at least 8 characters')).toBeVisible();
    await password.fill('alllowercase');
    await expect(page.getByText('New password has an invalid format')).toBeVisible();
    await password.fill('ALLUPPERCASE');
    await expect(page.getByText('New password has an invalid format')).toBeVisible();
    await expect(page.getByText('An uppercase letter (done)')).toBeAttached();
    await password.fill('Brand-new-Pass1');
    await expect(page.getByText('At least 8 characters (done)')).toBeAttached();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Save new password' }).click();

    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeFocused();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/login');

    await signIn(page, user);
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
    await signIn(page, { email: user.email, password: 'Brand-new-Pass1' });
    await expect(page).toHaveURL('/projects');

    // The link was single use.
    await signOut(page);
    await expect(page).toHaveURL('/login');
    await page.goto(link!);
    await page.getByLabel('New password').fill('Another-Pass2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('alert')).toContainText(/invalid|expired/i);
    await expect(page.getByRole('link', { name: 'Ask for a new reset link' }).first()).toBeVisible();
  });

  test('an empty submit on the reset form sends nothing', async ({ page }) => {
    const sent = recordRequests(page, '/v1.0/auth/reset');
    await page.goto('/reset-password/some-token?email=someone%40example.com');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('New password is required')).toBeVisible();
    expect(sent).toEqual([]);
  });

  test('a link with a made-up token is refused by the API', async ({ page }) => {
    await page.goto('/reset-password/made-up-token?email=someone%40example.com');
    await page.getByLabel('New password').fill('Valid-Pass1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('alert')).toContainText(/invalid|expired/i);
    await expect(page.getByLabel('New password')).toHaveValue('Valid-Pass1');
  });

  test('a link without a valid email says it is not valid', async ({ page }) => {
    await page.goto('/reset-password/some-token?email=%3Cscript%3E');
    await expect(page.getByText('This reset link is not valid.')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Ask for a new reset link' }).click();
    await expect(page).toHaveURL('/forgot-password');
  });
});
