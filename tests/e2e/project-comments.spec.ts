import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { INBOX_CHANGED } from '../../contract/realtime';
import {
  accessTokenOf,
  expect,
  expectMarksKeepTheKeyboard,
  expectNoA11yViolations,
  expectNotFoundForAnotherUser,
  makeProjectThroughApi,
  openListening,
  projectFollowingFacebookPage,
  signIn,
  signInWithoutUi,
  signOut,
  test,
  type TestUser,
} from './fixtures';

/**
 * A project's comments (docs/product.md#a-projects-comments): the sentiment chart and its table,
 * the list with replies under their parent, the filters in the address, bookmark and hide. The demo
 * user's seeded projects are shared with other tests: whatever a test marks, it unmarks before it
 * ends.
 */
const DEMO = { email: 'demo@example.com', password: 'Demo1234' };

async function openComments(page: Page, project = 'Espresso Bar Milano') {
  await page.goto('/projects');
  await page.getByRole('link', { name: `Comments of ${project}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${project}: comments` })).toBeVisible();
}

const rows = (page: Page) => page.getByRole('table', { name: /^Comments of/ }).getByRole('row');

/** `user`'s new project "Bar", following the sandbox page, its comments open as `user`. */
async function openCommentsFollowingPage(page: Page, request: APIRequestContext, user: TestUser) {
  const id = await projectFollowingFacebookPage(request, await accessTokenOf(request, user), 'Bar');
  await signInWithoutUi(page, user);
  await page.goto(`/projects/${id}/comments`);
}

test('shows the sentiment over time as a chart and as a table, and the comments newest first with their replies', async ({
  page,
}) => {
  await signInWithoutUi(page, DEMO);
  await openComments(page);
  const chart = page.getByRole('img', { name: /^Comments by sentiment, day by day, last 30 days: Positive \d+/ });
  await expect(chart).toBeVisible();
  const totals = page.getByRole('list', { name: 'Comments by sentiment in the period' });
  await expect(totals.getByRole('listitem')).toHaveCount(5);
  await expectNoA11yViolations(page);

  // The same figures as a table, a day a row; and back.
  await page.getByRole('button', { name: 'Show as a table' }).click();
  const table = page.getByRole('table', { name: 'Comments by sentiment, day by day, last 30 days' });
  await expect(table.getByRole('row')).toHaveCount(31);
  const headers = ['Day', 'Positive', 'Mixed', 'Negative', 'Neutral', 'Unclassified'];
  for (const [index, name] of headers.entries()) {
    await expect(table.getByRole('columnheader').nth(index)).toHaveAccessibleName(name);
  }
  await expectNoA11yViolations(page);
  // On a phone the six columns fit by short names: nothing scrolls sideways; the full names are said.
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 667 });
  await expect(table.getByRole('columnheader').nth(1).getByText('Pos.')).toBeVisible();
  await expect(table.getByRole('columnheader').nth(1)).toHaveAccessibleName('Positive');
  const region = page.getByRole('region', { name: 'Comments by sentiment, day by day, last 30 days' });
  expect(await region.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize(viewport);
  await page.getByRole('button', { name: 'Show as a chart' }).click();
  await expect(chart).toBeVisible();

  // 90 days: a choice kept in the address.
  await page.getByRole('button', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last 90 days' }).click();
  await expect(page).toHaveURL(/days=90/);
  await expect(page.getByRole('img', { name: /last 90 days/ })).toBeVisible();

  // Newest first; a reply reads under its parent; comment text is text, never markup.
  await expect(page.getByText(/^\d+ comments, replies not counted$/)).toBeVisible();
  const dates = await rows(page)
    .locator('time')
    .evaluateAll((times) => times.filter((time) => !time.closest('ul')).map((time) => time.getAttribute('datetime')!));
  expect(dates.length).toBeGreaterThan(3);
  expect([...dates].sort().reverse()).toEqual(dates);
  const replies = page.getByRole('list', { name: /^\d+ repl(y|ies) to / }).first();
  await expect(replies.getByRole('listitem').first()).toBeVisible();
});

