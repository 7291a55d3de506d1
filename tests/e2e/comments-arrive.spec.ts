import type { Page } from '@playwright/test';
import { accessTokenOf, expect, expectNoA11yViolations, projectFollowingFacebookPage, test } from './fixtures';

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

/**
 * Opens `path` and waits until the page listens on its user's channel (the server said the
 * subscription succeeded): what is delivered before that reaches a page read after it.
 */
async function openListening(page: Page, path: string) {
  const subscribed = new Promise<void>((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('pusher_internal:subscription_succeeded')) resolve();
      }),
    );
  });
  await page.goto(path);
  await subscribed;
}

async function openFollowingProject(page: Page, request: Page['request'], user: { email: string; password: string }) {
  const token = await accessTokenOf(request, user);
  const projectId = await projectFollowingFacebookPage(request, token, 'Pasticceria', LUCA);
  await openListening(page, `/projects/${projectId}/comments`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pasticceria: comments' })).toBeVisible();
  await expectPageFetched(page);
}

/**
 * The page's own comments are in the list: the account's fetch is over, and with it the page's
 * subscription to the webhooks (it comes first), so what is said from now on is delivered.
 */
async function expectPageFetched(page: Page) {
  await expect(rows(page).filter({ hasText: 'Are you open on Sunday morning?' })).toHaveCount(1);
}

test('a comment made on Facebook is offered on the open page, then edited and removed in place', async ({
  page,
  signedInUser,
}) => {
  await openFollowingProject(page, page.request, signedInUser);
  const matching = page.getByText(/^\d+ comments?$/);
  const before = await matching.textContent();
  const firstRow = await rows(page).nth(1).textContent();

  const hostile = '<img src=x onerror="window.pwned=1"> Cannoli freschissimi!';
  const said = await page.request.post('/dev/sandbox/comments', {
    data: { channelId: PASTICCERIA, authorName: 'Tom Walker', message: hostile, deliverTwice: true },
  });
  expect(said.status()).toBe(201);
  const { id } = (await said.json()) as { id: string };

  // Offered, not pushed in: the list is as the reader left it.
  const show = page.getByRole('button', { name: 'Show 1 new comment' });
  await expect(show).toBeVisible();
  expect(await rows(page).nth(1).textContent()).toBe(firstRow);
  await expect(matching).toHaveText(before!);
  await show.click();
  await expect(show).toBeHidden();
  const arrived = rows(page).filter({ hasText: hostile });
  await expect(arrived).toHaveCount(1);
  await expect(matching).not.toHaveText(before!);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

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

  expect((await page.request.delete(`/dev/sandbox/comments/${id}`)).status()).toBe(204);
  await expect(rows(page).filter({ hasText: 'Cannoli squisiti!' })).toHaveCount(0);
  await expect(show).toBeHidden();
});

test('in Italian, the offer says how many arrived, and passes axe', async ({ page, signedInUser }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'it'));
  const token = await accessTokenOf(page.request, signedInUser);
  const projectId = await projectFollowingFacebookPage(page.request, token, 'Pasticceria', LUCA);
  await openListening(page, `/projects/${projectId}/comments`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pasticceria: commenti' })).toBeVisible();
  await expectPageFetched(page);
  for (const message of ['Buonissimo!', 'Torneremo.']) {
    const said = await page.request.post('/dev/sandbox/comments', {
      data: { channelId: PASTICCERIA, authorName: 'Priya Shah', message },
    });
    expect(said.status()).toBe(201);
  }
  const show = page.getByRole('button', { name: 'Mostra 2 nuovi commenti' });
  await expect(show).toBeVisible();
  await expectNoA11yViolations(page);
  await show.click();
  await expect(rows(page).filter({ hasText: 'Torneremo.' })).toHaveCount(1);
});
