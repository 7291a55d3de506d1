import type { Locator, Page, Route } from '@playwright/test';
import {
  accessTokenOf,
  checkEachLook,
  expect,
  expectMarksKeepTheKeyboard,
  expectNoA11yViolations,
  makeProjectThroughApi,
  openListening,
  projectFollowingFacebookPage,
  signInWithoutUi,
  test,
  type TestUser,
} from './fixtures';
import type { APIRequestContext } from '@playwright/test';

/**
 * The inbox (docs/product.md#inbox): every comment of the user's projects in one list, negatives
 * first; done by a row's button (with Undo), by keyboard, by a reply and for every match after a
 * confirmation; the open count in the header following each; the filters in the address.
 */

/** `user` with a project following the sandbox page (its comments come with it), signed in. */
async function userWithComments(page: Page, request: APIRequestContext, user: TestUser) {
  await projectFollowingFacebookPage(request, await accessTokenOf(request, user), 'Bar');
  await signInWithoutUi(page, user);
}

const rows = (page: Page) => page.getByRole('table', { name: 'Comments in your inbox' }).getByRole('row');
const openCount = (page: Page) => page.getByText(/^\d+ open comments?$/);
const countOf = async (page: Page) => Number((await openCount(page).textContent())!.match(/\d+/)![0]);
const headerLink = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('link', { name: `Inbox: ${count} open comment${count === 1 ? '' : 's'}` });

/** The user's inbox open at this size, its comments listed. */
async function openInbox(page: Page, request: APIRequestContext, user: TestUser, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await userWithComments(page, request, user);
  await page.goto('/inbox');
  await expect(openCount(page)).toBeVisible();
}

/** Whether the focus is on a row of the list, or on a control in one. */
const focusInARow = (page: Page) => page.evaluate(() => document.activeElement?.closest('tbody tr') !== null);

/**
 * `user`'s inbox listing only comments of the test's own, `words(tag)`, said on Esposito Fiori's
 * page, which no other test comments on: deleting on a page removes its comments for every user
 * who follows it, and other tests' comments arrive on the pages they share. Signed in, the inbox
 * open at the returned address (newest first, filtered by the tag).
 */
async function inboxOfOwnComments(
  page: Page,
  request: APIRequestContext,
  user: TestUser,
  words: (tag: string) => string[],
) {
  await projectFollowingFacebookPage(request, await accessTokenOf(request, user), 'Fiori', '100000000000003');
  await signInWithoutUi(page, user);
  await openListening(page, '/inbox?orderBy=newest');
  await expect(openCount(page)).toBeVisible();
  const tag = Math.random().toString(36).slice(2, 8);
  const messages = words(tag);
  for (const message of messages) {
    const said = await request.post('/dev/sandbox/comments', {
      data: { channelId: '200000000000004', authorName: 'Kenji Sato', message },
    });
    expect(said.status()).toBe(201);
  }
  // All in (offered, with any other test's arriving meanwhile), then only they are listed.
  const offer = page.getByRole('button', { name: /^Show \d+ new comments?$/ });
  await expect
    .poll(async () => Number((await offer.textContent({ timeout: 1_000 }).catch(() => null))?.match(/\d+/)?.[0] ?? 0))
    .toBeGreaterThanOrEqual(messages.length);
  const path = `/inbox?orderBy=newest&message=${tag}`;
  await page.goto(path);
  await expect(openCount(page)).toHaveText(`${messages.length} open comments`);
  return { tag, path };
}

