import type { APIRequestContext, Browser, Page, WebSocketRoute } from '@playwright/test';
import {
  accessTokenOf,
  expect,
  expectNoA11yViolations,
  openListening,
  projectFollowingFacebookPage,
  recordRequests,
  signInWithoutUi,
  test,
  type TestUser,
} from './fixtures';
import { passThroughSocket } from './live-channel';

/**
 * Comments arrive by themselves (docs/product.md#comments-arrive-by-themselves): a made-up person
 * comments, edits and removes on the sandbox's Facebook, which delivers Meta's webhooks to the
 * API; the open comments page offers the new comment without moving the list, and changes or drops
 * the others in place, with no reload. Luca Moretti's page is these tests' own; they take turns.
 */
test.describe.configure({ mode: 'serial' });

const LUCA = '100000000000007';
const PASTICCERIA = '200000000000007';
const rows = (page: Page) => page.getByRole('table').getByRole('row');
/** The comments the chart counts in its period, all sentiments. */
const chartTotal = async (page: Page) =>
  (
    await page
      .getByRole('list', { name: 'Comments by sentiment in the period' })
      .getByRole('listitem')
      .allTextContents()
  )
    .map((text) => Number(text.replace(/\D/g, '')))
    .reduce((sum, n) => sum + n, 0);

/**
 * The admin review's offer of what arrived. It counts the comments arriving on anyone's channels,
 * and the other worker's tests add theirs meanwhile (their accounts' imports), so its number is
 * this test's own or more: the exact count is checked on the project's page, whose channels are
 * this test's alone, and the review's rows show that this test's comment came.
 */
const reviewOffer = (review: Page, name: RegExp) => review.getByRole('button', { name });

/**
 * Someone comments on Luca's page at Facebook (the sandbox delivers Meta's webhook): the comment's
 * id at Facebook.
 */
async function say(page: Page, message: string, { authorName = 'Tom Walker', deliverTwice = false } = {}) {
  const answer = await page.request.post('/dev/sandbox/comments', {
    data: { channelId: PASTICCERIA, authorName, message, deliverTwice },
  });
  expect(answer.status()).toBe(201);
  const { id } = (await answer.json()) as { id: string };
  said.add(id);
  return id;
}

/**
 * What this test said on Luca's page and has not taken away yet. Every test's comments are taken
 * away after it, passed or failed: the tests after it count that page's comments, and a second run
 * against the same server (or `--repeat-each`) finds the page as the first run did.
 */
const said = new Set<string>();

/** Takes comments said on Luca's page away again at Facebook (the sandbox delivers the removal). */
async function removeSaid(request: APIRequestContext, ids: Iterable<string>) {
  for (const id of [...ids]) {
    expect((await request.delete(`/dev/sandbox/comments/${id}`)).status()).toBe(204);
    said.delete(id);
  }
}

test.afterEach(async ({ request }) => removeSaid(request, said));

