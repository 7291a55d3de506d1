import type { Page } from '@playwright/test';
import {
  accessTokenOf,
  checkEachLook,
  expect,
  expectNoA11yViolations,
  projectFollowingFacebookPage,
  recordRequests,
  signInWithoutUi,
  test,
} from './fixtures';

/**
 * Saved replies (docs/product.md#saved-replies): made on their own page, with the variables a
 * button away and bad input refused by the field; inserted in a reply by typing `/` and a few
 * letters, the variables filled for the comment answered.
 */

const savedRepliesPage = (page: Page) => page.getByRole('list', { name: 'Your saved replies' });

test('saves a reply with variables, refusing bad input by the field, and inserts it in a reply by typing /', async ({
  page,
  request,
  user,
}) => {
  await projectFollowingFacebookPage(request, await accessTokenOf(request, user), 'Bar');
  await signInWithoutUi(page, user);
  await page.goto('/projects');
  await page.getByRole('navigation').getByRole('link', { name: 'Saved replies' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved replies' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'No saved replies yet' })).toBeVisible();

  // Empty and malformed input: said by the field, nothing sent.
  const sent = recordRequests(page, '/v1.0/saved-replies');
  const before = sent.length;
  await page.getByRole('button', { name: 'New saved reply' }).click();
  const dialog = page.getByRole('dialog', { name: 'New saved reply' });
  // Closed unsent, what was typed is there when it opens again.
  await dialog.getByLabel('Title').fill('Than');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'New saved reply' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue('Than');
  await dialog.getByLabel('Title').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Reply is required')).toBeVisible();
  await dialog.getByLabel('Title').fill('Thanks');
  const message = dialog.getByLabel('Reply', { exact: true });
  await message.fill('Hi {firstname}');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Reply may name only {firstName} and {pageName}, between braces')).toBeVisible();
  expect(sent.slice(before).filter((url) => !url.endsWith('/v1.0/saved-replies'))).toEqual([]);

  // The variables go where the caret is, a button away.
  await message.fill('Thank you ');
  await dialog.getByRole('button', { name: "+ Commenter's first name" }).click();
  await expect(message).toBeFocused();
  await page.keyboard.type('! From ');
  await dialog.getByRole('button', { name: '+ Page name' }).click();
  await expect(message).toHaveValue('Thank you {firstName}! From {pageName}');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('“Thanks” is saved.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(savedRepliesPage(page).getByRole('listitem')).toHaveCount(1);
  await expect(savedRepliesPage(page)).toContainText('Thank you {firstName}! From {pageName}');

  // A title in use, whatever the case: the API's refusal by the field, what was typed kept.
  await page.getByRole('button', { name: 'New saved reply' }).click();
  await dialog.getByLabel('Title').fill('THANKS');
  await dialog.getByLabel('Reply', { exact: true }).fill('Another text');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The title has already been taken.')).toBeVisible();
  await expect(dialog.getByLabel('Reply', { exact: true })).toHaveValue('Another text');
  await dialog.getByLabel('Title').fill('Opening hours');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('“Opening hours” is saved.')).toBeVisible();
  await expect(savedRepliesPage(page).getByRole('listitem')).toHaveCount(2);

  // In a reply: / and a few letters offer it; Enter puts it in, filled for this comment.
  await page.goto('/inbox');
  const firstRow = page.getByRole('table', { name: 'Comments in your inbox' }).getByRole('row').nth(1);
  await firstRow.getByRole('button', { name: /^Reply to / }).click();
  const reply = page.getByRole('dialog', { name: /^Reply as / });
  const author = (await reply.locator('figcaption').textContent())!.trim();
  const box = reply.getByLabel('Your reply');
  await expect(reply.getByText('Type / to insert a saved reply.')).toBeVisible();
  await box.pressSequentially('/tha');
  const options = reply.getByRole('listbox', { name: 'Saved replies' });
  await expect(options.getByRole('option')).toHaveCount(1);
  await expect(options.getByRole('option', { name: /^Thanks/ })).toHaveAttribute('aria-selected', 'true');
  await expectNoA11yViolations(page);
  await page.keyboard.press('Enter');
  await expect(options).toBeHidden();
  // The page that answers: the sandbox's page the project follows.
  await expect(box).toHaveValue(`Thank you ${author.split(' ')[0]}! From Espresso Bar Milano`);

  // A search that finds nothing says so; Escape closes the list, not the dialog.
  await box.pressSequentially(' /zzz');
  await expect(reply.getByText('No saved reply has “zzz” in its title.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(reply.getByText('No saved reply has “zzz” in its title.')).toBeHidden();
  await expect(reply).toBeVisible();
  // The arrows choose among several; a click works too.
  await box.fill('');
  await box.pressSequentially('/');
  await expect(options.getByRole('option')).toHaveCount(2);
  await page.keyboard.press('ArrowDown');
  await expect(options.getByRole('option', { name: /^Thanks/ })).toHaveAttribute('aria-selected', 'true');
  await options.getByRole('option', { name: /^Opening hours/ }).click();
  await expect(box).toHaveValue('Another text');
  await expect(box).toBeFocused();
  await reply.getByRole('button', { name: 'Post reply' }).click();
  await expect(page.getByText(/^Your reply is posted on .+, and the comment is done\.$/)).toBeVisible();

  // Changed and deleted from its page.
  await page.goto('/user/saved-replies');
  await page.getByRole('button', { name: 'Actions for the saved reply Opening hours' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the saved reply' });
  await expect(edit.getByLabel('Title')).toHaveValue('Opening hours');
  await edit.getByLabel('Reply', { exact: true }).fill('Open 7 to 19, {firstName}.');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('“Opening hours” is saved.')).toBeVisible();
  await expect(savedRepliesPage(page)).toContainText('Open 7 to 19, {firstName}.');
  await page.getByRole('button', { name: 'Actions for the saved reply Opening hours' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this saved reply?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('“Opening hours” is deleted.')).toBeVisible();
  await expect(savedRepliesPage(page).getByRole('listitem')).toHaveCount(1);
  // The keyboard goes on from the reply now in its place, not from the page's start.
  await expect(savedRepliesPage(page).getByRole('button', { name: /^Actions for the saved reply / })).toBeFocused();
});

test('the saved replies page passes axe in each language and theme, long values wrapped', async ({
  page,
  request,
  user,
}) => {
  const token = await accessTokenOf(request, user);
  const made = await request.post('/v1.0/saved-replies', {
    headers: { authorization: `Bearer ${token}` },
    data: { title: 'A'.repeat(80), message: `Grazie {firstName}! ${'Benvenuti da {pageName}. '.repeat(40)}` },
  });
  expect(made.status()).toBe(201);
  await signInWithoutUi(page, user);
  await checkEachLook(
    page,
    async () => {
      await page.goto('/user/saved-replies');
    },
    async ({ language }) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        language === 'en' ? 'Saved replies' : 'Risposte salvate',
      );
      await expect(
        savedRepliesPage(page).or(page.getByRole('list', { name: 'Le tue risposte salvate' })),
      ).toBeVisible();
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    },
  );
});