test('lists the open comments negatives first; done by a button with Undo, by keyboard and by a reply, the header counting', async ({
  page,
  request,
  user,
}) => {
  await userWithComments(page, request, user);
  await page.goto('/projects');
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Inbox: \d+ open comments?$/ })
    .click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(openCount(page)).toBeVisible();
  const total = await countOf(page);
  expect(total).toBeGreaterThan(3);
  await expect(headerLink(page, total)).toBeVisible();

  // Negatives first, and with them the comments waiting for a reviewer that the classifier reads
  // as negative: none of either after a comment that is neither.
  const sentiments = await rows(page)
    .locator('td:nth-child(3)')
    .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ''));
  const listedFirst = (sentiment: string) => sentiment === 'Negative' || sentiment === 'UnclassifiedProbably negative';
  const firstOther = sentiments.findIndex((each) => !listedFirst(each));
  expect(sentiments.slice(firstOther).some(listedFirst)).toBe(false);
  expect(sentiments.slice(0, firstOther)).toContain('UnclassifiedProbably negative');
  // Each row says where it is: the project's name and the channel.
  await expect(rows(page).nth(1)).toContainText('Bar');

  // A row's button: done, said with Undo; Undo opens it again.
  await rows(page)
    .nth(1)
    .getByRole('button', { name: /^Mark the comment of .+ done$/ })
    .click();
  await expect(page.getByText('1 comment done.')).toBeVisible();
  await expect(openCount(page)).toHaveText(`${total - 1} open comment${total - 1 === 1 ? '' : 's'}`);
  await expect(headerLink(page, total - 1)).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(openCount(page)).toHaveText(`${total} open comments`);
  await expect(headerLink(page, total)).toBeVisible();
  // The Undo left with its message: the focus is back in the list, not at the page's start.
  await expect.poll(() => focusInARow(page)).toBe(true);

  // The keyboard: a row, then j to the next, e marks it done, and the next takes its place.
  await rows(page).nth(1).locator('td').nth(1).click();
  await page.keyboard.press('j');
  const second = rows(page).nth(2);
  await expect(second).toBeFocused();
  const secondText = (await second.locator('td').nth(1).textContent())!;
  await page.keyboard.press('e');
  await expect(openCount(page)).toHaveText(`${total - 1} open comment${total - 1 === 1 ? '' : 's'}`);
  await expect(rows(page).filter({ hasText: secondText })).toHaveCount(0);
  await expect(rows(page).nth(2)).toBeFocused();
  // z takes it back while its message shows, the keyboard staying on its row; e again.
  await expect(page.getByText('1 comment done.')).toBeVisible();
  await page.keyboard.press('z');
  await expect(openCount(page)).toHaveText(`${total} open comments`);
  await expect(rows(page).filter({ hasText: secondText })).toHaveCount(1);
  await expect(rows(page).nth(3)).toBeFocused();
  await page.keyboard.press('k');
  await page.keyboard.press('e');
  await expect(openCount(page)).toHaveText(`${total - 1} open comment${total - 1 === 1 ? '' : 's'}`);
  await expect(rows(page).filter({ hasText: secondText })).toHaveCount(0);
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByText('Mark done (or open again)')).toBeVisible();
  await expect(help.getByText('Undo the last change, while its message shows')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // A reply marks its comment done: r on the highlighted row.
  await rows(page).nth(1).locator('td').nth(1).click();
  await page.keyboard.press('r');
  const dialog = page.getByRole('dialog', { name: /^Reply as / });
  await dialog.getByLabel('Your reply').fill('Grazie, a presto!');
  await dialog.getByRole('button', { name: 'Post reply' }).click();
  await expect(page.getByText(/^Your reply is posted on .+, and the comment is done\.$/)).toBeVisible();
  await expect(openCount(page)).toHaveText(`${total - 2} open comment${total - 2 === 1 ? '' : 's'}`);
  // Its row left with the dialog: the keyboard is on the row that took its place.
  await expect.poll(() => focusInARow(page)).toBe(true);
  await expect(headerLink(page, total - 2)).toBeVisible();

  // Done ones are one filter away, and open again there.
  await page.getByRole('button', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Done' }).click();
  await expect(page).toHaveURL(/state=done/);
  await expect(page.getByText('2 comments done', { exact: true })).toBeVisible();
  await rows(page)
    .nth(1)
    .getByRole('button', { name: /^Open the comment of .+ again$/ })
    .click();
  await expect(page.getByText('1 comment open again.')).toBeVisible();
  await expect(page.getByText('1 comment done', { exact: true })).toBeVisible();
  await expect(headerLink(page, total - 1)).toBeVisible();
});

