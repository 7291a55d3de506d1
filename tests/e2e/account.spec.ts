import type { Browser, Page } from '@playwright/test';
import {
  accessTokenOf,
  expect,
  expectNoA11yViolations,
  makeProjectThroughApi,
  recordRequests,
  settle,
  signInWithoutUi,
  test,
  type TestUser,
} from './fixtures';

/**
 * The user's account (issue 13): the profile, the language and theme kept on the account, a new
 * password (other sessions end), signing out everywhere, and deleting the account with what it
 * owns. Each flow with its refusals: empty and malformed fields send nothing, the API's own
 * refusals (an address taken, a wrong password) show by the field, and what was typed stays.
 */
const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/** Another browser, signed in as `user` on its own session: what "every other session" means. */
async function otherBrowser(browser: Browser, user: TestUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithoutUi(page, user);
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return { context, page };
}

/** What the API answers a sign-in with these credentials (200, or 401 once they no longer work). */
async function signInStatus(page: Page, credentials: { email: string; password: string }) {
  const answer = await page.request.post('/v1.0/auth/login', {
    data: { email: credentials.email, password: credentials.password },
  });
  return answer.status();
}

/** That browser's next page finds its session over: it lands on sign-in. */
async function expectSignedOut(page: Page) {
  await page.goto('/user/subscription');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fuser%2Fsubscription$/);
}

test('a guest is sent to sign in first, and comes back to the account', async ({ page, user }) => {
  await page.goto('/user/account');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fuser%2Faccount$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
});

test('reached from the navigation and from the user menu', async ({ page, signedInUser }) => {
  await page.goto('/projects');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/user\/account$/);
  await page.goto('/projects');
  await page.getByRole('button', { name: `Account: ${signedInUser.firstName} ${signedInUser.lastName}` }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
});

test('the profile: empty and malformed fields send nothing; an address in use is refused by the field; names stay text', async ({
  page,
  signedInUser,
  makeUser,
}) => {
  const other = await makeUser();
  await page.goto('/user/account');
  const profile = page.locator('form#account-profile');
  const first = profile.getByLabel('First name');
  await expect(first).toHaveValue(signedInUser.firstName);
  await expect(profile.getByLabel('Email')).toHaveValue(signedInUser.email);

  const patches = recordRequests(page, '/v1.0/auth/me');
  await first.fill('');
  await profile.getByLabel('Last name').fill('   ');
  await profile.getByLabel('Email').fill('not-an-address');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText('First name is required')).toBeVisible();
  await expect(profile.getByText('Last name is required')).toBeVisible();
  await expect(profile.getByText('Email has an invalid format')).toBeVisible();
  await settle(page);
  expect(patches).toEqual([]);

  const hostile = '<img src=x onerror="window.pwned=1">';
  await first.fill(hostile);
  await profile.getByLabel('Last name').fill('Verdi');
  await profile.getByLabel('Email').fill(other.email);
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText('The email has already been taken.')).toBeVisible();
  // What was typed stays.
  await expect(first).toHaveValue(hostile);

  const address = `renamed-${signedInUser.email}`;
  await profile.getByLabel('Email').fill(address);
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(status(page, 'Your profile is saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Account: ${hostile} Verdi` })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

  // Kept: a new page reads it back from the API, and the new address signs in.
  await page.reload();
  await expect(page.getByLabel('Email')).toHaveValue(address);
  expect(await signInStatus(page, { email: address, password: signedInUser.password })).toBe(200);
});

