import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, signInWithoutUi, test } from './fixtures';

/**
 * The integrations screen (docs/product.md#integrations) through the sandbox providers the
 * API serves in local mode: the consent pages, the returns, the background fetch of channels, make
 * primary, refresh, reconnect in place, delete with its channels listed, a declined consent or
 * email, a replayed state and a reused code. Each test connects sandbox people no other test
 * running beside it touches (server/integrations/sandbox).
 */
const PEOPLE = {
  giulia: '100000000000001',
  marco: '100000000000002',
  chiara: '100000000000005',
};

const snackbar = (page: Page, text: string | RegExp) =>
  page.locator('[role="status"], [role="alert"]').filter({ hasText: text });

/** Through the sandbox's login dialog as `person`, pressing `decision`. */
async function consentAtFacebook(page: Page, person: string, decision = 'Allow') {
  await expect(page).toHaveURL(/\/sandbox\/facebook\/v[\d.]+\/dialog\/oauth\?/);
  await expect(page.getByRole('heading', { name: 'Continue to the app as…' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${person}`) }).check();
  await page.getByRole('button', { name: decision, exact: true }).click();
}

/** Back from a return that stored an account: the screen, with that account selected. */
const STORED = /\/integrations\?account=[\w-]+$/;
/** Back from a return, whatever it brought. */
const BACK = /\/integrations(\?account=[\w-]+)?$/;

async function connectFacebook(page: Page, person: string, decision = 'Allow') {
  await page.getByRole('button', { name: 'Add Facebook account' }).first().click();
  await consentAtFacebook(page, person, decision);
  await expect(page).toHaveURL(BACK);
}

/**
 * The channel-fetched dialog (docs/product.md#fetching-channels): it opens with the first channel
 * the jobs announce and grows with the others, whatever order the kinds finish in. Closed with
 * Cancel.
 */
async function channelsArrive(page: Page, names: string[]) {
  const title = names.length === 1 ? 'A new channel is ready' : `${names.length} new channels are ready`;
  const dialog = page.getByRole('dialog', { name: title });
  const cards = dialog.getByRole('list', { name: 'Channels that arrived' }).getByRole('listitem');
  await expect(cards).toHaveCount(names.length, { timeout: 20_000 });
  for (const name of names) await expect(cards.filter({ has: page.getByText(name, { exact: true }) })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
}

const account = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });

async function accountAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('connects Facebook accounts, shows their channels, makes one primary, refreshes, and deletes one with its channels @smoke', async ({
  page,
  signedInUser: _,
}) => {
  await page.goto('/projects');
  await page.getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveURL('/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page).toHaveTitle(/^Integrations · /);
  await expect(page.getByRole('heading', { level: 3, name: 'No Facebook account yet' })).toBeVisible();
  // No LinkedIn account: no LinkedIn card, but the button to add one.
  await expect(page.getByRole('heading', { name: 'LinkedIn accounts' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add LinkedIn account' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Add Facebook account' }).first().click();
  await expect(page.getByRole('button', { name: 'Allow without email' })).toBeVisible();
  await expectNoA11yViolations(page);
  await consentAtFacebook(page, 'Giulia Rossi');
  await expect(page).toHaveURL(STORED);
  await expect(snackbar(page, 'Giulia Rossi is connected.')).toBeVisible();
  await channelsArrive(page, ['Espresso Bar Milano', 'Trattoria Roma', 'espressobarmilano', 'Espresso Bar Milano Ads']);
  const giulia = account(page, 'Giulia Rossi');
  // The channels arrive from the background jobs; the page looks again until they have.
  await expect(giulia.getByRole('group', { name: 'Channels of Giulia Rossi' })).toBeVisible({ timeout: 20_000 });
  const channels = giulia.getByRole('group', { name: 'Channels of Giulia Rossi' }).getByRole('listitem');
  await expect(channels).toHaveText([
    'Espresso Bar Milano',
    'Trattoria Roma',
    'espressobarmilano',
    'Espresso Bar Milano Ads',
  ]);
  await expect(giulia.getByRole('img', { name: 'Instagram account' })).toBeVisible();
  // By kind: a page and an ad account share Facebook's mark, so each kind is named.
  await expect(giulia.getByRole('list', { name: 'Ad accounts · 1' })).toHaveText('Espresso Bar Milano Ads');
  await expect(giulia.getByRole('list', { name: 'Pages · 2' }).getByRole('listitem')).toHaveCount(2);
  await expect(giulia.getByText('Primary', { exact: true })).toBeVisible();
  // The stored account is the selected one.
  await expect(giulia).toHaveAttribute('aria-current', 'true');

  await connectFacebook(page, 'Marco Bianchi');
  await channelsArrive(page, ['Bianchi Bottega']);
  const marco = account(page, 'Marco Bianchi');
  await expect(marco.getByText('Bianchi Bottega')).toBeVisible();
  await expect(marco.getByText('Primary', { exact: true })).toHaveCount(0);

  await accountAction(page, 'Marco Bianchi', 'Make primary');
  await expect(snackbar(page, 'Marco Bianchi is now the primary account.')).toBeVisible();
  await expect(marco.getByText('Primary', { exact: true })).toBeVisible();
  await expect(giulia.getByText('Primary', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Refresh the Facebook accounts' }).click();
  await expect(snackbar(page, 'The Facebook channels are up to date.')).toBeVisible();
  // Nothing new came: no dialog.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await accountAction(page, 'Giulia Rossi', 'Delete');
  const dialog = page.getByRole('dialog', { name: 'This action is irreversible' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Channels that will be deleted' }).getByRole('listitem')).toHaveText([
    'Espresso Bar Milano',
    'Trattoria Roma',
    'espressobarmilano',
    'Espresso Bar Milano Ads',
  ]);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(giulia).toBeVisible();

  await accountAction(page, 'Giulia Rossi', 'Delete');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete Giulia Rossi and 4 channels' }).click();
  await expect(snackbar(page, 'Giulia Rossi and its channels are deleted.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Giulia Rossi' })).toHaveCount(0);
  await expect(marco).toBeVisible();
  // The keyboard goes on from the account now in its place, not from the page's start.
  await expect(page.getByRole('button', { name: 'Actions for Marco Bianchi' })).toBeFocused();

  // A reload shows the list again, asking Facebook nothing.
  await page.reload();
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Marco Bianchi']);
});

test('an account whose authorisation stopped working is reconnected in place, not duplicated', async ({
  page,
  request,
  signedInUser: _,
}) => {
  await page.goto('/integrations');
  await connectFacebook(page, 'Chiara Romano');
  await channelsArrive(page, ['Romano Gelateria', 'romanogelateria']);
  await expect(account(page, 'Chiara Romano').getByText('Romano Gelateria')).toBeVisible();

  // Chiara logs out of Facebook: her token stops working.
  expect((await request.post(`/dev/sandbox/people/${PEOPLE.chiara}/expire-tokens`)).status()).toBe(204);
  await page.getByRole('button', { name: 'Refresh the Facebook accounts' }).click();
  await expect(snackbar(page, /no longer accepts this account's authorisation: reconnect it/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Facebook accounts to reconnect' })).toBeVisible();
  await expect(account(page, 'Chiara Romano').getByText('Needs reconnecting')).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Reconnect Chiara Romano' }).click();
  await consentAtFacebook(page, 'Chiara Romano');
  await expect(page).toHaveURL(STORED);
  await expect(snackbar(page, 'Chiara Romano is reconnected.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Facebook accounts to reconnect' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 3, name: 'Chiara Romano' })).toHaveCount(1);
  await expect(account(page, 'Chiara Romano').getByText('Needs reconnecting')).toHaveCount(0);
  await expect(account(page, 'Chiara Romano').getByText('Romano Gelateria')).toBeVisible();
});

test('a cancelled consent and a declined email are said; the params leave the address', async ({
  page,
  signedInUser: _,
}) => {
  await page.goto('/integrations');
  await connectFacebook(page, 'Marco Bianchi', 'Cancel');
  await expect(snackbar(page, 'You cancelled the Facebook authorisation: nothing was connected.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Facebook account yet' })).toBeVisible();

  await connectFacebook(page, 'Marco Bianchi', 'Allow without email');
  await expect(snackbar(page, 'Facebook did not grant: email. Some channels may be missing.')).toBeVisible();
  await channelsArrive(page, ['Bianchi Bottega']);
  const marco = account(page, 'Marco Bianchi');
  await expect(marco.getByText('Some permissions were not granted')).toBeVisible();
  await expect(marco.getByText('Not granted: email.')).toBeVisible();
  // Granting again goes back to Facebook, asking again for what was declined.
  await marco.getByRole('button', { name: 'Grant again' }).click();
  await expect(page).toHaveURL(/auth_type=rerequest/);
  await consentAtFacebook(page, 'Marco Bianchi');
  await expect(page).toHaveURL(STORED);
  await expect(marco.getByText('Some permissions were not granted')).toHaveCount(0);
});

test('a replayed return and a reused code are refused, with the reason, and nothing is duplicated', async ({
  page,
  signedInUser: _,
}) => {
  await page.goto('/integrations');
  const stored = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/v1.0/facebook-accounts',
  );
  await connectFacebook(page, 'Marco Bianchi');
  const first = (await stored).postDataJSON() as { code: string; state: string };
  await expect(snackbar(page, 'Marco Bianchi is connected.')).toBeVisible();
  await channelsArrive(page, ['Bianchi Bottega']);

  // The return again (a reload of its address, a replay): its state was spent.
  await page.goto(
    `/integrations/facebook-account/callback?granted_scopes=email&code=${first.code}&state=${first.state}`,
  );
  await expect(page).toHaveURL('/integrations');
  await expect(snackbar(page, /unknown, expired or already finished/)).toBeVisible();

  // A fresh round trip whose return carries the spent code: the state passes, Facebook refuses the code.
  await page.route('**/v1.0/facebook-accounts', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const body = route.request().postDataJSON() as Record<string, string>;
    await route.continue({ postData: JSON.stringify({ ...body, code: first.code }) });
  });
  await connectFacebook(page, 'Marco Bianchi');
  await expect(snackbar(page, /refused this authorization code/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Marco Bianchi' })).toHaveCount(1);
});

test('connects a LinkedIn account with its organizations, and hands a project channel connection on', async ({
  page,
  signedInUser: _,
}) => {
  await page.goto('/integrations');
  await page.getByRole('button', { name: 'Add LinkedIn account' }).click();
  await expect(page).toHaveURL(/\/sandbox\/linkedin\/oauth\/v2\/authorization\?/);
  await expect(page.getByRole('heading', { name: 'Allow access to your LinkedIn account?' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(page).toHaveURL(STORED);
  await expect(snackbar(page, 'Luca Verdi is connected.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'LinkedIn accounts' })).toBeVisible();
  await channelsArrive(page, ['Milano Design Studio', 'Orbita Coffee Roasters']);
  const luca = account(page, 'Luca Verdi');
  await expect(luca.getByRole('group', { name: 'Channels of Luca Verdi' }).getByRole('listitem')).toHaveText([
    'Milano Design Studio',
    'Orbita Coffee Roasters',
  ]);
  await expect(luca.getByRole('img', { name: 'LinkedIn organization' }).first()).toBeVisible();

  // A cancelled LinkedIn consent comes back with LinkedIn's own error.
  await page.getByRole('button', { name: 'Add LinkedIn account' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(snackbar(page, 'You cancelled the LinkedIn authorisation: nothing was connected.')).toBeVisible();

  // A LinkedIn channel connection started from a project goes on to its channels.
  await page.goto('/integrations/linkedin-organization/callback?code=abc&project=p-1');
  await expect(page).toHaveURL('/projects/p-1/channels?code=abc&project=p-1');
});

test('reads in Italian', async ({ page, makeUser }) => {
  const user = await makeUser({ language: 'it' });
  await signInWithoutUi(page, user);
  await page.goto('/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrazioni' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aggiungi account Facebook' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ancora nessun account Facebook' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a guest is sent to sign in, and back after', async ({ page, user }) => {
  await page.goto('/integrations');
  await expect(page).toHaveURL('/login?returnUrl=%2Fintegrations');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/integrations');
});
