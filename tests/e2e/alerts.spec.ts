import type { APIRequestContext, Page } from '@playwright/test';
import {
  accessTokenOf,
  checkEachLook,
  expect,
  expectNoA11yViolations,
  latestMail,
  makeProjectThroughApi,
  openListening,
  projectFollowingFacebookPage,
  signInWithoutUi,
  test,
} from './fixtures';
import { passThroughSocket } from './live-channel';

/**
 * Alerts (docs/product.md#alerts): a negative comment said on the sandbox's page raises the bell
 * at once, without a reload, and the mail is in the outbox; the bell leads to the comment alone in
 * its project's inbox, the project's comments (negatives first) a click away, and marks it read. A complaint that waits for a person is told as probably
 * negative.
 */

// Paolo Ferrari's page: the inbox rules' test says only spam there.
const PAOLO = '100000000000004';
const CICLISMO = '200000000000005';

/** A project of `user`'s following Paolo's page, and `user` on /projects listening; answers its name. */
async function followPaoloSignedIn(page: Page, request: APIRequestContext, user: { email: string; password: string }) {
  const project = `Ciclismo ${Math.random().toString(36).slice(2, 6)}`;
  await projectFollowingFacebookPage(request, await accessTokenOf(request, user), project, PAOLO);
  await signInWithoutUi(page, user);
  await openListening(page, '/projects');
  return project;
}

