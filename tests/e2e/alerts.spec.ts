import {
  accessTokenOf,
  expect,
  expectNoA11yViolations,
  latestMail,
  openListening,
  projectFollowingFacebookPage,
  signInWithoutUi,
  test,
} from './fixtures';

/**
 * Alerts (docs/product.md#alerts): a negative comment said on the sandbox's page raises the bell
 * at once, without a reload, and the mail is in the outbox; the bell leads to the inbox filtered
 * to the project's negative comments, and marks them read.
 */

// Paolo Ferrari's page: the inbox rules' test says only spam there.
const PAOLO = '100000000000004';
const CICLISMO = '200000000000005';

test('a negative comment raises the bell at once and sends the mail; the bell leads to the inbox', async ({
  page,
  request,
  user,
}) => {
  const project = `Ciclismo ${Math.random().toString(36).slice(2, 6)}`;
  await projectFollowingFacebookPage(request, await accessTokenOf(request, user), project, PAOLO);
  await signInWithoutUi(page, user);
  await openListening(page, '/projects');
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications: \d+ unread$/ });
  await expect(bell).toHaveAccessibleName('Notifications: 0 unread');

  const unhappy = `The worst service ever: rude staff, cold food, dirty tables. Terrible, never again. ${Math.random()
    .toString(36)
    .slice(2, 6)}`;
  const said = await request.post('/dev/sandbox/comments', {
    data: { channelId: CICLISMO, authorName: 'Tom Walker', message: unhappy },
  });
  expect(said.status()).toBe(201);
  await expect(bell).not.toHaveAccessibleName('Notifications: 0 unread');

  const mail = await latestMail(request, user.email);
  expect(mail.subject).toMatch(/negative comments? arrived$/);
  expect(mail.text).toContain(`${project}: `);
  expect(mail.text).not.toContain('rude staff');

  await bell.click();
  const item = page.getByRole('list', { name: 'Latest notifications' }).getByRole('link').filter({ hasText: unhappy });
  await expect(item).toContainText(`Negative comment on ${project}`);
  await expect(item).toContainText('Tom Walker on Ferrari Ciclismo:');
  await expectNoA11yViolations(page);
  await item.click();
  await expect(page).toHaveURL(/\/inbox\?projectId=[\w-]+&sentiment=NEGATIVE$/);
  await expect(page.getByRole('row').filter({ hasText: unhappy })).toHaveCount(1);

  await bell.click();
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications: 0 unread');
});