test('a chart that cannot be read says so at once, above the comments, and reads again on its button', async ({
  page,
}) => {
  await signInWithoutUi(page, DEMO);
  let reads = 0;
  let failing = true;
  await page.route('**/v1.0/projects/*/sentiment-summary?*', (route) => {
    reads++;
    return failing ? route.fulfill({ status: 500, json: { message: 'Server error.' } }) : route.fallback();
  });
  await openComments(page);
  // Not asked again and again first (four times over 7 s): the comments do not wait for their chart.
  // A second read is the page's own once its live channel opens.
  await expect(page.getByText('The summary could not be loaded.')).toBeVisible();
  await expect(rows(page).nth(1)).toBeVisible();
  expect(reads).toBeLessThanOrEqual(2);
  await expectNoA11yViolations(page);
  await expect(page.getByRole('button', { name: 'Try again' })).not.toHaveAttribute('aria-disabled');
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(
    page.getByRole('img', { name: /^Comments by sentiment, day by day, last 30 days: Positive \d+/ }),
  ).toBeVisible();
  await expect(page.getByText('The summary could not be loaded.')).toHaveCount(0);
});

test('filters by channel and sentiment, and the address keeps them', async ({ page }) => {
  await signInWithoutUi(page, DEMO);
  await openComments(page);
  await page.getByRole('button', { name: 'Channel' }).click();
  await page.getByRole('option', { name: 'espressobarmilano' }).click();
  await expect(page).toHaveURL(/channel=[0-9a-f-]{36}/);
  await expect(rows(page).nth(1)).toContainText('espressobarmilano');
  const channels = await rows(page)
    .filter({ has: page.locator('time') })
    .evaluateAll((found) => found.map((row) => row.textContent ?? ''));
  expect(channels.every((text) => text.includes('espressobarmilano'))).toBe(true);

  const matching = page.getByText(/^\d+ comments?, replies not counted$/);
  const ofChannel = await matching.textContent();
  // The demo's classifier leaves most of the café's comments to a reviewer: Unclassified has rows.
  await page.getByRole('button', { name: 'Sentiment' }).click();
  await page.getByRole('option', { name: 'Unclassified' }).click();
  await expect(page).toHaveURL(/sentiment=UNCLASSIFIED/);
  await expect(matching).not.toHaveText(ofChannel!);
  const sentiments = await rows(page)
    .filter({ has: page.locator('time') })
    .evaluateAll((found) => found.map((row) => row.lastElementChild?.previousElementSibling?.textContent ?? ''));
  expect(sentiments.length).toBeGreaterThan(0);
  // Each waits for a reviewer; where the classifier proposes a sentiment, it is said as a guess.
  expect(sentiments.every((text) => /^Unclassified(Probably (positive|mixed|negative|neutral))?$/.test(text))).toBe(
    true,
  );
  expect(sentiments.some((text) => text.startsWith('UnclassifiedProbably '))).toBe(true);
  const count = Number((await matching.textContent())!.split(' ')[0]);

  // A reload opens the same list; a mangled address opens the plain one.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sentiment' })).toContainText('Unclassified');
  await expect(matching).toHaveText(`${count} comments, replies not counted`);
  const url = new URL(page.url());
  await page.goto(`${url.pathname}?channel=<script>&sentiment=HAPPY&days=5`);
  await expect(page.getByRole('button', { name: 'Channel' })).toContainText('All channels');
  await expect(page.getByRole('img', { name: /last 30 days/ })).toBeVisible();
});