// Each test here says a negative comment on Paolo's page, which reaches every project following
// it: run side by side, each would raise another's bell. One after the other, in one worker.
test.describe('a negative comment', () => {
  test.describe.configure({ mode: 'default' });

  test('a negative comment raises the bell at once and sends the mail; the bell leads to the comment in the inbox', async ({
    page,
    request,
    user,
  }) => {
    const project = await followPaoloSignedIn(page, request, user);
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
    const item = page
      .getByRole('list', { name: 'Latest notifications' })
      .getByRole('link')
      .filter({ hasText: unhappy });
    await expect(item).toContainText(`Negative comment on ${project}`);
    await expect(item).toContainText('Tom Walker on Ferrari Ciclismo:');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(bell).toHaveAccessibleName('Notifications: 0 unread');
    await expect(item.getByText('Unread')).toHaveCount(0);
    // The button gone, the keyboard is at the panel's heading, the notifications next.
    await expect(page.getByRole('heading', { level: 2, name: 'Notifications' })).toBeFocused();

    await item.click();
    // The comment alone, in its project's inbox; the project's other comments a click away.
    await expect(page).toHaveURL(/\/inbox\?project=[\w-]+&comment=[\w-]+$/);
    await expect(page.getByText('One comment, from a notification')).toBeVisible();
    await expect(page.getByText('1 open comment', { exact: true })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: unhappy });
    await expect(row).toHaveCount(1);
    await expectNoA11yViolations(page);

    // Done from there: it leaves the open ones, and is found among the done.
    await row.getByRole('button', { name: 'Mark the comment of Tom Walker done' }).click();
    await expect(
      page.getByText('This comment is no longer open: it was marked done or answered, or it was deleted.'),
    ).toBeVisible();
    // Its button left with it: the list takes the focus, its way on next.
    await expect(page.getByRole('region', { name: 'Comments in the inbox' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Look among the done ones' })).toBeFocused();
    await page.getByRole('link', { name: 'Look among the done ones' }).click();
    await expect(page.getByText('1 comment done', { exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: unhappy })).toHaveCount(1);

    // Another filter looks beyond the one comment: every project's done comments.
    await page.getByRole('button', { name: 'Project' }).click();
    await page.getByRole('option', { name: 'All projects' }).click();
    await expect(page).toHaveURL(/\/inbox\?state=done$/);
    await expect(page.getByText('One comment, from a notification')).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: unhappy })).toHaveCount(1);
  });

  test('a complaint the classifier is not sure enough to label is told as probably negative, and leads to it first in the inbox', async ({
    page,
    request,
    user,
  }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'it'));
    const project = await followPaoloSignedIn(page, request, user);
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifiche: \d+ da leggere$/ });
    await expect(bell).toHaveAccessibleName('Notifiche: 0 da leggere');

    // Italian complaints wait for a person: no Italian label is applied NEGATIVE without one.
    const unhappy = `Servizio pessimo, cameriere scortese e pizza fredda. Mai più. ${Math.random().toString(36).slice(2, 6)}`;
    const said = await request.post('/dev/sandbox/comments', {
      data: { channelId: CICLISMO, authorName: 'Giulia Bianchi', message: unhappy },
    });
    expect(said.status()).toBe(201);
    await expect(bell).toHaveAccessibleName('Notifiche: 1 da leggere');

    const mail = await latestMail(request, user.email);
    expect(mail.subject).toBe('A probably negative comment arrived');
    expect(mail.text).toContain(`${project}: 1 probably negative comment, waiting for a person to confirm`);

    await bell.click();
    const item = page.getByRole('list', { name: 'Ultime notifiche' }).getByRole('link').filter({ hasText: unhappy });
    await expect(item).toContainText(`Commento probabilmente negativo su ${project}`);
    await expect(item).toContainText('Giulia Bianchi su Ferrari Ciclismo:');
    await expectNoA11yViolations(page);
    await item.click();
    await expect(page).toHaveURL(/\/inbox\?project=[\w-]+&comment=[\w-]+$/);
    await expect(page.getByText('Un commento, da una notifica')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: unhappy });
    await expect(row).toContainText('Probabilmente negativo');
    // Among the project's comments, it is the first: negatives and probable ones first, newest first.
    await page.getByRole('link', { name: 'Mostra tutti i commenti' }).click();
    await expect(page).toHaveURL(/\/inbox\?project=[\w-]+$/);
    await expect(page.getByRole('row').nth(1)).toContainText(unhappy);
    // Opened, so read.
    await expect(bell).toHaveAccessibleName('Notifiche: 0 da leggere');
  });

  test('a complaint the classifier missed is told once a reviewer labels it Negative', async ({
    browser,
    makeUser,
    page,
    request,
    user,
  }) => {
    const project = await followPaoloSignedIn(page, request, user);
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications: \d+ unread$/ });
    // Sarcasm: read as praise, so it waits for a person with the proposal Positive, and tells nobody.
    const missed = `Lovely place if you enjoy being ignored. ${Math.random().toString(36).slice(2, 6)}`;
    const said = await request.post('/dev/sandbox/comments', {
      data: { channelId: CICLISMO, authorName: 'Tom Walker', message: missed },
    });
    expect(said.status()).toBe(201);

    const admin = await makeUser({ role: 'admin' });
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, reducedMotion: 'reduce' });
    try {
      const review = await context.newPage();
      await signInWithoutUi(review, admin);
      const row = review.getByRole('row').filter({ hasText: missed });
      await expect(async () => {
        await review.goto(`/admin/sentiment-review?message=${encodeURIComponent(missed.split(' ').at(-1)!)}`);
        await expect(row).toHaveCount(1, { timeout: 1_000 });
      }).toPass();
      await expect(row).toContainText('Positive');
      await expect(bell).toHaveAccessibleName('Notifications: 0 unread');

      await row.getByRole('checkbox').check();
      await review.getByRole('button', { name: 'Edit', exact: true }).click();
      const dialog = review.getByRole('dialog', { name: 'Edit comment' });
      await dialog.getByRole('button', { name: 'Proposed sentiment' }).click();
      await review.getByRole('option', { name: 'Negative' }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(review.getByRole('status').filter({ hasText: 'Comments updated successfully' })).toBeVisible();
    } finally {
      await context.close();
    }
    // Told once the reviewer's offer to undo has gone (20 s), as a reviewer's label, not a guess
    // nor a comment that just arrived.
    await expect(bell).toHaveAccessibleName('Notifications: 1 unread', { timeout: 45_000 });
    await bell.click();
    const item = page.getByRole('list', { name: 'Latest notifications' }).getByRole('link').filter({ hasText: missed });
    await expect(item).toContainText(`Comment labelled negative by a reviewer, on ${project}`);
    const mail = await latestMail(request, user.email);
    expect(mail.subject).toBe('A reviewer labelled a comment negative');
    await item.click();
    await expect(page.getByRole('row').filter({ hasText: missed })).toContainText('Negative');
  });

  test('an alert told before the page listened still raises the bell and moves the inbox count', async ({
    page,
    request,
    user,
  }) => {
    const token = await accessTokenOf(request, user);
    const asUser = { headers: { authorization: `Bearer ${token}` } };
    await projectFollowingFacebookPage(request, token, `Ciclismo ${Math.random().toString(36).slice(2, 6)}`, PAOLO);
    const { open } = (await (await request.get('/v1.0/inbox/count', asUser)).json()) as { open: number };
    // The page hears that its subscription succeeded only when the test lets it, and no event on
    // its channel before that: what the API tells meanwhile is lost, as an event sent in the second
    // between the chrome's first reading and the page's subscription is.
    let listen!: () => void;
    const socket = await passThroughSocket(page, new Promise<void>((resolve) => (listen = resolve)));
    await signInWithoutUi(page, user);
    await page.goto('/projects');
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications: \d+ unread$/ });
    const inbox = (count: number) =>
      page.getByRole('banner').getByRole('link', { name: `Inbox: ${count} open comment${count === 1 ? '' : 's'}` });
    await expect(bell).toHaveAccessibleName('Notifications: 0 unread');
    await expect(inbox(open)).toBeVisible();

    const said = await request.post('/dev/sandbox/comments', {
      data: {
        channelId: CICLISMO,
        authorName: 'Tom Walker',
        message: `The worst service ever: rude staff, cold food, dirty tables. Terrible, never again. ${Math.random()
          .toString(36)
          .slice(2, 6)}`,
      },
    });
    expect(said.status()).toBe(201);
    // Told by now: the notification is stored before it is told.
    await expect
      .poll(
        async () => ((await (await request.get('/v1.0/notifications', asUser)).json()) as { unread: number }).unread,
      )
      .toBe(1);
    await expect(bell).toHaveAccessibleName('Notifications: 0 unread');

    listen();
    await socket.ready;
    await expect(bell).toHaveAccessibleName('Notifications: 1 unread');
    await expect(inbox(open + 1)).toBeVisible();
  });
});