test('an Undo already done in another tab says there is nothing to undo, not "Not found"', async ({
  page,
  request,
  user,
}) => {
  await userWithComments(page, request, user);
  await page.goto('/inbox');
  const done = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/v1.0/inbox/done',
  );
  await rows(page)
    .nth(1)
    .getByRole('button', { name: /^Mark the comment of .+ done$/ })
    .click();
  const { batchId } = (await (await done).json()) as { batchId: string };
  await expect(page.getByText('1 comment done.')).toBeVisible();
  const token = await accessTokenOf(request, user);
  const undone = await request.post(`/v1.0/inbox/done/${batchId}/undo`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(undone.status()).toBe(200);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Nothing to undo: this change was already undone, or its comments changed since.' }),
  ).toBeVisible();
  await expect(page.getByText('Not found.')).toHaveCount(0);
});

test('a bookmark and a hide keep the keyboard on their button, so a second press undoes them', async ({
  page,
  request,
  user,
}) => {
  await userWithComments(page, request, user);
  await page.goto('/inbox');
  // Pinned by its own time: a comment arriving meanwhile moves the rows down.
  const published = (await rows(page).nth(1).locator('time').first().getAttribute('datetime'))!;
  const first = rows(page)
    .filter({ has: page.locator(`time[datetime="${published}"]`) })
    .first();
  await expectMarksKeepTheKeyboard(page, first);
});

test('a comment deleted by its key hands the keyboard to the comment after it', async ({ page, request, user }) => {
  await inboxOfOwnComments(page, request, user, (tag) => [1, 2, 3, 4].map((n) => `Spam ${n} at spam.example/${tag}`));
  const wordsOf = async (place: number) => (await rows(page).nth(place).textContent())!.match(/Spam \d/)![0];
  const listed = [await wordsOf(1), await wordsOf(2), await wordsOf(3)];
  // The first comment, then the one now first (row 0 is the header).
  for (const next of [listed[1]!, listed[2]!]) {
    const target = rows(page).nth(1);
    await target.locator('td').nth(1).click();
    await expect(target).toBeFocused();
    await page.keyboard.press('#');
    const confirm = page.getByRole('dialog', { name: /^Delete this comment on / });
    await confirm.getByRole('button', { name: /^Delete on / }).click();
    await expect(confirm).toBeHidden();
    // The row now in its place has the keyboard, and its keys work from there.
    await expect(rows(page).nth(1)).toContainText(next);
    await expect(rows(page).nth(1)).toBeFocused();
  }
  await page.keyboard.press('j');
  await expect(rows(page).nth(2)).toBeFocused();
});

test("a comment done in another tab leaves this tab's list, and its count follows", async ({ page, request, user }) => {
  const { tag, path: mine } = await inboxOfOwnComments(page, request, user, (tag) =>
    [2, 1].map((n) => `Question ${n} ${tag}`),
  );
  const other = await page.context().newPage();
  await openListening(other, mine);
  await expect(openCount(other)).toHaveText('2 open comments');
  // Posted within a second, the two may be listed either way round.
  const done = (await rows(page).nth(1).textContent())!.match(/Question \d/)![0];
  const kept = done === 'Question 1' ? 'Question 2' : 'Question 1';
  await rows(page)
    .nth(1)
    .getByRole('button', { name: /^Mark the comment of .+ done$/ })
    .click();
  await expect(page.getByText('1 comment done.')).toBeVisible();
  await expect(openCount(other)).toHaveText('1 open comment');
  await expect(rows(other).filter({ hasText: `${done} ${tag}` })).toHaveCount(0);
  await expect(rows(other).filter({ hasText: `${kept} ${tag}` })).toHaveCount(1);
  await other.close();
});