test('bookmarks and hides a comment, finds it by those filters, and undoes both', async ({ page }) => {
  await signInWithoutUi(page, DEMO);
  await openComments(page, 'Trattoria Roma');
  // The newest comment not marked yet.
  const row = rows(page)
    .filter({ has: page.getByRole('button', { name: /^Bookmark the comment of/, pressed: false }) })
    .filter({ has: page.getByRole('button', { name: /^Hide the comment of/, pressed: false }) })
    .first();
  // Its own time and author name it (demo messages repeat).
  const published = (await row.locator('time').first().getAttribute('datetime'))!;
  const author = (await row.locator('span.font-semibold').first().textContent())!;
  const mine = rows(page)
    .filter({ has: page.locator(`time[datetime="${published}"]`) })
    .filter({ has: page.getByRole('button', { name: `Bookmark the comment of ${author}` }) });
  const bookmark = mine.getByRole('button', { name: /^Bookmark the comment of/ });
  const hide = mine.getByRole('button', { name: /^Hide the comment of/ });
  await bookmark.click();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
  await hide.click();
  await expect(hide).toHaveAttribute('aria-pressed', 'true');
  await expect(mine.getByText('Hidden', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Bookmarked' }).click();
  await page.getByRole('option', { name: 'Bookmarked', exact: true }).click();
  await expect(page).toHaveURL(/isBookmarked=true/);
  await expect(mine).toHaveCount(1);
  await page.getByRole('button', { name: 'Hidden' }).click();
  await page.getByRole('option', { name: 'Not hidden' }).click();
  await expect(page).toHaveURL(/isHidden=false/);
  await expect(mine).toHaveCount(0);
  await page.getByRole('button', { name: 'Hidden' }).click();
  await page.getByRole('option', { name: 'Hidden', exact: true }).click();
  await expect(mine).toHaveCount(1);
  await expectNoA11yViolations(page);

  // Undone: both marks off, and the bookmarked, hidden list no longer has it once read again.
  await bookmark.click();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
  await hide.click();
  await expect(hide).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Trattoria Roma: comments' })).toBeVisible();
  await expect(mine).toHaveCount(0);
});

test('a channel the project does not follow, in the address, reads as no filter', async ({ page, request, user }) => {
  await openCommentsFollowingPage(page, request, user);
  await expect(rows(page).nth(1)).toBeVisible();
  const path = new URL(page.url()).pathname;
  await page.goto(`${path}?channel=00000000-0000-4000-8000-000000000000&sentiment=NEGATIVE`);
  await expect(page).toHaveURL(`${path}?sentiment=NEGATIVE`);
  await expect(page.getByRole('button', { name: 'Channel' })).toContainText('All channels');
  await page.goto(`${path}?channel=00000000-0000-4000-8000-000000000000`);
  await expect(page).toHaveURL(path);
  await expect(rows(page).nth(1)).toBeVisible();
});

test('a bookmark and a hide keep the keyboard on their button, so a second press undoes them', async ({
  page,
  request,
  user,
}) => {
  await openCommentsFollowingPage(page, request, user);
  // Pinned by its own time: a comment arriving meanwhile moves the rows down.
  const published = (await rows(page).nth(1).locator('time').first().getAttribute('datetime'))!;
  const first = rows(page)
    .filter({ has: page.locator(`time[datetime="${published}"]`) })
    .first();
  await expectMarksKeepTheKeyboard(page, first);
});

test("a bookmark, a hide and a reply made in one tab show in the user's other tab at once; the tab that made them reads nothing again", async ({
  page,
  request,
  user,
}) => {
  const id = await projectFollowingFacebookPage(request, await accessTokenOf(request, user), 'Bar');
  await signInWithoutUi(page, user);
  const path = `/projects/${id}/comments`;
  await openListening(page, path);
  const other = await page.context().newPage();
  try {
    await openListening(other, path);
    const author = (await rows(page).nth(1).locator('span.font-semibold').first().textContent())!;
    const bookmark = (tab: Page) => tab.getByRole('button', { name: `Bookmark the comment of ${author}` }).first();
    const hide = (tab: Page) => tab.getByRole('button', { name: `Hide the comment of ${author}` }).first();
    await expect(bookmark(other)).toHaveAttribute('aria-pressed', 'false');
    // The tab that bookmarks shows it from the answer: it reads no list again.
    const listsRead: string[] = [];
    page.on('request', (asked) => {
      if (
        asked.method() === 'GET' &&
        /\/comments(\?|$)/.test(new URL(asked.url()).pathname + new URL(asked.url()).search)
      )
        listsRead.push(asked.url());
    });
    await bookmark(page).click();
    await expect(bookmark(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(bookmark(other)).toHaveAttribute('aria-pressed', 'true');
    await hide(page).click();
    await expect(hide(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(hide(other)).toHaveAttribute('aria-pressed', 'true');
    // A reply: the other tab shows it under its comment, and counts the comment done.
    const { inboxLink, open } = await headerOpenCount(other);
    await replyToSundayQuestion(page);
    const answered = rows(other).filter({ hasText: 'Are you open on Sunday morning?' });
    await expect(
      answered
        .getByRole('list', { name: /^\d+ repl(y|ies) to / })
        .getByRole('listitem')
        .last(),
    ).toContainText('From 8, every day.');
    await expect(inboxLink).toHaveAttribute('aria-label', new RegExp(`^Inbox: ${open - 1} open`));
    expect(listsRead).toEqual([]);
    // Undone in the other tab: this one reads its list again and follows.
    await bookmark(other).click();
    await expect(bookmark(page)).toHaveAttribute('aria-pressed', 'false');
    await hide(other).click();
    await expect(hide(page)).toHaveAttribute('aria-pressed', 'false');
    expect(listsRead.length).toBeGreaterThan(0);
  } finally {
    await other.close();
  }
});

test('reads in Italian, in the dark, and passes axe', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('language', 'it');
  });
  await signInWithoutUi(page, DEMO);
  await page.goto('/projects');
  await page.getByRole('link', { name: 'Commenti di Espresso Bar Milano' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Espresso Bar Milano: commenti' })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^Commenti per sentiment, giorno per giorno, ultimi 30 giorni/ }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Mostra come tabella' }).click();
  await expect(page.getByRole('columnheader', { name: 'Giorno' })).toBeVisible();
  await expectNoA11yViolations(page);

  // On a phone, scrolled into the list: its count and column header stuck under the app's header.
  await page.setViewportSize({ width: 375, height: 667 });
  await page.mouse.move(187, 400);
  await page.mouse.wheel(0, 2500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
  await expect(page.getByRole('columnheader', { name: 'Commento' })).toBeInViewport();
  await expectNoA11yViolations(page);
});

test("a project without channels says how to get comments; another user's project is not found", async ({
  page,
  request,
  user,
  makeUser,
  allowConsoleErrors,
}) => {
  await signInWithoutUi(page, user);
  const token = await accessTokenOf(request, user);
  const id = await makeProjectThroughApi(request, token, 'Quiet');
  await page.goto(`/projects/${id}/comments`);
  await expect(
    page.getByText('This project follows no channel yet: attach channels to see their comments here.'),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /no comments in this period/ })).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(page.getByRole('link', { name: 'Attach channels' })).toHaveAttribute('href', `/projects/${id}/channels`);

  allowConsoleErrors(/status of 404/);
  await expectNotFoundForAnotherUser(page, await makeUser(), `/projects/${id}/comments`, 'Quiet');
});

test('a guest is sent to sign in first', async ({ page }) => {
  await page.goto('/projects/00000000-0000-4000-8000-000000000000/comments');
  await expect(page).toHaveURL(/\/login\?returnUrl=/);
});

test('replies to a comment as the page, through the provider; the reply shows under it and "replied by you" finds it', async ({
  page,
  request,
  user,
}) => {
  await openCommentsFollowingPage(page, request, user);
  await expect(page.getByText('8 comments, replies not counted', { exact: true })).toBeVisible();
  // Its account is connected: nothing to say about replies.
  await expect(page.getByText('Connect the account to reply')).toHaveCount(0);
  const row = rows(page).filter({ hasText: 'Are you open on Sunday morning?' });
  await row.getByRole('button', { name: /^Reply to / }).click();
  const dialog = page.getByRole('dialog', { name: 'Reply as Espresso Bar Milano' });
  await expect(dialog.getByText('Are you open on Sunday morning?')).toBeVisible();
  const field = dialog.getByRole('textbox', { name: 'Your reply' });
  await expect(field).toBeFocused();
  await expectNoA11yViolations(page);

  // Empty: said by the field, nothing sent.
  const sent: string[] = [];
  page.on('request', (each) => {
    if (each.method() === 'POST' && each.url().includes('/replies')) sent.push(each.url());
  });
  await dialog.getByRole('button', { name: 'Post reply' }).click();
  await expect(dialog.getByText(/is required/)).toBeVisible();
  expect(sent).toEqual([]);

  // The provider down: said in the form, the words typed stay.
  const typed = 'Yes, from 8! <img src=x onerror=alert(1)>';
  await field.fill(typed);
  await page.route('**/replies', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Facebook could not be reached. Try again later.' }),
    }),
  );
  await dialog.getByRole('button', { name: 'Post reply' }).click();
  await expect(dialog.getByText('Facebook could not be reached. Try again later.')).toBeVisible();
  await expect(field).toHaveValue(typed);
  await page.unroute('**/replies');

  // The connection lost on the way: the dialog stays open, says so, and keeps the words.
  await page.route('**/replies', (route) => route.abort('internetdisconnected'));
  await dialog.getByRole('button', { name: 'Post reply' }).click();
  await expect(dialog.getByText('The connection was lost before an answer came.')).toBeVisible();
  await expect(field).toHaveValue(typed);
  await page.unroute('**/replies');

  await dialog.getByRole('button', { name: 'Post reply' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your reply is posted on Espresso Bar Milano.' }),
  ).toBeVisible();
  const replies = row.getByRole('list', { name: /^\d+ repl(y|ies) to / });
  await expect(replies.getByRole('listitem').last()).toContainText('Your reply');
  await expect(replies.getByRole('listitem').last()).toContainText(typed);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);

  // Answered: done in the inbox, whose count in the header follows (before the filter menu opens:
  // a click in a menu as the header draws its new count was seen lost, docs/decisions/063).
  await expect(page.getByRole('banner').getByRole('link', { name: 'Inbox: 7 open comments' })).toBeVisible();

  // "Replied by you" finds it, after a reload too.
  await page.getByRole('button', { name: 'Replied by you' }).click();
  await page.getByRole('option', { name: 'Replied by you' }).click();
  await expect(page).toHaveURL(/repliedByYou=true/);
  await page.reload();
  await expect(rows(page).filter({ hasText: 'Are you open on Sunday morning?' })).toHaveCount(1);
  await expectNoA11yViolations(page);
});