test.describe('the alert settings', () => {
  test('are reached from the bell, chosen by keyboard and kept; a project may have its own way', async ({
    page,
    request,
    user,
  }) => {
    const token = await accessTokenOf(request, user);
    const long = `Ristorante e Pasticceria della Nonna ${Math.random().toString(36).slice(2, 6)}`;
    await makeProjectThroughApi(request, token, 'Bar Sport');
    await makeProjectThroughApi(request, token, long);
    await signInWithoutUi(page, user);
    await page.goto('/projects');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Notifications: / })
      .click();
    await page.getByRole('link', { name: 'Alert settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();

    const way = page.getByRole('radiogroup', { name: 'Send alerts by mail' });
    await expect(way.getByRole('radio', { name: /^At once/ })).toBeChecked();
    const bar = page.getByRole('button', { name: /^Bar Sport/ });
    await expect(bar).toHaveText('Same as all: At once');
    // By keyboard: the arrows choose the way; the project's list follows it.
    await way.getByRole('radio', { name: /^At once/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(way.getByRole('radio', { name: /^Hourly digest/ })).toBeChecked();
    await expect(bar).toHaveText('Same as all: Hourly digest');
    // Enter opens the list, and sends nothing (Escape closes it); so does an arrow.
    let sent = 0;
    page.on('request', (asked) => {
      if (asked.method() === 'PUT' && asked.url().endsWith('/v1.0/alert-settings')) sent += 1;
    });
    await bar.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('option', { name: 'Never', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('option', { name: 'Never', exact: true })).toHaveCount(0);
    await expect(bar).toBeFocused();
    expect(sent).toBe(0);
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: 'Never', exact: true })).toBeAttached();
    // The last of the list, by keyboard too.
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(bar).toHaveText('Never');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Alert settings saved.')).toBeVisible();

    const kept = await request.get('/v1.0/alert-settings', { headers: { authorization: `Bearer ${token}` } });
    expect(await kept.json()).toMatchObject({
      mail: 'hourly',
      projects: [
        { name: 'Bar Sport', mail: 'never' },
        { name: long, mail: null },
      ],
    });
    await page.reload();
    await expect(way.getByRole('radio', { name: /^Hourly digest/ })).toBeChecked();
    await expect(bar).toHaveText('Never');
    await expect(page.getByRole('button', { name: new RegExp(`^${long}`) })).toHaveText('Same as all: Hourly digest');
  });

  test('say so by the form when a project went meanwhile, and keep what was chosen', async ({
    page,
    request,
    user,
  }) => {
    const token = await accessTokenOf(request, user);
    const project = await makeProjectThroughApi(request, token, 'Gone soon');
    await signInWithoutUi(page, user);
    await page.goto('/user/alerts');
    // A card is chosen by a click anywhere on it (its label is stretched over it).
    await page.getByRole('radiogroup', { name: 'Send alerts by mail' }).getByText('Never', { exact: true }).click();
    await expect(page.getByRole('radio', { name: /^Never/ })).toBeChecked();
    const deleted = await request.delete(`/v1.0/projects/${project}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.ok()).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(/One of these projects is no longer there/)).toBeVisible();
    await expect(page.getByRole('radio', { name: /^Never/ })).toBeChecked();
  });

  test('pass axe in each language and theme', async ({ page, request, user }) => {
    await makeProjectThroughApi(request, await accessTokenOf(request, user), 'Bar Sport');
    await signInWithoutUi(page, user);
    await checkEachLook(
      page,
      async () => {
        await page.goto('/user/alerts');
      },
      async ({ language }) => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(language === 'en' ? 'Alerts' : 'Avvisi');
        await expect(page.getByRole('button', { name: /^Bar Sport/ })).toBeVisible();
      },
    );
  });
});