async function openFollowingProject(page: Page, request: Page['request'], user: { email: string; password: string }) {
  const token = await accessTokenOf(request, user);
  const projectId = await projectFollowingFacebookPage(request, token, 'Pasticceria', LUCA);
  await openListening(page, `/projects/${projectId}/comments`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pasticceria: comments' })).toBeVisible();
  await expectPageFetched(page);
}

/**
 * An admin's sentiment review of every comment, open and listening in a browser of its own:
 * what arrives anywhere is offered there too.
 */
async function openAdminReview(
  browser: Browser,
  admin: TestUser,
  language: 'en' | 'it' = 'en',
  path = '/admin/sentiment-review?inReview=any',
) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, reducedMotion: 'reduce' });
  const page = await context.newPage();
  if (language === 'it') await page.addInitScript(() => localStorage.setItem('language', 'it'));
  await signInWithoutUi(page, admin);
  await openListening(page, path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

/**
 * The page's own comments are in the list: the account's fetch is over, and with it the page's
 * subscription to the webhooks (it comes first), so what is said from now on is delivered.
 */
async function expectPageFetched(page: Page) {
  await expect(rows(page).filter({ hasText: 'Are you open on Sunday morning?' })).toHaveCount(1);
}

test('a comment made on Facebook is offered on the open page, then edited and removed in place @smoke', async ({
  page,
  signedInUser,
}) => {
  await openFollowingProject(page, page.request, signedInUser);
  const matching = page.getByText(/^\d+ comments?, replies not counted$/);
  const before = await matching.textContent();
  const firstRow = await rows(page).nth(1).textContent();
  // The chart's totals follow from each event's counts: never read again meanwhile.
  const chartBefore = await chartTotal(page);
  const chartReads: string[] = [];
  page.on('request', (asked) => {
    if (asked.url().includes('/sentiment-summary')) chartReads.push(asked.url());
  });

  const hostile = '<img src=x onerror="window.pwned=1"> Cannoli freschissimi!';
  const id = await say(page, hostile, { deliverTwice: true });

  // Offered, not pushed in: the list is as the reader left it; the chart counts it already.
  const show = page.getByRole('button', { name: 'Show 1 new comment' });
  await expect(show).toBeVisible();
  await expect.poll(() => chartTotal(page)).toBe(chartBefore + 1);
  expect(await rows(page).nth(1).textContent()).toBe(firstRow);
  await expect(matching).toHaveText(before!);
  await show.click();
  await expect(show).toBeHidden();
  const arrived = rows(page).filter({ hasText: hostile });
  await expect(arrived).toHaveCount(1);
  await expect(matching).not.toHaveText(before!);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  // From here the list changes in place: never read again, however often the chart is shown.
  const listReads: string[] = [];
  page.on('request', (asked) => {
    if (new URL(asked.url()).pathname.endsWith('/comments')) listReads.push(asked.url());
  });

  // Edited at Facebook, once late (after the next edit): the row ends with the latest text.
  for (const [message, late] of [
    ['Cannoli buoni.', true],
    ['Cannoli squisiti!', false],
  ] as const) {
    const edited = await page.request.patch(`/dev/sandbox/comments/${id}`, {
      data: { message, deliverLate: late },
    });
    expect(edited.status()).toBe(200);
  }
  await expect(rows(page).filter({ hasText: 'Cannoli squisiti!' })).toHaveCount(1);
  await expect(rows(page).filter({ hasText: 'Cannoli buoni.' })).toHaveCount(0);
  await expect(rows(page).filter({ hasText: hostile })).toHaveCount(0);

  await removeSaid(page.request, [id]);
  await expect(rows(page).filter({ hasText: 'Cannoli squisiti!' })).toHaveCount(0);
  await expect(show).toBeHidden();
  await expect.poll(() => chartTotal(page)).toBe(chartBefore);
  expect(chartReads).toEqual([]);
  expect(listReads).toEqual([]);
});

test('an edit told while a new filter’s list is on its way shows once the list arrives', async ({
  page,
  signedInUser,
}) => {
  // What the socket brings, from its opening.
  const frames: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
  await openFollowingProject(page, page.request, signedInUser);
  const id = await say(page, 'Cornetti alla crema oggi?');
  await page.getByRole('button', { name: 'Show 1 new comment' }).click();
  await expect(rows(page).filter({ hasText: 'Cornetti alla crema oggi?' })).toHaveCount(1);
  // The offer gone, the keyboard is at the comment it showed, not at the page's start.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('tr')?.textContent ?? ''))
    .toContain('Cornetti alla crema oggi?');

  // The channel's list is read before the edit, and answers only once the page was told of it.
  await page.route(
    (url) => url.pathname.endsWith('/comments') && url.searchParams.has('channelId'),
    async (route) => {
      const response = await route.fetch();
      const edited = await page.request.patch(`/dev/sandbox/comments/${id}`, {
        data: { message: 'Cornetti alla crema, sì!' },
      });
      expect(edited.status()).toBe(200);
      await expect.poll(() => frames.some((frame) => frame.includes('Cornetti alla crema, s'))).toBe(true);
      await route.fulfill({ response });
    },
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Channel' }).click();
  await page.getByRole('option').nth(1).click();
  await expect(page).toHaveURL(/channel=[0-9a-f-]{36}/);
  await expect(rows(page).filter({ hasText: 'Cornetti alla crema, sì!' })).toHaveCount(1);
  await expect(rows(page).filter({ hasText: 'Cornetti alla crema oggi?' })).toHaveCount(0);
  // Taken away at Facebook: the row goes too.
  await removeSaid(page.request, [id]);
  await expect(rows(page).filter({ hasText: 'Cornetti alla crema, sì!' })).toHaveCount(0);
});

test("a comment said before the open page listened is in its list and chart once it listens, and in an admin's review", async ({
  page,
  signedInUser,
  browser,
  makeUser,
}) => {
  // Neither page hears its subscription succeed, nor any event on its channel, until the test lets
  // it: what the API tells meanwhile is lost, as an arrival in the second between a page's first
  // reading and its listening is.
  let listen!: () => void;
  const listening = new Promise<void>((resolve) => (listen = resolve));
  const socket = await passThroughSocket(page, listening);
  const token = await accessTokenOf(page.request, signedInUser);
  const projectId = await projectFollowingFacebookPage(page.request, token, 'Pasticceria', LUCA);
  const listed = async (text: string) => {
    const answer = await page.request.get(`/v1.0/projects/${projectId}/comments`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await answer.json()) as { data: Array<{ message: string }> }).data.some((each) => each.message === text);
  };
  await expect.poll(() => listed('Are you open on Sunday morning?')).toBe(true);
  await page.goto(`/projects/${projectId}/comments`);
  await expectPageFetched(page);
  const matching = page.getByText(/^\d+ comments?, replies not counted$/);
  const before = await matching.textContent();
  const chartBefore = await chartTotal(page);

  const admin = await makeUser({ role: 'admin' });
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, reducedMotion: 'reduce' });
  const review = await context.newPage();
  const reviewSocket = await passThroughSocket(review, listening);
  await signInWithoutUi(review, admin);
  await review.goto('/admin/sentiment-review?inReview=any');
  await expect(review.getByRole('heading', { level: 1, name: 'Sentiment review' })).toBeVisible();
  await expect(rows(review).nth(1)).toBeVisible();

  const message = `Sfogliatelle ancora calde alle nove, grazie! ${Math.random().toString(36).slice(2, 6)}`;
  await say(page, message);
  try {
    await expect.poll(() => listed(message)).toBe(true);
    await expect(rows(page).filter({ hasText: message })).toHaveCount(0);
    await expect(rows(review).filter({ hasText: message })).toHaveCount(0);

    listen();
    await Promise.all([socket.ready, reviewSocket.ready]);
    // Read again from the top: in the list, counted, on the chart; nothing left to offer.
    await expect(rows(page).filter({ hasText: message })).toHaveCount(1);
    await expect(matching).not.toHaveText(before!);
    await expect.poll(() => chartTotal(page)).toBe(chartBefore + 1);
    await expect(page.getByRole('button', { name: /^Show \d+ new comments?$/ })).toHaveCount(0);
    await expect(rows(review).filter({ hasText: message })).toHaveCount(1);
  } finally {
    await context.close();
  }
});

