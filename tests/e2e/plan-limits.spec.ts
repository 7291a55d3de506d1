import type { APIRequestContext } from '@playwright/test';
import {
  accessTokenOf,
  connectFacebookThroughApi,
  expect,
  expectNoA11yViolations,
  makeProjectThroughApi,
  signInWithoutUi,
  test,
} from './fixtures';

/**
 * The plans' limits (decision 031): said where the app knows them before the user tries, and
 * said the same way where the API refuses (a form, the snackbar), naming the plan that includes
 * more. Test users are on the Free plan: 2 projects, 3 channels a project, no public reports.
 */

const FREE_PROJECTS = 'Your Free plan includes 2 projects, all in use. Starter includes 5.';
const FREE_CHANNELS =
  'Your Free plan includes 3 channels per project, and this project follows them all. Starter includes 10.';

/** The user's channels once their background fetch is done: at least `count` of them. */
async function channelsOf(request: APIRequestContext, token: string, count: number) {
  const auth = { authorization: `Bearer ${token}` };
  let channels: Array<{ _id: string; name: string }> = [];
  await expect
    .poll(async () => {
      channels = ((await (await request.get('/v1.0/channels', { headers: auth })).json()) as { data: typeof channels })
        .data;
      return channels.length;
    })
    .toBeGreaterThanOrEqual(count);
  return channels;
}

test('at the projects limit the list says so by the button, and a new project is refused in its form', async ({
  page,
  request,
  user,
  allowConsoleErrors,
}) => {
  const token = await accessTokenOf(request, user);
  await makeProjectThroughApi(request, token, 'Bottega');
  await signInWithoutUi(page, user);
  await page.goto('/projects');
  await expect(page.getByText(FREE_PROJECTS)).toBeHidden();

  await makeProjectThroughApi(request, token, 'Studio');
  await page.reload();
  await expect(page.getByText(FREE_PROJECTS)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Plans and how to change' })).toHaveAttribute(
    'href',
    '/user/subscription',
  );
  await expectNoA11yViolations(page);

  // The API is the guard: the form says the same, keeps what was typed, and nothing is made.
  allowConsoleErrors(/status of 403/);
  await page.getByRole('link', { name: 'New project' }).click();
  await page.getByLabel('Project name').fill('Trattoria');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('alert').filter({ hasText: FREE_PROJECTS })).toBeVisible();
  await expect(page.getByLabel('Project name')).toHaveValue('Trattoria');
  await expectNoA11yViolations(page);
  const listed = await request.get('/v1.0/projects', { headers: { authorization: `Bearer ${token}` } });
  expect(((await listed.json()) as { meta: { total: number } }).meta.total).toBe(2);
});

test('a full project says so on its channels page; one attached meanwhile elsewhere is refused in the snackbar', async ({
  page,
  request,
  user,
  allowConsoleErrors,
}) => {
  const token = await accessTokenOf(request, user);
  const auth = { authorization: `Bearer ${token}` };
  // Four channels: Giulia's page, Instagram account and ad account, and Marco's page.
  await connectFacebookThroughApi(request, token, '100000000000001');
  await connectFacebookThroughApi(request, token, '100000000000002');
  const channels = await channelsOf(request, token, 4);
  const id = await makeProjectThroughApi(request, token, 'Café');
  for (const channel of channels.slice(0, 2)) {
    expect(
      (
        await request.post(`/v1.0/projects/${id}/channels`, { headers: auth, data: { channelId: channel._id } })
      ).status(),
    ).toBe(200);
  }
  await signInWithoutUi(page, user);
  await page.goto(`/projects/${id}/channels`);
  await expect(page.getByText(FREE_CHANNELS)).toBeHidden();

  // Another tab takes the last slot; this page still offers the fourth channel.
  const [third, fourth] = channels.slice(2);
  expect(
    (await request.post(`/v1.0/projects/${id}/channels`, { headers: auth, data: { channelId: third!._id } })).status(),
  ).toBe(200);
  allowConsoleErrors(/status of 403/);
  await page.getByRole('button', { name: `Attach ${fourth!.name}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: FREE_CHANNELS })).toBeVisible();

  await page.reload();
  await expect(page.getByText(FREE_CHANNELS)).toBeVisible();
  await expectNoA11yViolations(page);
});

test('on the Free plan the share dialog says public report links need another plan, and offers none', async ({
  page,
  request,
  user,
}) => {
  await makeProjectThroughApi(request, await accessTokenOf(request, user), 'Osteria');
  await signInWithoutUi(page, user);
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Actions for Osteria' }).click();
  await page.getByRole('menuitem', { name: 'Share a report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share a report of Osteria' });
  await expect(
    dialog.getByText('Your Free plan does not include public report links. Starter includes them.'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create a link' })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('says it in Italian', async ({ page, request, makeUser }) => {
  const user = await makeUser({ language: 'it' });
  const token = await accessTokenOf(request, user);
  await makeProjectThroughApi(request, token, 'Bottega');
  await makeProjectThroughApi(request, token, 'Studio');
  await signInWithoutUi(page, user);
  await page.goto('/projects');
  await expect(
    page.getByText('Il tuo piano Free include 2 progetti, tutti già in uso. Starter ne include 5.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'I piani e come cambiarli' })).toBeVisible();
  await expectNoA11yViolations(page);
});
