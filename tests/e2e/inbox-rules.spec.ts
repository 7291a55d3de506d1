import type { Page } from '@playwright/test';
import {
  accessTokenOf,
  checkEachLook,
  expect,
  expectNoA11yViolations,
  expectNotFoundForAnotherUser,
  projectFollowingFacebookPage,
  recordRequests,
  signInWithoutUi,
  test,
} from './fixtures';

/**
 * Inbox rules (docs/product.md#inbox-rules): made for a project, refused by the field when they
 * look for nothing or do nothing, tried on past comments before saving, and applied to a comment
 * as it arrives: a spam link hidden on the network and marked done, the comment saying so.
 */

// Paolo Ferrari's page, where no other test says anything: what the rule hides is this test's.
const PAOLO = '100000000000004';
const CICLISMO = '200000000000005';

async function openRules(page: Page, project: string) {
  await page.goto('/projects');
  await page.getByRole('button', { name: `Actions for ${project}` }).click();
  await page.getByRole('menuitem', { name: 'Inbox rules' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Inbox rules of ${project}` })).toBeVisible();
}

test('a rule, tried on past comments, hides a spam link on the network as it arrives and marks it done', async ({
  page,
  request,
  user,
}) => {
  const project = `Ciclismo ${Math.random().toString(36).slice(2, 6)}`;
  // The sandbox's page keeps what earlier runs said there: this run's spam is its own.
  const token = Math.random().toString(36).slice(2, 8);
  const domain = `spam-${token}.example`;
  await projectFollowingFacebookPage(request, await accessTokenOf(request, user), project, PAOLO);
  await signInWithoutUi(page, user);
  await openRules(page, project);
  await expect(page.getByRole('heading', { level: 2, name: 'No rules yet' })).toBeVisible();

  // Looking for nothing, doing nothing, malformed words: said by the field, nothing sent.
  const sent = recordRequests(page, '/rules');
  await page.getByRole('button', { name: 'New rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New inbox rule' });
  await dialog.getByRole('checkbox', { name: /^Mark done/ }).uncheck();
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('A rule does something: choose at least one action')).toBeVisible();
  // Every error at once, the conditions' too: not one more at each send.
  await expect(dialog.getByText('A rule looks for something: give words, a sentiment or a network')).toBeVisible();
  await dialog.getByLabel('Name').fill('Spam links');
  await dialog.getByRole('checkbox', { name: /^Hide/ }).check();
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog.getByText('A rule looks for something: give words, a sentiment or a network')).toBeVisible();
  await dialog.getByLabel('Words').fill('a, spam.example');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(
    dialog.getByText('Each word or phrase of Words must be 2 to 100 characters, separated by commas'),
  ).toBeVisible();
  expect(sent).toEqual([]);

  await dialog.getByLabel('Words').fill(`${domain}, cheap followers ${token}`);
  await dialog.getByRole('checkbox', { name: /^Mark done/ }).check();
  // Tried on the project's latest comments first: the page's own say nothing of spam.
  await dialog.getByRole('button', { name: 'Try it on the latest 500 comments' }).click();
  await expect(dialog.getByText(/^Would have matched 0 of the latest \d+ comments\.$/)).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByText('The rule “Spam links” is saved. It acts on comments from now on.')).toBeVisible();
  const rules = page.getByRole('list', { name: 'Rules, in the order they apply' });
  await expect(rules.getByRole('listitem')).toHaveCount(1);
  await expect(rules).toContainText(`Words “${domain}”, “cheap followers ${token}”`);
  await expect(rules).toContainText('Mark done, Hide');

  // Someone leaves a spam link on the page: the rule acts as it arrives.
  const spam = `Cheap followers at ${domain}/${token}`;
  const said = await request.post('/dev/sandbox/comments', {
    data: { channelId: CICLISMO, authorName: 'Kenji Sato', message: spam },
  });
  expect(said.status()).toBe(201);
  await page.getByRole('link', { name: project }).click();
  const row = page.getByRole('row').filter({ hasText: spam });
  await expect(row).toContainText('Marked done and hidden by the rule “Spam links”');
  await expect(row.getByText('Hidden', { exact: true })).toBeVisible();
  const facebook = await page.context().newPage();
  await facebook.goto(`/sandbox/facebook/comments?channel=${CICLISMO}`);
  await expect(facebook.getByRole('listitem').filter({ hasText: spam })).toContainText('(hidden by the page)');
  await facebook.close();
  // Done: not in the open inbox.
  await page.goto('/inbox?orderBy=newest');
  await expect(page.getByRole('table', { name: 'Comments in your inbox' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: spam })).toHaveCount(0);

  // Deleted after a confirmation.
  await openRules(page, project);
  await page.getByRole('button', { name: 'Actions for the rule Spam links' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this rule?' }).getByRole('button', { name: 'Delete rule' }).click();
  await expect(page.getByText('The rule “Spam links” is deleted.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'No rules yet' })).toBeVisible();
  // No rule left to go on from: the keyboard is at the page's content, not at its start.
  await expect(page.getByRole('main')).toBeFocused();
});

test('the rules page passes axe in each language and theme, a long rule wrapped; another user’s is not found', async ({
  page,
  request,
  user,
  makeUser,
}) => {
  const token = await accessTokenOf(request, user);
  const made = await request.post('/v1.0/projects', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Una pizzeria dal nome davvero molto lungo per vedere come va a capo' },
  });
  const projectId = (await made.json())._id as string;
  const rule = await request.post(`/v1.0/projects/${projectId}/rules`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: `Regola ${'r'.repeat(90)}`,
      words: Array.from({ length: 20 }, (_, i) => `parola-lunghissima-${i}`).join(', '),
      sentiment: 'NEGATIVE',
      network: 'instagram',
      actions: ['bookmark', 'markDone'],
    },
  });
  expect(rule.status()).toBe(201);
  await signInWithoutUi(page, user);
  await checkEachLook(
    page,
    async () => {
      await page.goto(`/projects/${projectId}/rules`);
    },
    async ({ language }) => {
      await expect(page.getByRole('heading', { level: 1 })).toContainText(
        language === 'en' ? 'Inbox rules of' : 'Regole della posta di',
      );
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    },
  );

  await expectNotFoundForAnotherUser(page, await makeUser(), `/projects/${projectId}/rules`, 'parola-lunghissima-0');
});