test('a comment said while the socket was away is in the open inbox once it is back', async ({
  page,
  signedInUser,
}) => {
  // The page's sockets go through a route this test controls: the service goes away for this
  // page alone (its socket cut, new ones closed at once), and comes back.
  let up = true;
  const open: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/app\/orbita-key/, (socket) => {
    if (!up) return void socket.close();
    socket.connectToServer();
    open.push(socket);
  });
  await projectFollowingFacebookPage(
    page.request,
    await accessTokenOf(page.request, signedInUser),
    'Pasticceria',
    LUCA,
  );
  await openListening(page, '/inbox?orderBy=newest');
  await expectPageFetched(page);

  up = false;
  for (const socket of open.splice(0)) await socket.close();
  const message = `Cannoli per venti persone sabato? ${Math.random().toString(36).slice(2, 6)}`;
  await say(page, message);
  const resubscribed = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/broadcasting/auth' && response.status() === 200,
  );
  up = true;
  await resubscribed;
  // Nothing told it of the comment: the inbox's list is read again as the page listens again.
  await expect(rows(page).filter({ hasText: message })).toHaveCount(1);
});

test("the projects' cards count a comment as it arrives, without reading the list again", async ({
  page,
  signedInUser,
}) => {
  const token = await accessTokenOf(page.request, signedInUser);
  const projectId = await projectFollowingFacebookPage(page.request, token, 'Pasticceria', LUCA);
  // The account's fetch is over (its comments are in), so the card's count is the page's final one.
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/v1.0/projects/${projectId}/comments`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await answer.json()) as { data: Array<{ message: string }> }).data.some(
        (each) => each.message === 'Are you open on Sunday morning?',
      );
    })
    .toBe(true);
  await openListening(page, '/projects');
  const total = page.getByText(/^\d+ comments?, replies not counted$/);
  const before = Number((await total.textContent())!.match(/\d+/)![0]);
  const listReads = recordRequests(page, '/v1.0/projects?');

  const id = await say(page, 'Aperti anche a Santo Stefano?');
  await expect(total).toHaveText(`${before + 1} comments, replies not counted`);
  // Taken away at Facebook: the card counts it out.
  await removeSaid(page.request, [id]);
  await expect(total).toHaveText(`${before} comments, replies not counted`);
  expect(listReads).toEqual([]);
});

test("a comment said before the projects' page listened is on its card once it listens", async ({
  page,
  signedInUser,
}) => {
  let listen!: () => void;
  const socket = await passThroughSocket(page, new Promise<void>((resolve) => (listen = resolve)));
  const token = await accessTokenOf(page.request, signedInUser);
  const projectId = await projectFollowingFacebookPage(page.request, token, 'Pasticceria', LUCA);
  const count = async () =>
    (
      (await (
        await page.request.get(`/v1.0/projects/${projectId}/comments`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { meta: { total: number } }
    ).meta.total;
  // The account's fetch is over: 8 comments of the page's own.
  await expect.poll(count).toBe(8);
  await page.goto('/projects');
  const total = page.getByText(/^\d+ comments?, replies not counted$/);
  await expect(total).toHaveText('8 comments, replies not counted');

  await say(page, 'Torta di compleanno per domenica?');
  await expect.poll(count).toBe(9);
  await expect(total).toHaveText('8 comments, replies not counted');
  // Read again quietly: the user asked for nothing, so no loading bar comes.
  await page.evaluate(() => {
    const note = () => {
      if (document.querySelector('[role="progressbar"]')) Object.assign(window, { barShown: true });
    };
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
  });
  listen();
  await socket.ready;
  await expect(total).toHaveText('9 comments, replies not counted');
  expect(await page.evaluate(() => (window as unknown as { barShown?: boolean }).barShown)).toBeUndefined();
});

test("a person comments on the sandbox page: the open project page and an admin's review offer it", async ({
  page,
  signedInUser,
  browser,
  makeUser,
}) => {
  await openFollowingProject(page, page.request, signedInUser);
  const review = await openAdminReview(browser, await makeUser({ role: 'admin' }));
  try {
    const sandbox = await page.context().newPage();
    await sandbox.goto('/sandbox/facebook/comments');
    await expect(sandbox.getByRole('heading', { level: 1, name: 'Comment as someone on Facebook' })).toBeVisible();
    await sandbox
      .getByLabel('Page or Instagram account')
      .selectOption({ label: 'Moretti Pasticceria (page of Luca Moretti)' });
    await sandbox.getByLabel('Who comments').selectOption('Kenji Sato');

    // Nothing typed: said by the field, nothing delivered, the choices kept.
    await sandbox.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(sandbox.getByLabel('Comment', { exact: true })).toHaveAccessibleDescription('Write the comment.');
    await expect(sandbox.getByLabel('Who comments')).toHaveValue('Kenji Sato');
    await expectNoA11yViolations(sandbox);

    // Where the first rows are on both pages: the offers that come must not move them.
    const firstRowTop = async (list: Page) => (await rows(list).nth(1).boundingBox())!.y;
    const [pageRowTop, reviewRowTop] = [await firstRowTop(page), await firstRowTop(review)];

    await sandbox.getByLabel('Comment', { exact: true }).fill('Sfogliatelle ancora calde alle 9?');
    await sandbox.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(sandbox.getByRole('status')).toHaveText('Commented. Delivered to the app as Meta’s webhook.');
    await expect(sandbox.getByRole('heading', { name: 'Said on Moretti Pasticceria' })).toBeVisible();
    // Recorded as `say` records a comment (its id is in its edit field's), so that it is taken
    // away after the test if the test fails before its Remove.
    const newText = sandbox.getByLabel('New text of Kenji Sato’s comment');
    const saidThroughPage = (await newText.getAttribute('id'))!.replace(/^edit-/, '');
    said.add(saidThroughPage);

    const show = page.getByRole('button', { name: 'Show 1 new comment' });
    await expect(show).toBeVisible();
    expect(await firstRowTop(page)).toBe(pageRowTop);
    await show.click();
    await expect(rows(page).filter({ hasText: 'Sfogliatelle ancora calde alle 9?' })).toHaveCount(1);

    const offered = reviewOffer(review, /^Show \d+ new comments?$/);
    await expect(offered).toBeVisible();
    await expect(rows(review).filter({ hasText: 'Sfogliatelle ancora calde alle 9?' })).toHaveCount(0);
    expect(await firstRowTop(review)).toBe(reviewRowTop);
    await offered.click();
    await expect(rows(review).filter({ hasText: 'Sfogliatelle ancora calde alle 9?' })).toHaveCount(1);
    await expect(offered).toBeHidden();

    // Edited on the sandbox page: the owner's row changes in place.
    await newText.fill('Sfogliatelle calde alle 8!');
    await sandbox.getByRole('button', { name: 'Edit' }).click();
    await expect(sandbox.getByRole('status')).toHaveText('Edited. Delivered to the app as Meta’s webhook.');
    await expect(rows(page).filter({ hasText: 'Sfogliatelle calde alle 8!' })).toHaveCount(1);
    await sandbox.getByRole('button', { name: 'Remove' }).click();
    await expect(sandbox.getByText('Nobody has said anything there through this page yet.')).toBeVisible();
    said.delete(saidThroughPage);
    await expect(rows(page).filter({ hasText: 'Sfogliatelle calde alle 8!' })).toHaveCount(0);
  } finally {
    await review.context().close();
  }
});

test('a comment arrives classified; one the classifier is unsure of waits in the review, which says why @smoke', async ({
  page,
  signedInUser,
  browser,
  makeUser,
}) => {
  await openFollowingProject(page, page.request, signedInUser);
  // The review as it opens: only the comments in review.
  const review = await openAdminReview(browser, await makeUser({ role: 'admin' }), 'en', '/admin/sentiment-review');
  try {
    // Sure of it: the owner sees it with its sentiment, and nothing is added to review.
    await say(page, 'We love this place! Great coffee 😍');
    await page.getByRole('button', { name: 'Show 1 new comment' }).click();
    const sure = rows(page).filter({ hasText: 'We love this place! Great coffee 😍' });
    await expect(sure).toContainText('Positive');

    // Unsure: the owner sees it unclassified, the review offers it and says why.
    await say(page, 'Cannoli, uno solo?');
    await page.getByRole('button', { name: 'Show 1 new comment' }).click();
    await expect(rows(page).filter({ hasText: 'Cannoli, uno solo?' })).toContainText('Unclassified');
    await reviewOffer(review, /^Show \d+ new comments? to review$/).click();
    const waiting = rows(review).filter({ hasText: 'Cannoli, uno solo?' });
    await expect(waiting).toContainText(/The classifier is \d+% sure/);
    await expect(rows(review).filter({ hasText: 'We love this place!' })).toHaveCount(0);
    // Praise and complaint together: however sure the classifier is, a person decides.
    await say(page, 'Great coffee but the service was terrible');
    await reviewOffer(review, /^Show \d+ new comments? to review$/).click();
    await expect(rows(review).filter({ hasText: 'Great coffee but the service was terrible' })).toContainText(
      'Praise and complaint together',
    );
    await expectNoA11yViolations(review);

    // The admin sets it: it leaves the review, and the classifier's panel counts the review.
    const panel = review.getByRole('region', { name: 'The classifier' });
    const lastWeek = panel.getByText(/^Last 7 days: /);
    const reviewedIn = (text: string | null) => Number(/of (\d+)/.exec(text ?? '')?.[1] ?? 0);
    const reviewedBefore = reviewedIn(await lastWeek.textContent());
    await waiting.getByRole('checkbox').check();
    await review.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = review.getByRole('dialog', { name: 'Edit comment' });
    await dialog.getByRole('button', { name: 'Proposed sentiment' }).click();
    await review.getByRole('option', { name: 'Neutral' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows(review).filter({ hasText: 'Cannoli, uno solo?' })).toHaveCount(0);
    await expect(lastWeek).toHaveText(new RegExp(`^Last 7 days: \\d+ of ${reviewedBefore + 1} \\(`));
    await expectNoA11yViolations(review);
  } finally {
    await review.context().close();
  }
});

test('in Italian, the offer says how many arrived, and passes axe', async ({
  page,
  signedInUser,
  browser,
  makeUser,
}) => {
  await page.addInitScript(() => localStorage.setItem('language', 'it'));
  const token = await accessTokenOf(page.request, signedInUser);
  const projectId = await projectFollowingFacebookPage(page.request, token, 'Pasticceria', LUCA);
  await openListening(page, `/projects/${projectId}/comments`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pasticceria: commenti' })).toBeVisible();
  await expectPageFetched(page);
  const review = await openAdminReview(browser, await makeUser({ role: 'admin' }), 'it');
  try {
    for (const message of ['Buonissimo!', 'Torneremo.']) {
      await say(page, message, { authorName: 'Priya Shah' });
    }
    const show = page.getByRole('button', { name: 'Mostra 2 nuovi commenti' });
    await expect(show).toBeVisible();
    await expectNoA11yViolations(page);
    await show.click();
    await expect(rows(page).filter({ hasText: 'Torneremo.' })).toHaveCount(1);

    const offered = reviewOffer(review, /^Mostra \d+ nuovi commenti$/);
    await expect(offered).toBeVisible();
    await expectNoA11yViolations(review);
    await offered.click();
    await expect(rows(review).filter({ hasText: 'Torneremo.' })).toHaveCount(1);
  } finally {
    await review.context().close();
  }
});

test('on the narrowest phone, in Italian, the review offers what arrived clear of its checkboxes', async ({
  page,
  signedInUser,
  browser,
  makeUser,
}) => {
  await openFollowingProject(page, page.request, signedInUser);
  const review = await openAdminReview(browser, await makeUser({ role: 'admin' }), 'it', '/admin/sentiment-review');
  try {
    await review.setViewportSize({ width: 320, height: 640 });
    await say(page, 'Cannoli, uno solo?');
    // Its words are wider than the room beside the column of checkboxes: two lines, not over
    // "select all".
    const offered = reviewOffer(review, /^Mostra \d+ nuov[oi] comment[oi] da revisionare$/);
    await expect(offered).toBeVisible();
    const selectAll = (await review.getByRole('columnheader').getByRole('checkbox').boundingBox())!;
    const offer = (await offered.boundingBox())!;
    expect(offer.x).toBeGreaterThan(selectAll.x + selectAll.width);
    expect(offer.x + offer.width).toBeLessThanOrEqual(320);
    await expectNoA11yViolations(review);
  } finally {
    await review.context().close();
  }
});
