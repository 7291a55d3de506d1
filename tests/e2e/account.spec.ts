import type { Browser, Page } from '@playwright/test';
import {
  accessTokenOf,
  checkEachLook,
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
 * The user's account: the names, the language and theme kept on the account, the email address
 * (with the password, changed once the link mailed to the new one is opened; other sessions
 * end), a new password (other sessions end), signing out everywhere, and deleting the account
 * with what it owns. Each flow with its refusals: empty and malformed fields send nothing, the
 * API's own refusals (an address taken, a wrong password) show by the field, and what was typed
 * stays.
 */
// Most of these flows open a second browser (another session, the mailed link) and go through
// several answers: on this 2-core machine they run past the default 30 s.
test.describe.configure({ timeout: 90_000 });

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

test('the profile: empty fields send nothing; the names save without a password and stay text', async ({
  page,
  signedInUser,
}) => {
  await page.goto('/user/account');
  const profile = page.locator('form#account-profile');
  const first = profile.getByLabel('First name');
  await expect(first).toHaveValue(signedInUser.firstName);
  // The address is not edited here: it has its own card, with the password.
  await expect(profile.getByLabel('Email')).toHaveCount(0);

  const patches = recordRequests(page, '/v1.0/auth/me');
  await first.fill('');
  await profile.getByLabel('Last name').fill('   ');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText('First name is required')).toBeVisible();
  await expect(profile.getByText('Last name is required')).toBeVisible();
  await settle(page);
  expect(patches).toEqual([]);

  const hostile = '<img src=x onerror="window.pwned=1">';
  await first.fill(hostile);
  await profile.getByLabel('Last name').fill('  Verdi  ');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(status(page, 'Your profile is saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Account: ${hostile} Verdi` })).toBeVisible();
  // The field shows the name as kept, its spaces gone, not as typed.
  await expect(profile.getByLabel('Last name')).toHaveValue('Verdi');
  await expect(first).toHaveValue(hostile);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

  // Kept: a new page reads it back from the API.
  await page.reload();
  await expect(page.locator('form#account-profile').getByLabel('Last name')).toHaveValue('Verdi');
});

test('the email address: refusals by the field, a link to the new address, and the change only once it is opened', async ({
  page,
  browser,
  request,
  signedInUser,
  makeUser,
}) => {
  // One whole journey (three refusals, the outbox, the confirmation, another browser): more
  // time rather than fewer checks on a loaded machine.
  test.slow();
  const other = await makeUser();
  const elsewhere = await otherBrowser(browser, signedInUser);
  const newEmail = `moved-${signedInUser.email}`;
  await page.goto('/user/account');
  const card = page.locator('form#account-email');
  const address = card.getByLabel('New email address');
  const password = card.getByLabel('Password', { exact: true });
  const send = card.getByRole('button', { name: 'Send the confirmation link' });
  await expect(page.getByText(`Your address: ${signedInUser.email}`)).toBeVisible();

  const posts = recordRequests(page, '/v1.0/auth/email');
  await send.click();
  await expect(card.getByText('New email address is required')).toBeVisible();
  await expect(card.getByText('Password is required')).toBeVisible();
  await settle(page);
  expect(posts).toEqual([]);

  await address.fill(other.email);
  await password.fill(signedInUser.password);
  await send.click();
  await expect(card.getByText('The email has already been taken.')).toBeVisible();
  await expect(address).toHaveValue(other.email);

  await address.fill(newEmail);
  await password.fill('Not-the-password1');
  await send.click();
  await expect(card.getByText('The password is incorrect.')).toBeVisible();
  // What was typed stays.
  await expect(address).toHaveValue(newEmail);

  await password.fill(signedInUser.password);
  await send.click();
  await expect(status(page, `We sent a link to ${newEmail}. Open it to finish the change.`)).toBeVisible();
  await expect(
    page.getByText(`We sent a link to ${newEmail}; your address stays ${signedInUser.email} until you open it`),
  ).toBeVisible();
  await expect(password).toHaveValue('');
  await expectNoA11yViolations(page);
  // Until the link is opened, the old address is the account's.
  expect(await signInStatus(page, signedInUser)).toBe(200);
  expect(await signInStatus(page, { email: newEmail, password: signedInUser.password })).toBe(401);
  const notice = await (await request.get(`/dev/mail?to=${encodeURIComponent(signedInUser.email)}`)).json();
  expect(notice.data[0].subject).toBe('Your email address is about to change');

  // The new mailbox's link, from the outbox.
  await page.goto(`/dev/outbox?to=${encodeURIComponent(newEmail)}`);
  const mail = page.getByRole('article').filter({ hasText: 'Confirm your new email address' }).first();
  await mail.getByRole('link', { name: /\/user\/account\/email\// }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your new email address' })).toBeVisible();
  await expect(page.getByText(`Your address changes from ${signedInUser.email} to ${newEmail}.`)).toBeVisible();
  await expectNoA11yViolations(page);
  const link = page.url();
  await page.getByRole('button', { name: 'Confirm the new address' }).click();
  await expect(page).toHaveURL(/\/user\/account$/);
  await expect(status(page, `Your address is now ${newEmail}. Every other session has ended.`)).toBeVisible();
  await expect(page.getByText(`Your address: ${newEmail}`)).toBeVisible();
  await expect(page.getByText('Waiting for confirmation')).toHaveCount(0);

  // This browser goes on; the other one is signed out; the new address is the one that signs in.
  await page.reload();
  await expect(page.getByText(`Your address: ${newEmail}`)).toBeVisible();
  await expectSignedOut(elsewhere.page);
  // It hears why, not a bare "Session expired".
  await expect(
    elsewhere.page.getByText(
      'This session ended because the account’s email address was changed: every other session was signed out.',
      { exact: false },
    ),
  ).toBeVisible();
  await elsewhere.context.close();
  expect(await signInStatus(page, { email: newEmail, password: signedInUser.password })).toBe(200);
  expect(await signInStatus(page, signedInUser)).toBe(401);

  // The link worked once.
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm the new address' }).click();
  await expect(page.getByText('This link does not work: it was already used')).toBeVisible();
});

test('a change waiting for its link can be cancelled; its link then changes nothing', async ({
  page,
  request,
  signedInUser,
}) => {
  const newEmail = `cancelled-${signedInUser.email}`;
  const token = await accessTokenOf(request, signedInUser);
  const asked = await request.post('/v1.0/auth/email', {
    data: { email: newEmail, currentPassword: signedInUser.password },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(asked.status()).toBe(200);
  await page.goto('/user/account');
  await expect(page.getByText('Waiting for confirmation')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel the change' }).click();
  await expect(status(page, 'The change is cancelled: your address stays as it is.')).toBeVisible();
  await expect(page.getByText('Waiting for confirmation')).toHaveCount(0);

  const mail = await (await request.get(`/dev/mail?to=${encodeURIComponent(newEmail)}`)).json();
  const link = new URL(mail.data[0].links[0]);
  await page.goto(link.pathname);
  await expect(page.getByText(`Your address is ${signedInUser.email}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the new address' }).click();
  await expect(page.getByText('This link does not work')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Back to your account' }).click();
  await expect(page.getByText(`Your address: ${signedInUser.email}`)).toBeVisible();
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

test('the language and the theme move at once, before the API answers', async ({ page, signedInUser: _ }) => {
  await page.goto('/user/account');
  await expect(page.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();
  // The API holds its answer until the page has shown the choice.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v1.0/auth/me', async (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback();
    await held;
    await route.fallback();
  });
  await page.getByRole('radio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await page.getByRole('radio', { name: 'Italiano' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Profilo' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Italiano' })).toBeChecked();
  release();
  await expect(page.getByRole('radio', { name: 'Scuro' })).toBeChecked();
  await expect(page.getByRole('heading', { level: 2, name: 'Profilo' })).toBeVisible();
});

test('a choice the API refuses goes back, and says so', async ({ page, signedInUser: _ }) => {
  await page.goto('/user/account');
  await expect(page.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();
  await page.route('**/v1.0/auth/me', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, json: { message: 'Server Error' } })
      : route.fallback(),
  );
  await page.getByRole('radio', { name: 'Dark' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your theme could not be saved' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole('radio', { name: 'As the device' })).toBeChecked();

  await page.getByRole('radio', { name: 'Italiano' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your language could not be saved' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
  await expectNoA11yViolations(page);

  // Nothing was kept in this browser either: a reload shows the account's own choices.
  await page.unroute('**/v1.0/auth/me');
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
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
  await expect(page.getByRole('button', { name: 'Send the confirmation link' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change password' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete the account…' })).toHaveCount(0);
  // The API refuses them too.
  const refused = await page.request.post('/v1.0/auth/logout-everywhere', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
  const moved = await page.request.post('/v1.0/auth/email', {
    data: { email: `taken-over-${customer.email}`, currentPassword: customer.password },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(moved.status()).toBe(403);
});

test('the page passes axe, with a change of address waiting and its confirmation (en, it; light, dark)', async ({
  page,
  request,
  makeUser,
}) => {
  // Three states in four looks each: twelve scans.
  test.slow();
  const user = await makeUser();
  await signInWithoutUi(page, user);
  const token = await accessTokenOf(request, user);
  // The account's language wins over the browser's choice (app/lib/i18n.ts): each language is
  // put on the account, as the page's own switcher does, before the page is opened in it.
  const speak = async (language: 'en' | 'it') => {
    const changed = await request.patch('/v1.0/auth/me', {
      data: { language },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(changed.status(), await changed.text()).toBe(200);
  };

  await checkEachLook(page, async (language) => {
    await speak(language);
    await page.goto('/user/account');
    await expect(
      page.getByRole('heading', { level: 2, name: language === 'it' ? 'Preferenze' : 'Preferences' }),
    ).toBeVisible();
  });

  const asked = await request.post('/v1.0/auth/email', {
    data: { email: `axe-${user.email}`, currentPassword: user.password },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(asked.status()).toBe(200);
  await checkEachLook(page, async (language) => {
    await speak(language);
    await page.goto('/user/account');
    await expect(
      page.getByText(language === 'it' ? 'In attesa di conferma' : 'Waiting for confirmation'),
    ).toBeVisible();
  });

  await checkEachLook(page, async (language) => {
    await speak(language);
    await page.goto('/user/account/email/not-a-live-token');
    await page
      .getByRole('button', { name: language === 'it' ? 'Conferma il nuovo indirizzo' : 'Confirm the new address' })
      .click();
    await expect(
      page.getByText(language === 'it' ? 'Questo link non funziona' : 'This link does not work'),
    ).toBeVisible();
  });
});
