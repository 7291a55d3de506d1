import type { Page } from '@playwright/test';
import {
  connectFacebookThroughApi,
  expect,
  expectNoA11yViolations,
  expectNotFoundForAnotherUser,
  recordRequests,
  settle,
  signInWithoutUi,
  test,
  accessTokenOf,
  makeProjectThroughApi,
} from './fixtures';

/**
 * The projects list (docs/product.md#projects): each project with the channels it follows and its
 * comments by sentiment, renamed through its dialog's form, deleted after a confirmation that says
 * what goes.
 */
const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

test("the demo user's projects show their channels and their comments by sentiment", async ({ page }) => {
  await signInWithoutUi(page, { email: 'demo@example.com', password: 'Demo1234' });
  await page.goto('/projects');
  const cafe = card(page, 'Espresso Bar Milano');
  await expect(cafe.getByRole('list', { name: 'Channels of Espresso Bar Milano' }).getByRole('listitem')).toHaveText([
    'Espresso Bar Milano Ads',
    'Espresso Bar Milano',
    'espressobarmilano',
  ]);
  const counts = cafe.getByRole('list', { name: 'Comments of Espresso Bar Milano by sentiment' });
  await expect(counts.getByRole('listitem').filter({ hasText: 'Positive' })).toHaveText(/^Positive\d+$/);
  await expect(card(page, 'Trattoria Roma').getByRole('img', { name: 'LinkedIn organization' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a returning user is not welcomed as new: the dashboard has a plain heading', async ({ page }) => {
  // The demo account was made when this server started: new by its age, yet a returning user.
  await signInWithoutUi(page, { email: 'demo@example.com', password: 'Demo1234' });
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(card(page, 'Espresso Bar Milano')).toBeVisible();
  await expect(page.getByText(/Welcome/)).toHaveCount(0);
});

test('renames a project: empty and too long are refused by the field, sending nothing; text stays text', async ({
  page,
  request,
  user,
}) => {
  await signInWithoutUi(page, user);
  await makeProjectThroughApi(request, await accessTokenOf(request, user), 'Bottega');
  await page.goto('/projects');
  await expect(card(page, 'Bottega').getByText('No channel yet.')).toBeVisible();
  await expect(card(page, 'Bottega').getByText('No comments yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Actions for Bottega' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename the project' });
  const name = dialog.getByLabel('Project name');
  await expect(name).toHaveValue('Bottega');
  await expectNoA11yViolations(page);

  const patches = recordRequests(page, '/v1.0/projects/');
  await name.fill('   ');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog.getByText('Project name is required')).toBeVisible();
  await name.fill('x'.repeat(300));
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog.getByText('Project name is too long')).toBeVisible();
  // A right-to-left override would show the name in another order than it is kept.
  await name.fill('\u202Egnp.exe');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(
    dialog.getByText('Project name holds a hidden character (a line break, a tab or a text-direction mark): remove it'),
  ).toBeVisible();
  await settle(page);
  expect(patches).toEqual([]);

  const hostile = '<img src=x onerror="window.pwned=1"> Verde';
  await name.fill(hostile);
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `The project is now called ${hostile}.` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: hostile })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
});

test('on a phone, a message shown while a dialog is open never covers its buttons', async ({ page, request, user }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await signInWithoutUi(page, user);
  await makeProjectThroughApi(request, await accessTokenOf(request, user), 'Bottega');
  await page.goto('/projects');
  const rename = async (to: string) => {
    await page.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename the project' });
    await dialog.getByLabel('Project name').fill(to);
    return dialog;
  };
  await (await rename('Verde')).getByRole('button', { name: 'Rename' }).click();
  const message = page.getByRole('status').filter({ hasText: 'The project is now called Verde.' });
  await expect(message).toBeVisible();
  // The dialog is a sheet at the bottom of the screen; the message, there before, moves to the top.
  const dialog = await rename('Blu');
  await expect(message).toBeVisible();
  const shown = (await message.boundingBox())!;
  for (const name of ['Cancel', 'Rename']) {
    const button = (await dialog.getByRole('button', { name }).boundingBox())!;
    expect(shown.y + shown.height <= button.y || button.y + button.height <= shown.y).toBe(true);
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // Back at the bottom once the dialog has gone.
  expect((await message.boundingBox())!.y).toBeGreaterThan(350);
});

test('a rename the API refuses (the project deleted meanwhile) says so in the form and keeps what was typed', async ({
  page,
  request,
  user,
}) => {
  await signInWithoutUi(page, user);
  const token = await accessTokenOf(request, user);
  const id = await makeProjectThroughApi(request, token, 'Short-lived');
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Actions for Short-lived' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename the project' });
  await dialog.getByLabel('Project name').fill('Long-lived');
  expect(
    (await request.delete(`/v1.0/projects/${id}`, { headers: { authorization: `Bearer ${token}` } })).status(),
  ).toBe(204);
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This project no longer exists');
  await expect(dialog.getByLabel('Project name')).toHaveValue('Long-lived');
});