test('a done that does not go through leaves the keyboard and the selection where they were, so a second try marks the same comments', async ({
  page,
  request,
  user,
}) => {
  await openInbox(page, request, user, 1280);
  const total = await countOf(page);
  const textOf = async (row: number) => (await rows(page).nth(row).locator('td').nth(1).textContent())!;
  await rows(page).nth(1).locator('td').nth(1).click();
  await page.keyboard.press('j');
  await expect(rows(page).nth(2)).toBeFocused();
  const second = await textOf(2);
  const third = await textOf(3);

  // The connection drops as e is pressed: said, and nothing moves. On a slow device (the CPU
  // slowed 30 times), so that the next press lands while the page still reads itself again after
  // the failure: it waits for that, and is not lost. Every request to the API finds no connection,
  // as they do when it drops: one answered meanwhile (the page reading itself again) says it is
  // back, and the message goes with it, before a check on a busy machine may have seen it.
  // What the page does in a tenth of a second takes it three seconds then, and more while the
  // other worker and the API share the two cores: the waits while it is slowed are as long as the
  // test allows, not the usual ten seconds (which failed at times on a busy machine).
  const slowed = { timeout: 30_000 };
  test.setTimeout(120_000);
  const dropped = (route: Route) => route.abort('internetdisconnected');
  await page.route('**/v1.0/**', dropped);
  const devTools = await page.context().newCDPSession(page);
  await devTools.send('Emulation.setCPUThrottlingRate', { rate: 30 });
  await page.keyboard.press('e');
  await expect(page.getByText('No Internet Connection')).toBeVisible(slowed);
  await expect(openCount(page)).toHaveText(`${total} open comments`, slowed);
  await expect(rows(page).nth(2)).toBeFocused(slowed);
  await expect(rows(page).nth(2)).toContainText(second, slowed);

  // Back: e marks that comment done, not the one after it, which then takes the keyboard.
  await page.unroute('**/v1.0/**', dropped);
  await page.keyboard.press('e');
  await devTools.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(openCount(page)).toHaveText(`${total - 1} open comments`);
  await expect(rows(page).filter({ hasText: second })).toHaveCount(0);
  await expect(rows(page).nth(2)).toBeFocused();
  await expect(rows(page).nth(2)).toContainText(third);

  // Two rows checked, and the API refuses: they stay checked for another try, which marks them.
  await page.keyboard.press('x');
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  const checkedRows = page.getByRole('checkbox', { name: /^Select /, checked: true });
  await expect(checkedRows).toHaveCount(2);
  await page.route('**/v1.0/inbox/done', (route) =>
    route.fulfill({ status: 403, json: { message: 'These comments are no longer yours to change.' } }),
  );
  await page.getByRole('button', { name: 'Mark 2 done' }).click();
  await expect(page.getByText('These comments are no longer yours to change.')).toBeVisible();
  await expect(checkedRows).toHaveCount(2);
  await expect(openCount(page)).toHaveText(`${total - 1} open comments`);
  await page.unroute('**/v1.0/inbox/done');
  await page.getByRole('button', { name: 'Mark 2 done' }).click();
  await expect(openCount(page)).toHaveText(`${total - 3} open comment${total - 3 === 1 ? '' : 's'}`);
  await expect(rows(page).filter({ hasText: third })).toHaveCount(0);
  await expect(checkedRows).toHaveCount(0);
});