test('the language and the theme apply at once and are kept on the account', async ({
  page,
  browser,
  signedInUser,
}) => {
  await page.goto('/user/account');
  await page.getByRole('radio', { name: 'Italiano' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Profilo' })).toBeVisible();
  await page.getByRole('radio', { name: 'Scuro' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('radio', { name: 'Scuro' })).toBeChecked();

  // Another device, told nothing, finds both on the account.
  const elsewhere = await otherBrowser(browser, signedInUser);
  await elsewhere.page.goto('/user/account');
  await expect(elsewhere.page.getByRole('heading', { level: 2, name: 'Profilo' })).toBeVisible();
  await expect(elsewhere.page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(elsewhere.page.getByRole('radio', { name: 'Italiano' })).toBeChecked();
  await elsewhere.context.close();
});

test('the password: refusals by the field, then every other session ends and this one goes on', async ({
  page,
  browser,
  signedInUser,
}) => {
  const elsewhere = await otherBrowser(browser, signedInUser);
  await page.goto('/user/account');
  const current = page.getByLabel('Current password', { exact: true });
  const next = page.getByLabel('New password', { exact: true });
  const change = page.getByRole('button', { name: 'Change password' });

  const posts = recordRequests(page, '/v1.0/auth/password');
  await change.click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await expect(page.getByText('New password is required')).toBeVisible();
  await current.fill(signedInUser.password);
  await next.fill('short');
  await change.click();
  await expect(page.getByText('New password must be at least 8 characters')).toBeVisible();
  await next.fill('alllowercase1');
  await expect(page.getByText('New password has an invalid format')).toBeVisible();
  await settle(page);
  expect(posts).toEqual([]);

  await current.fill('Not-the-password1');
  await next.fill('Brand-new-pass1');
  await change.click();
  await expect(page.getByText('The password is incorrect.')).toBeVisible();
  await expect(next).toHaveValue('Brand-new-pass1');

  await current.fill(signedInUser.password);
  await change.click();
  await expect(status(page, 'Your password is changed. Every other session has ended.')).toBeVisible();
  await expect(current).toHaveValue('');

  // This browser goes on; the other one is signed out; the new password is the one that works.
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expectSignedOut(elsewhere.page);
  await elsewhere.context.close();
  expect(await signInStatus(page, signedInUser)).toBe(401);
});

test('sign out everywhere: asked first, then this browser and every other one are signed out', async ({
  page,
  browser,
  signedInUser,
}) => {
  const elsewhere = await otherBrowser(browser, signedInUser);
  await page.goto('/user/account');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/user\/account$/);

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(status(page, 'You are signed out everywhere.')).toBeVisible();
  await expectSignedOut(elsewhere.page);
  await elsewhere.context.close();
});

test('delete the account: says what goes, asks for the password, and the account is gone', async ({
  page,
  request,
  signedInUser,
}) => {
  await makeProjectThroughApi(request, await accessTokenOf(request, signedInUser), 'Going too');
  await page.goto('/user/account');
  await expect(page.getByText('your projects, their channels and comments')).toBeVisible();
  await page.getByRole('button', { name: 'Delete the account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const password = dialog.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await expectNoA11yViolations(page);

  const deletes = recordRequests(page, '/v1.0/auth/me');
  await dialog.getByRole('button', { name: 'Delete the account for good' }).click();
  await expect(dialog.getByText('Password is required')).toBeVisible();
  await settle(page);
  expect(deletes).toEqual([]);

  await password.fill('Not-the-password1');
  await dialog.getByRole('button', { name: 'Delete the account for good' }).click();
  await expect(dialog.getByText('The password is incorrect.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await signInStatus(page, signedInUser)).toBe(200);

  await page.getByRole('button', { name: 'Delete the account…' }).click();
  await password.fill(signedInUser.password);
  await dialog.getByRole('button', { name: 'Delete the account for good' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(status(page, 'Your account is deleted.')).toBeVisible();
  expect(await signInStatus(page, signedInUser)).toBe(401);
});

test('while an admin acts as the user, the password, sessions and deletion are not offered', async ({
  page,
  makeUser,
}) => {
  const admin = await makeUser({ role: 'admin' });
  const customer = await makeUser({ firstName: 'Carla', lastName: 'Conti' });
  await signInWithoutUi(page, admin);
  await page.goto('/projects');
  const adminToken = await accessTokenOf(page.request, admin);
  const started = await page.request.post('/v1.0/auth/login-as-user', {
    data: { id: customer._id },
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  expect(started.status()).toBe(200);
  const { access_token: token } = await started.json();
  await page.evaluate((value) => sessionStorage.setItem('impersonation_token', value), token);
  await page.goto('/user/account');
  await expect(page.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();
  await expect(page.getByText('While you act as Carla Conti')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change password' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete the account…' })).toHaveCount(0);
  // The API refuses them too.
  const refused = await page.request.post('/v1.0/auth/logout-everywhere', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
});

for (const [language, colorScheme] of [
  ['en', 'light'],
  ['en', 'dark'],
  ['it', 'light'],
  ['it', 'dark'],
] as const) {
  test(`the page passes axe (${language}, ${colorScheme})`, async ({ page, makeUser }) => {
    await page.emulateMedia({ colorScheme });
    await signInWithoutUi(page, await makeUser({ language }));
    await page.goto('/user/account');
    await expect(
      page.getByRole('heading', { level: 2, name: language === 'it' ? 'Preferenze' : 'Preferences' }),
    ).toBeVisible();
    await expectNoA11yViolations(page);
  });
}