test('deletes a project after a confirmation that says what goes and what stays', async ({ page, request, user }) => {
  await signInWithoutUi(page, user);
  await makeProjectThroughApi(request, await accessTokenOf(request, user), 'To go');
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Actions for To go' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'This action is irreversible' });
  await expect(dialog).toContainText('Delete To go?');
  await expect(dialog).toContainText('its list of channels (0 channels)');
  await expect(dialog).toContainText('The channels stay with the accounts that brought them');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, 'To go')).toBeVisible();

  await page.getByRole('button', { name: 'Actions for To go' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete the project' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'To go is deleted.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'No projects yet' })).toBeVisible();
  await expect(page.getByRole('main')).toBeFocused();
});

test('reads in Italian', async ({ page, makeUser, request }) => {
  const user = await makeUser({ language: 'it' });
  await signInWithoutUi(page, user);
  await makeProjectThroughApi(request, await accessTokenOf(request, user), 'Bottega');
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Azioni per Bottega' }).click();
  await page.getByRole('menuitem', { name: 'Elimina' }).click();
  await expect(page.getByRole('dialog', { name: 'Questa azione è irreversibile' })).toContainText(
    'I canali restano agli account',
  );
  await expectNoA11yViolations(page);
});

test("a project's channels: attach the user's own, detach with Undo; another user's project is not found", async ({
  page,
  request,
  user,
  makeUser,
  allowConsoleErrors,
}) => {
  await signInWithoutUi(page, user);
  const token = await accessTokenOf(request, user);
  const id = await makeProjectThroughApi(request, token, 'Café');
  await page.goto('/projects');
  await page.getByRole('link', { name: 'Channels of Café: manage' }).click();
  await expect(page).toHaveURL(`/projects/${id}/channels`);
  await expect(page.getByRole('heading', { level: 1, name: 'Café: channels' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This project follows no channel yet' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No channels yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Integrations' })).toBeVisible();
  await expectNoA11yViolations(page);

  // The user's channels arrive with a Facebook account (connected elsewhere).
  await connectFacebookThroughApi(request, token, '100000000000002');
  await expect
    .poll(
      async () =>
        (
          (await (await request.get('/v1.0/channels', { headers: { authorization: `Bearer ${token}` } })).json()) as {
            data: unknown[];
          }
        ).data.length,
    )
    .toBe(1);
  await page.reload();
  const toAttach = page.getByRole('region', { name: 'To attach: Pages' });
  await expect(toAttach.getByRole('listitem')).toHaveText([/^Bianchi Bottega/]);
  await page.getByRole('button', { name: 'Attach Bianchi Bottega' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bianchi Bottega is attached.' })).toBeVisible();
  const followed = page.getByRole('region', { name: 'Followed: Pages' });
  await expect(followed.getByRole('listitem')).toHaveText([/^Bianchi Bottega/]);
  await expect(page.getByRole('heading', { name: 'This project follows all your channels' })).toBeVisible();
  // The button pressed left with the channel: the focus followed it to its new one.
  await expect(page.getByRole('button', { name: 'Detach Bianchi Bottega' })).toBeFocused();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Detach Bianchi Bottega' }).click();
  const detached = page.getByRole('status').filter({ hasText: 'Bianchi Bottega is detached.' });
  await expect(detached).toBeVisible();
  await expect(followed).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Attach Bianchi Bottega' })).toBeFocused();
  await detached.getByRole('button', { name: 'Undo' }).click();
  await expect(followed.getByRole('listitem')).toHaveText([/^Bianchi Bottega/]);
  await expect(page.getByRole('button', { name: 'Detach Bianchi Bottega' })).toBeFocused();

  // Another user opening this project's address meets the not-found page, and nothing of it.
  allowConsoleErrors(/status of 404/);
  await expectNotFoundForAnotherUser(page, await makeUser(), `/projects/${id}/channels`, 'Café');
});

test('connects a LinkedIn organization from the project: LinkedIn’s consent, then back to its channels, where the organizations join', async ({
  page,
  request,
  user,
}) => {
  await signInWithoutUi(page, user);
  const token = await accessTokenOf(request, user);
  const id = await makeProjectThroughApi(request, token, 'Studio');
  await page.goto(`/projects/${id}/channels`);
  await page.getByRole('button', { name: 'Connect a LinkedIn organization' }).click();
  await expect(page).toHaveURL(/\/sandbox\/linkedin\/oauth\/v2\/authorization\?/);
  await page.getByRole('button', { name: 'Allow', exact: true }).click();

  await expect(page).toHaveURL(`/projects/${id}/channels`);
  await expect(page.getByRole('status').filter({ hasText: 'Luca Verdi is connected.' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'The LinkedIn organizations join this project as they arrive.' }),
  ).toBeVisible();
  const followed = page.getByRole('region', { name: 'Followed: Organizations' });
  await expect(followed.getByRole('listitem')).toHaveText([/^Milano Design Studio/, /^Orbita Coffee Roasters/]);
  // The code is spent and gone from the address: a reload stores nothing again.
  await page.reload();
  await expect(followed.getByRole('listitem')).toHaveCount(2);
  await expectNoA11yViolations(page);

  // What is said under the organizations' posts came with them. LinkedIn gives an app no
  // member's name, and its comments are read here, not answered.
  await page.goto(`/projects/${id}/comments`);
  const said = page.getByRole('row').filter({ hasText: 'Great music, slow service.' });
  await expect(said).toHaveCount(2);
  await expect(said.first()).toContainText('Name not shared');
  await expect(said.first().getByRole('button', { name: 'Bookmark the comment of Name not shared' })).toBeVisible();
  await expect(said.first().getByRole('button', { name: /^Reply to/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
});