test('marks every match done after a confirmation naming the count, down to inbox zero', async ({
  page,
  request,
  user,
}) => {
  // A channel of the user's with three negative comments and two others, followed by a project.
  const settled = { inReview: false, proposedSentiment: null };
  const made = await request.post('/dev/comments', {
    data: {
      ownerId: user._id,
      channel: { name: 'Trattoria page' },
      comments: [
        { message: 'Cold pasta, rude waiter', authorName: 'Ada Rossi', sentiment: 'NEGATIVE', ...settled },
        { message: 'Lovely terrace', authorName: 'Bruno Neri', sentiment: 'POSITIVE', ...settled },
        { message: 'Waited an hour', authorName: 'Carla Bianchi', sentiment: 'NEGATIVE', ...settled },
        { message: 'Open on Monday?', authorName: 'Dario Verdi', sentiment: 'NEUTRAL', ...settled },
        { message: 'Never again', authorName: 'Elena Gialli', sentiment: 'NEGATIVE', ...settled },
      ],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const token = await accessTokenOf(request, user);
  const projectId = await makeProjectThroughApi(request, token, 'Trattoria');
  const attached = await request.post(`/v1.0/projects/${projectId}/channels`, {
    headers: { authorization: `Bearer ${token}` },
    data: { channelId: (await made.json()).channel.id },
  });
  expect(attached.status()).toBe(200);
  await signInWithoutUi(page, user);
  await page.goto('/inbox');
  await expect(openCount(page)).toHaveText('5 open comments');
  // Negatives first, each part newest first.
  await expect(rows(page).locator('td:nth-child(2)')).toContainText([
    'Ada Rossi',
    'Carla Bianchi',
    'Elena Gialli',
    'Bruno Neri',
    'Dario Verdi',
  ]);

  // The negatives: a filter kept in the address, then all of them done once confirmed.
  await page.getByRole('button', { name: 'Sentiment' }).click();
  await page.getByRole('option', { name: 'Negative' }).click();
  await expect(page).toHaveURL(/sentiment=NEGATIVE/);
  await expect(openCount(page)).toHaveText('3 open comments');
  await page.getByRole('button', { name: 'Mark all 3 done' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mark 3 comments done?' });
  // One more complaint arrives on another channel of the project while the count is confirmed:
  // nothing changes, and the new count is the one offered.
  const another = await request.post('/dev/comments', {
    data: {
      ownerId: user._id,
      channel: { name: 'Trattoria Instagram' },
      comments: [{ message: 'Bill was wrong', authorName: 'Fabio Blu', sentiment: 'NEGATIVE', ...settled }],
    },
  });
  expect(another.status(), await another.text()).toBe(201);
  const attachedAnother = await request.post(`/v1.0/projects/${projectId}/channels`, {
    headers: { authorization: `Bearer ${token}` },
    data: { channelId: (await another.json()).channel.id },
  });
  expect(attachedAnother.status()).toBe(200);
  await confirm.getByRole('button', { name: 'Mark 3 done' }).click();
  await expect(page.getByText(/More open comments match these filters now \(4\)/)).toBeVisible();
  await expect(openCount(page)).toHaveText('4 open comments');
  await page.getByRole('button', { name: 'Mark all 4 done' }).click();
  await page
    .getByRole('dialog', { name: 'Mark 4 comments done?' })
    .getByRole('button', { name: 'Mark 4 done' })
    .click();
  await expect(page.getByText('4 comments done.')).toBeVisible();
  await expect(page.getByText('No comment matches these filters.')).toBeVisible();
  await expect(headerLink(page, 2)).toBeVisible();

  // Newest first, one choice away; then everything else: inbox zero.
  await page.goto('/inbox?orderBy=newest');
  await expect(rows(page).locator('td:nth-child(2)')).toContainText(['Bruno Neri', 'Dario Verdi']);
  await page.getByRole('button', { name: 'Mark all 2 done' }).click();
  await page
    .getByRole('dialog', { name: 'Mark 2 comments done?' })
    .getByRole('button', { name: 'Mark 2 done' })
    .click();
  await expect(page.getByText(/^Inbox zero: every comment is done\./)).toBeVisible();
  await expect(headerLink(page, 0)).toBeVisible();
});

test('hides and deletes a spam comment on Facebook from the inbox, the page on Facebook following; a refusal is said by the comment', async ({
  page,
  request,
  user,
}) => {
  // Esposito Fiori, whose page no other test comments on (their counts stay theirs).
  await projectFollowingFacebookPage(request, await accessTokenOf(request, user), 'Fiori', '100000000000003');
  await signInWithoutUi(page, user);
  await openListening(page, '/inbox?orderBy=newest');
  await expect(openCount(page)).toBeVisible();
  // The page the project follows: someone leaves a spam link; the open
  // inbox offers it. (The sandbox keeps what other tests said there: this one's words are its own.)
  const spam = `Cheap followers at spam.example/${Math.random().toString(36).slice(2, 8)}`;
  const said = await request.post('/dev/sandbox/comments', {
    data: { channelId: '200000000000004', authorName: 'Kenji Sato', message: spam },
  });
  expect(said.status()).toBe(201);
  const offer = page.getByRole('button', { name: 'Show 1 new comment' });
  await expect(offer).toBeVisible();
  // The offer floats over the list's header: the inbox passes axe with it there.
  await expectNoA11yViolations(page);
  // A filter read afresh lists it: the offer goes, rather than offer a comment already shown.
  await page.getByRole('searchbox', { name: 'Message' }).fill(spam.split('/').at(-1)!);
  const row = rows(page).filter({ hasText: spam });
  await expect(row).toHaveCount(1);
  await expect(offer).toHaveCount(0);
  await row.getByRole('button', { name: 'Hide the comment of Kenji Sato' }).click();
  await expect(row.getByText('Hidden', { exact: true })).toBeVisible();

  const facebook = await page.context().newPage();
  await facebook.goto('/sandbox/facebook/comments?channel=200000000000004');
  await expect(facebook.getByRole('listitem').filter({ hasText: spam })).toContainText('(hidden by the page)');
  await facebook.close();

  // Shown again, there too.
  await row.getByRole('button', { name: 'Hide the comment of Kenji Sato' }).click();
  await expect(row.getByText('Hidden', { exact: true })).toHaveCount(0);
  const again = await page.context().newPage();
  await again.goto('/sandbox/facebook/comments?channel=200000000000004');
  const shown = again.getByRole('listitem').filter({ hasText: spam });
  await expect(shown).toHaveCount(1);
  await expect(shown).not.toContainText('(hidden by the page)');
  await again.close();

  // Deleted, after a confirmation that quotes it: gone from the inbox and from the page.
  await row.getByRole('button', { name: 'Delete the comment of Kenji Sato on its network' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this comment on Facebook?' });
  await expect(confirm.getByRole('blockquote')).toHaveText(spam);
  await expectNoA11yViolations(page);
  await confirm.getByRole('button', { name: 'Delete on Facebook' }).click();
  await expect(page.getByText(/^The comment is deleted from .+\.$/)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  const gone = await page.context().newPage();
  await gone.goto('/sandbox/facebook/comments?channel=200000000000004');
  await expect(gone.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(gone.getByRole('listitem').filter({ hasText: spam })).toHaveCount(0);
  await gone.close();

  // Logged out of Facebook: the refusal is said in the dialog, by the comment, and nothing changes.
  const other = `${spam} again`;
  await request.post('/dev/sandbox/comments', {
    data: { channelId: '200000000000004', authorName: 'Kenji Sato', message: other },
  });
  await page.getByRole('button', { name: 'Show 1 new comment' }).click();
  const stays = rows(page).filter({ hasText: other });
  await expect(stays).toHaveCount(1);
  expect((await request.post('/dev/sandbox/people/100000000000003/expire-tokens')).status()).toBe(204);
  await stays.locator('td').nth(1).click();
  await page.keyboard.press('#');
  await confirm.getByRole('button', { name: 'Delete on Facebook' }).click();
  await expect(confirm.getByRole('alert').or(confirm.getByRole('status'))).toContainText(
    "Facebook no longer accepts this account's authorisation: reconnect it.",
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(stays).toHaveCount(1);
});

test.describe('on a touch phone', () => {
  test.use({ hasTouch: true });

  test('a comment opens as its detail with its buttons in words; done there, it leaves', async ({
    page,
    request,
    user,
  }) => {
    await openInbox(page, request, user, 375);
    // No keyboard to use the shortcuts with, so no button for their list.
    await expect(page.getByRole('button', { name: 'Keyboard shortcuts' })).toHaveCount(0);
    const total = await countOf(page);
    // No squeezed buttons in the row: one that opens the comment.
    const first = rows(page).nth(1);
    await expect(first.getByRole('button', { name: /^Mark the comment of .+ done$/ })).toHaveCount(0);
    const opener = first.getByRole('button', { name: /^Open the comment of / });
    const author = (await opener.getAttribute('aria-label'))!.replace('Open the comment of ', '');
    await opener.click();
    const detail = page.getByRole('dialog', { name: `The comment of ${author}` });
    await expect(detail.getByText(author, { exact: true })).toBeVisible();
    const done = detail.getByRole('button', { name: `Mark the comment of ${author} done` });
    await expect(done).toHaveText('Done');
    await expectNoA11yViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await done.click();
    await expect(detail).toBeHidden();
    await expect(openCount(page)).toHaveText(`${total - 1} open comment${total - 1 === 1 ? '' : 's'}`);
  });

  test('the list scrolls with the page; its count, its actions and its header stay in view under the app header', async ({
    page,
    request,
    user,
  }) => {
    await openInbox(page, request, user, 375);
    await page.setViewportSize({ width: 375, height: 667 });
    const total = await countOf(page);
    // No frame of its own to scroll: the page is as long as the list, and a swipe anywhere moves it.
    await expect(page.getByRole('region', { name: 'Comments in your inbox' })).toHaveCount(0);
    await page.mouse.move(187, 600);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

    // Scrolled far into the list, the count is still on the screen, right under the app's header,
    // and the list's column header under it.
    const headerBottom = (await page.getByRole('banner').boundingBox())!;
    const count = (await openCount(page).boundingBox())!;
    expect(count.y).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height);
    expect(count.y).toBeLessThan(headerBottom.y + headerBottom.height + 24);
    const columnHeader = (await page.getByRole('columnheader', { name: 'Comment' }).boundingBox())!;
    expect(columnHeader.y).toBeGreaterThan(count.y);
    expect(columnHeader.y).toBeLessThan(200);

    // A row checked down there: its action is at hand, and does what it says.
    const boxes = await rows(page).getByRole('checkbox').all();
    let checked: Locator | undefined;
    for (const box of boxes) {
      const at = await box.boundingBox();
      if (at && at.y > columnHeader.y + 60 && at.y < 600) {
        checked = box;
        break;
      }
    }
    await checked!.check();
    const markDone = page.getByRole('button', { name: 'Mark 1 done' });
    await expect(markDone).toBeInViewport();
    await markDone.click();
    await expect(openCount(page)).toHaveText(`${total - 1} open comment${total - 1 === 1 ? '' : 's'}`);
    await expectNoA11yViolations(page);
  });
});

test('a press on a button of a row partly out of view does what it says, the first time', async ({
  page,
  request,
  user,
}) => {
  await openInbox(page, request, user, 1280);
  const frame = page.getByRole('region', { name: 'Comments in your inbox' });
  // The whole frame on the screen, scrolled so that the sixth comment shows only its top (its
  // buttons) at the frame's foot: the rest of the row is below, out of view.
  await frame.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  const row = rows(page).nth(6);
  const { scrolled, cut } = await row.evaluate((tr) => {
    const scroller = tr.closest<HTMLElement>('[role="region"]')!;
    scroller.scrollTop += tr.getBoundingClientRect().top - (scroller.getBoundingClientRect().bottom - 56);
    const foot = scroller.getBoundingClientRect().bottom;
    const { top, bottom } = tr.getBoundingClientRect();
    return { scrolled: scroller.scrollTop, cut: top < foot && bottom > foot };
  });
  expect(cut).toBe(true);
  const bookmark = row.getByRole('button', { name: /^Bookmark the comment of / });
  await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
  await expect(row).toHaveAttribute('tabindex', '-1');

  // Pressed as a person presses: the row becomes the one the keyboard is on, and nothing moves
  // under the pointer before it is released.
  await bookmark.hover();
  await page.mouse.down();
  await expect(row).toHaveAttribute('tabindex', '0');
  await expect(bookmark).toBeFocused();
  expect(await frame.evaluate((element) => element.scrollTop)).toBe(scrolled);
  await page.mouse.up();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
});

test('passes axe in each language and theme, and names every filter', async ({ page, request, user }) => {
  await userWithComments(page, request, user);
  await checkEachLook(
    page,
    async () => {
      await page.goto('/inbox');
    },
    async ({ language }) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(language === 'en' ? 'Inbox' : 'Posta in arrivo');
      const caption = language === 'en' ? 'Comments in your inbox' : 'Commenti nella tua posta in arrivo';
      await expect(page.getByRole('table', { name: caption }).getByRole('row').nth(1)).toBeVisible();
    },
  );
});

test('is for signed-in users only', async ({ page }) => {
  await page.goto('/inbox?sentiment=NEGATIVE');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Finbox%3Fsentiment%3DNEGATIVE$/);
});

test('a mangled address still opens, as the plain inbox', async ({ page, request, user }) => {
  await userWithComments(page, request, user);
  await page.goto('/inbox?state=closed&network=myspace&orderBy=oldest&channel=nope&message=ab');
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(openCount(page)).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('ab');
});

test.describe('with no project following a channel', () => {
  test('says what to do, and leads there: a first project, then its channels', async ({
    page,
    request,
    signedInUser: user,
  }) => {
    await page.goto('/inbox');
    await expect(page.getByText('No channel followed yet')).toBeVisible();
    await expect(page.getByText(/^None of your projects follows a channel yet/)).toBeVisible();
    await page.getByRole('link', { name: 'New project' }).click();
    await expect(page).toHaveURL('/projects/new');

    // With one project, straight to its channels.
    const id = await makeProjectThroughApi(request, await accessTokenOf(request, user), 'Quiet');
    await page.goto('/inbox');
    await page.getByRole('link', { name: 'Attach channels' }).click();
    await expect(page).toHaveURL(`/projects/${id}/channels`);
  });
});

test('at 1280 px the filters used most show, each with room for its words, and the first comments are in view; the others fold behind "More filters"', async ({
  page,
  request,
  user,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await userWithComments(page, request, user);
  await page.goto('/inbox');
  const filters = page.getByRole('search', { name: 'Inbox filters' });
  const more = filters.getByRole('button', { name: 'More filters', exact: true });
  await expect(more).toBeVisible();
  await expect(filters.getByRole('button', { name: 'Network' })).toBeHidden();
  // Four in a row, the words under them (five would cut its placeholder), and the first comment on
  // screen without scrolling; from 1920 px, the five in one row.
  const top = async (control: Locator) => Math.round((await control.boundingBox())!.y);
  const selects = ['Show', 'Order', 'Project', 'Sentiment'].map((name) => filters.getByRole('button', { name }));
  const words = filters.getByRole('searchbox', { name: 'Message' });
  const tops = await Promise.all(selects.map(top));
  expect(new Set(tops).size).toBe(1);
  expect(await top(words)).toBeGreaterThan(tops[0]!);
  await expect(rows(page).nth(1)).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.setViewportSize({ width: 1920, height: 800 });
  await expect.poll(() => top(words)).toBe(tops[0]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Opened from the keyboard, they show; one set is counted on the button and opens them on a reload.
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(filters.getByRole('button', { name: 'Fewer filters' })).toHaveAttribute('aria-expanded', 'true');
  await filters.getByRole('button', { name: 'Network' }).click();
  await page.getByRole('option', { name: 'Facebook' }).click();
  await expect(page).toHaveURL(/network=facebook/);
  await page.reload();
  await expect(filters.getByRole('button', { name: 'Fewer filters' })).toBeVisible();
  await expect(filters.getByRole('button', { name: 'Network' })).toContainText('Facebook');
  await filters.getByRole('button', { name: 'Fewer filters' }).click();
  await expect(filters.getByRole('button', { name: 'More filters (1 set)' })).toBeVisible();
  await expectNoA11yViolations(page);
});
