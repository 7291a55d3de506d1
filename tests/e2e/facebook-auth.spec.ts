import type { APIRequestContext, Page } from '@playwright/test';
import {
  accessTokenOf,
  connectFacebookThroughApi,
  expect,
  expectNoA11yViolations,
  signInWithoutUi,
  signOut,
  test,
} from './fixtures';

/**
 * Signing in and up with Facebook (docs/product.md#sign-in-with-facebook) through the sandbox
 * Facebook: a Facebook account nobody connected meets the not-linked dialog, a connected one signs
 * its user in (to the return URL), a declined email is named with a way to grant it, and a sign-up
 * lands on /projects/new with the promo coupon redeemed. Each test uses its own sandbox person.
 */
const snackbar = (page: Page, text: string | RegExp) =>
  page.locator('[role="status"], [role="alert"]').filter({ hasText: text });

async function atFacebook(page: Page, person: string, decision = 'Allow') {
  await expect(page).toHaveURL(/\/sandbox\/facebook\/v[\d.]+\/dialog\/oauth\?/);
  await page.getByRole('radio', { name: new RegExp(`^${person}`) }).check();
  await page.getByRole('button', { name: decision, exact: true }).click();
}

/** Removes whoever signed up as `email` (a sandbox person's), so the sign-up can run again. */
async function removeUserWithEmail(request: APIRequestContext, adminToken: string, email: string) {
  const found = await request.get(`/v1.0/users?search=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  for (const user of (await found.json()).data as Array<{ _id: string; email: string }>) {
    if (user.email === email) await request.delete(`/dev/users/${user._id}`);
  }
}

test('a Facebook account nobody connected meets the not-linked dialog, with Sign in and Sign up', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Facebook' }).click();
  await atFacebook(page, 'Elena Conti');
  // Back from Facebook through its own callback, which leaves the history: the problem is named
  // in the page's address, so a reload shows it again.
  await expect(page).toHaveURL('/login?facebook=notLinked');
  const dialog = page.getByRole('dialog', { name: 'Oops! Something went wrong...' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('not linked to an Orbita account');
  // Nothing was typed or sent: the form behind the dialog says nothing is wrong with it.
  await expect(page.getByText('Email is required')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.reload();
  await expect(dialog).toBeVisible();
  // The app's own words for the two ways on, as on every other screen.
  await expect(dialog.getByRole('button', { name: 'Sign up' })).toBeVisible();
  await expect(dialog).not.toContainText('Login');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByText('Email is required')).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign in with Facebook' }).click();
  await atFacebook(page, 'Elena Conti');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL('/register');
});

test('in Italian the dialog is "Ops! Qualcosa non va..." with Accedi and Registrati', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'it'));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Accedi con Facebook' }).click();
  await atFacebook(page, 'Elena Conti');
  const dialog = page.getByRole('dialog', { name: 'Ops! Qualcosa non va...' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Registrati' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Accedi' })).toBeVisible();
  await expect(dialog).not.toContainText('Login');
  await expectNoA11yViolations(page);
});

test('the user who connected a Facebook account signs in with it, to where they were going', async ({
  page,
  request,
  user,
}) => {
  await connectFacebookThroughApi(request, await accessTokenOf(request, user), '100000000000004');
  await page.goto('/integrations');
  await expect(page).toHaveURL('/login?returnUrl=%2Fintegrations');
  await page.getByRole('button', { name: 'Sign in with Facebook' }).click();
  await atFacebook(page, 'Paolo Ferrari');
  await expect(page).toHaveURL('/integrations');
  await expect(page.getByRole('heading', { level: 3, name: 'Paolo Ferrari' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Account: ${user.firstName} ${user.lastName}` })).toBeVisible();
  // The callback left the history: Back is Facebook's dialog, never the spent code again.
  const spent: string[] = [];
  page.on('request', (r) => r.url().includes('/v1.0/auth/facebook/login') && spent.push(r.url()));
  await page.goBack();
  await expect(page).toHaveURL(/\/sandbox\/facebook\/v[\d.]+\/dialog\/oauth\?/);
  expect(spent).toEqual([]);
});

test('a declined email is named, with a way to share it; a cancelled sign-in is said', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Facebook' }).click();
  await atFacebook(page, 'Elena Conti', 'Allow without email');
  await expect(page).toHaveURL('/login?facebook=emailMissing');
  await expect(page.getByText('Facebook did not share your email address')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Share my email address' }).click();
  await expect(page).toHaveURL(/auth_type=rerequest/);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL('/login');
  await expect(snackbar(page, 'You cancelled the Facebook sign-in.')).toBeVisible();
});