test('a reply closed unsent is there when its dialog opens again, also after the session ended on its way; sent, or on signing out, it is forgotten', async ({
  page,
  request,
  user,
}) => {
  await openCommentsFollowingPage(page, request, user);
  const row = rows(page).filter({ hasText: 'Are you open on Sunday morning?' });
  const dialog = page.getByRole('dialog', { name: 'Reply as Espresso Bar Milano' });
  const field = dialog.getByRole('textbox', { name: 'Your reply' });
  const typed = 'Yes, from 8 until noon; the kitchen opens at 11.';
  await row.getByRole('button', { name: /^Reply to / }).click();
  await field.fill(typed);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Another comment's reply starts empty; this one's has what was typed.
  await rows(page)
    .filter({ hasText: 'Booked for Friday, see you there.' })
    .getByRole('button', { name: /^Reply to / })
    .click();
  await expect(field).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await row.getByRole('button', { name: /^Reply to / }).click();
  await expect(field).toHaveValue(typed);
  // Written on from where it was left: its end.
  await expect(field).toBeFocused();
  const completed = `${typed} Welcome!`;
  await page.keyboard.type(' Welcome!');
  await expect(field).toHaveValue(completed);

  // The session ends elsewhere (signed out on another device) while the reply is open: sending it
  // goes to sign in, and once signed in again, in the same tab, the reply is still there.
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const signedOut = await request.post('/v1.0/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(signedOut.status()).toBe(204);
  await dialog.getByRole('button', { name: 'Post reply' }).click();
  await expect(page).toHaveURL(/\/login\?returnUrl=/);
  await signIn(page, user, null);
  await expect(page.getByRole('heading', { level: 1, name: 'Bar: comments' })).toBeVisible();
  await row.getByRole('button', { name: /^Reply to / }).click();
  await expect(field).toHaveValue(completed);

  // Sent, it is done with.
  await dialog.getByRole('button', { name: 'Post reply' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('list', { name: /^\d+ repl(y|ies) to / })).toContainText(completed);
  await row.getByRole('button', { name: /^Reply to / }).click();
  await expect(field).toHaveValue('');

  // Signing out forgets what was typed: the next person to sign in here never sees it.
  await field.fill('Thanks, see you on Sunday!');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await signOut(page);
  await expect(page).toHaveURL('/login');
  await signIn(page, user, null);
  await page.getByRole('link', { name: 'Comments of Bar' }).click();
  await row.getByRole('button', { name: /^Reply to / }).click();
  await expect(field).toHaveValue('');
});

test('a seeded channel without a connected account offers no reply, and the page says why and where to change it', async ({
  page,
}) => {
  await signInWithoutUi(page, DEMO);
  await openComments(page);
  await expect(rows(page).nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Reply to / })).toHaveCount(0);
  // The café's page and Instagram account take replies once Giulia's account is connected; its ad
  // account's comments are not read, so it is not named.
  await expect(page.getByText('Connect the account to reply')).toBeVisible();
  await expect(
    page.getByText(
      'Replying to the comments of Espresso Bar Milano and espressobarmilano needs the accounts that manage them, and they are not connected.',
    ),
  ).toBeVisible();

  // The inbox says it too, and leads to where accounts are connected.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Inbox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(page.getByText('Connect the account to reply')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Integrations' }).click();
  await expect(page).toHaveURL('/integrations');
});

/** A sentiment list's figures by sentiment name ("Positive" → 3), the zeros left out. */
async function figures(list: Locator) {
  const items = await list.getByRole('listitem').allInnerTexts();
  return Object.fromEntries(
    items
      .map((item) => item.split(/\s+/).filter(Boolean))
      .map((words) => [words.slice(0, -1).join(' '), Number(words.at(-1)!.replace(/\D/g, ''))] as const)
      .filter(([, n]) => n > 0),
  );
}
const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);

test.describe("one count of a project's comments", () => {
  // Public report links come with Starter and up (PLAN_INCLUDES).
  test.use({ plan: 'starter' });

  test('the card, the list, its chart, the public report and the API say the same numbers, replies not counted', async ({
    page,
    request,
    user,
  }) => {
    // The sandbox's page brings its comments and a reply under the first (docs/decisions/052-one-count-of-a-projects-comments.md).
    const token = await accessTokenOf(request, user);
    const auth = { authorization: `Bearer ${token}` };
    const projectId = await projectFollowingFacebookPage(request, token, 'Bar Conti');
    let listed = { meta: { total: 0 }, data: [] as Array<{ replies: unknown[] }> };
    await expect
      .poll(async () => {
        listed = (await (
          await request.get(`/v1.0/projects/${projectId}/comments`, { headers: auth })
        ).json()) as typeof listed;
        return listed.data.some((comment) => comment.replies.length > 0);
      })
      .toBe(true);
    const apiTotal = listed.meta.total;
    expect(apiTotal).toBe(listed.data.length);
    const link = await request.post(`/v1.0/projects/${projectId}/report-link`, { headers: auth });
    expect(link.status()).toBe(201);
    const { reportLink } = (await link.json()) as { reportLink: { token: string } };

    await signInWithoutUi(page, user);
    await page.goto('/projects');
    await expect(page.getByText(`${apiTotal} comments, replies not counted`)).toBeVisible();
    const card = await figures(page.getByRole('list', { name: 'Comments of Bar Conti by sentiment' }));
    expect(total(card)).toBe(apiTotal);
    await expectNoA11yViolations(page);

    await openComments(page, 'Bar Conti');
    await expect(page.getByText(`${apiTotal} comments, replies not counted`)).toBeVisible();
    await expect(page.getByText('Comments only: replies are not counted.')).toBeVisible();
    await expect(page.getByRole('img', { name: /last 30 days/ })).toBeVisible();
    expect(await figures(page.getByRole('list', { name: 'Comments by sentiment in the period' }))).toEqual(card);
    // A channel's list says what its chart counts too: the project follows that one channel.
    await page.getByRole('button', { name: 'Channel' }).click();
    await page.getByRole('option', { name: 'Espresso Bar Milano' }).click();
    await expect(page).toHaveURL(/channel=/);
    await expect(page.getByText(`${apiTotal} comments, replies not counted`)).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goto(`/public/reports/${reportLink.token}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Bar Conti' })).toBeVisible();
    await expect(page.getByText('comments in all on the channels below, replies not counted')).toBeVisible();
    expect(await figures(page.getByRole('list', { name: 'All comments by sentiment' }))).toEqual(card);
    expect(await figures(page.getByRole('list', { name: 'Comments by sentiment in the period' }))).toEqual(card);
    await expectNoA11yViolations(page);
  });
});

/** The header's link to the inbox, and the count of open comments it names. */
async function headerOpenCount(page: Page) {
  const inboxLink = page.getByRole('banner').getByRole('link', { name: /^Inbox: \d+ open comments?$/ });
  return { inboxLink, open: Number((await inboxLink.getAttribute('aria-label'))!.match(/\d+/)![0]) };
}

/** Answers the Sunday question as the page, "From 8, every day.": its dialog, closed once posted. */
async function replyToSundayQuestion(page: Page) {
  await rows(page)
    .filter({ hasText: 'Are you open on Sunday morning?' })
    .getByRole('button', { name: /^Reply to / })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Reply as Espresso Bar Milano' });
  await dialog.getByRole('textbox', { name: 'Your reply' }).fill('From 8, every day.');
  await dialog.getByRole('button', { name: 'Post reply' }).click();
  await expect(dialog).toBeHidden();
  return dialog;
}

test('a posted reply stays posted: reading the page again (a new period, a filter) never opens its dialog again', async ({
  page,
  request,
  user,
}) => {
  await openCommentsFollowingPage(page, request, user);
  const { inboxLink, open } = await headerOpenCount(page);
  const row = rows(page).filter({ hasText: 'Are you open on Sunday morning?' });
  const dialog = await replyToSundayQuestion(page);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your reply is posted on Espresso Bar Milano.' }),
  ).toBeVisible();
  // Answered, so done: the header's count follows before a menu opens (docs/decisions/063).
  await expect(inboxLink).toHaveAttribute('aria-label', new RegExp(`^Inbox: ${open - 1} open`));

  await page.getByRole('button', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last 90 days' }).click();
  await expect(page).toHaveURL(/days=90/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('img', { name: /last 90 days/ })).toBeVisible();
  await page.getByRole('button', { name: 'Replied by you' }).click();
  await page.getByRole('option', { name: 'Replied by you' }).click();
  await expect(page).toHaveURL(/repliedByYou=true/);
  await expect(rows(page).filter({ hasText: 'Are you open on Sunday morning?' })).toHaveCount(1);
  await expect(dialog).toBeHidden();

  // A second reply opens the dialog afresh, and Cancel closes it.
  await row.getByRole('button', { name: /^Reply to / }).click();
  await expect(dialog.getByRole('textbox', { name: 'Your reply' })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test("a reply takes its comment out of the header's open count at once, without the live event about it", async ({
  page,
  request,
  user,
}) => {
  // The page's socket, with the API's word that the inbox changed held back: a page still
  // connecting misses it, and the reply is the user's own change.
  await page.routeWebSocket(/\/app\/orbita-key/, (route) => {
    const server = route.connectToServer();
    server.onMessage((message) => {
      if ((JSON.parse(String(message)) as { event: string }).event !== INBOX_CHANGED) route.send(message);
    });
  });
  await openCommentsFollowingPage(page, request, user);
  const { inboxLink, open } = await headerOpenCount(page);
  await replyToSundayQuestion(page);
  await expect(inboxLink).toHaveAttribute('aria-label', new RegExp(`^Inbox: ${open - 1} open`));
});

test('opening a filter lower on the page leaves the page where it is, the list beside its button', async ({
  page,
  request,
  user,
}) => {
  await openCommentsFollowingPage(page, request, user);
  const button = page.getByRole('button', { name: 'Replied by you' });
  await expect(button).toBeVisible();
  // Scrolled as after reading the chart: the filters half-way down the screen.
  await page.evaluate(() => window.scrollTo(0, 250));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(250);
  await button.click();
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  // The chosen option is scrolled into view on the next frame: two frames on, where is the page?
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await page.evaluate(() => window.scrollY)).toBe(250);
  const [at, list] = [await button.boundingBox(), await listbox.boundingBox()];
  const gap = Math.min(Math.abs(list!.y - (at!.y + at!.height)), Math.abs(list!.y + list!.height - at!.y));
  expect(gap).toBeLessThan(12);
  await listbox.getByRole('option', { name: 'Replied by you' }).click();
  await expect(page).toHaveURL(/repliedByYou=true/);
  await expect(listbox).toBeHidden();
});

test('a refused bookmark says what the API answered, not that the page is off limits', async ({
  page,
  request,
  user,
}) => {
  await openCommentsFollowingPage(page, request, user);
  const row = rows(page).filter({ hasText: 'Are you open on Sunday morning?' });
  await page.route(/\/v1\.0\/projects\/[^/]+\/comments\/[^/?]+$/, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 403, json: { message: 'This project is read-only for you.' } })
      : route.continue(),
  );
  await row.getByRole('button', { name: /^Bookmark/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This project is read-only for you.' })).toBeVisible();
  await expect(page.getByText('You are not allowed to see this page.')).toHaveCount(0);
  // The page itself stays.
  await expect(page.getByRole('heading', { level: 1, name: 'Bar: comments' })).toBeVisible();
});