test('signs up with Facebook: on to /projects/new with the promo coupon redeemed, and creates a project', async ({
  page,
  request,
  makeUser,
}) => {
  const admin = await makeUser({ role: 'admin' });
  const adminToken = await accessTokenOf(request, admin);
  const email = 'sofia.esposito@sandbox.example.com';
  await removeUserWithEmail(request, adminToken, email);
  try {
    await page.goto('/register/marketing-espresso-15');
    await page.getByRole('button', { name: 'Sign up with Facebook' }).click();
    await atFacebook(page, 'Sofia Esposito');
    await expect(page).toHaveURL('/projects/new');
    await expect(snackbar(page, 'Coupon applied: 15% off your first 3 months.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'New project' })).toBeVisible();
    await expect(page.getByText('Name your project, Sofia')).toBeVisible();
    await expectNoA11yViolations(page);

    // The project form: nothing sent while empty, then created.
    const sent: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/v1.0/projects') && sent.push(r.url()));
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect(page.getByText('Project name is required')).toBeVisible();
    expect(sent).toEqual([]);
    await page.getByLabel('Project name').fill('<b>Fiori</b> di Sofia');
    await page.getByRole('button', { name: 'Create project' }).click();
    // On to what a new project needs next: its channels. Her Facebook account came with her, its
    // page fetched in the background, and is offered there.
    await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}\/channels$/);
    await expect(snackbar(page, 'Project “<b>Fiori</b> di Sofia” created.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: '<b>Fiori</b> di Sofia: channels' })).toBeVisible();
    await expect(page.getByText('Esposito Fiori')).toBeVisible({ timeout: 20_000 });
    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 2, name: '<b>Fiori</b> di Sofia' })).toBeVisible();

    // Signing up with Facebook again, she already has an account: she is signed in to it.
    await signOut(page);
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Sign up with Facebook' }).click();
    await atFacebook(page, 'Sofia Esposito');
    await expect(page).toHaveURL('/projects');
    await expect(
      snackbar(page, 'You already have an account with this Facebook profile: you are signed in.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '<b>Fiori</b> di Sofia' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account: Sofia Esposito' })).toBeVisible();
  } finally {
    await removeUserWithEmail(request, adminToken, email);
  }
});

test('a Facebook sign-up whose email is taken says so, and the sign-up page stays usable', async ({
  page,
  makeUser,
}) => {
  // Somebody signed up with Elena's address by email and password: her Facebook sign-up is refused.
  await makeUser({ email: 'elena.conti@sandbox.example.com' });
  await page.goto('/register');
  await page.getByRole('button', { name: 'Sign up with Facebook' }).click();
  await atFacebook(page, 'Elena Conti');
  await expect(page).toHaveURL('/register?facebook=emailTaken');
  // Said on the page, above the form, with the way to sign in to that account.
  const notice = page
    .getByRole('main')
    .getByText("An Orbita account already uses this Facebook profile's email address");
  await expect(notice).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).first()).toHaveAttribute(
    'href',
    '/login',
  );
  await expect(snackbar(page, 'The email has already been taken.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign up with Facebook' })).toBeEnabled();
  await expect(page.getByLabel('First name')).toBeEditable();
  await expectNoA11yViolations(page);
});

test('the callback: an incomplete return is said, an unknown one is not found, a signed-in visitor goes home', async ({
  page,
  user,
}) => {
  // A return without Facebook's code (a reload of a spent address, a hand-typed one): said, and
  // back to the page it belongs to, with its coupon.
  const sent: string[] = [];
  page.on('request', (r) => r.url().includes('/v1.0/auth/facebook/') && sent.push(r.url()));
  await page.goto('/auth/facebook-login/callback?granted_scopes=email');
  await expect(page).toHaveURL('/login');
  await expect(snackbar(page, 'Facebook sign-in failed. Please try again.')).toBeVisible();
  await page.goto('/auth/facebook-register/callback?error=access_denied');
  await expect(page).toHaveURL('/register');
  await expect(snackbar(page, 'You cancelled the Facebook sign-in.')).toBeVisible();
  expect(sent).toEqual([]);
  // A problem the page does not know is ignored.
  await page.goto('/login?facebook=%3Cscript%3E');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Facebook did not share your email address')).toHaveCount(0);

  await page.goto('/auth/facebook-account/callback?code=x&state=y');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  await signInWithoutUi(page, user);
  await page.goto('/auth/facebook-login/callback?code=abc&state=def&granted_scopes=email');
  await expect(page).toHaveURL('/projects');
  expect(sent).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });
  test("the snackbar never covers the form's end: the page scrolls it clear", async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Sign up with Facebook' }).click();
    await atFacebook(page, 'Elena Conti', 'Cancel');
    await expect(page).toHaveURL('/register');
    const message = snackbar(page, 'You cancelled the Facebook sign-in.');
    await expect(message).toBeVisible();
    const covered = async (target: ReturnType<Page['getByRole']>) => {
      const [a, b] = [(await target.boundingBox())!, (await message.boundingBox())!];
      return a.y < b.y + b.height && b.y < a.y + a.height && a.x < b.x + b.width && b.x < a.x + a.width;
    };
    // The form's last controls, reached by keyboard: each lands clear of the message.
    const submit = page.getByRole('button', { name: 'Sign up', exact: true });
    await submit.focus();
    expect(await covered(submit)).toBe(false);
    // At the very end of the page, nothing is under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = page.getByRole('contentinfo');
    for (const control of [
      submit,
      page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }),
      footer.getByRole('link', { name: 'Terms of service' }),
      footer.getByRole('link', { name: 'Privacy policy' }),
    ]) {
      expect(await covered(control)).toBe(false);
    }
  });
});
