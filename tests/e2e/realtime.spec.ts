import type { Page, WebSocketRoute } from '@playwright/test';
import { LOST_AFTER_MS } from '../../app/features/realtime/live-connection';
import {
  chunkModules,
  connectFacebookThroughApi,
  expect,
  expectNoA11yViolations,
  signIn,
  signInWithoutUi,
  signOut,
  test,
  accessTokenOf,
  makeProjectThroughApi,
} from './fixtures';

/**
 * Real-time (docs/product.md#live-updates; decision 026) in real Chromium against the real API: the
 * embedded Pusher-protocol server, laravel-echo and pusher-js in the page, and the channel jobs
 * announcing what they fetch from the sandbox Facebook. Accounts are connected through the API (as
 * another tab would), so what the page shows came over its socket.
 */
const GIULIA = '100000000000001';
const MARCO = '100000000000002';
/** How long pusher-js waits for the answer to a ping before it drops the socket (pongTimeout, echo-socket.ts). */
const PONG_TIMEOUT_MS = 10_000;

/**
 * Opens `path` and waits until the page's subscription to its session's channel is signed;
 * answers that channel (`private-App.Models.User.{id}.{session}`, decision 056).
 */
async function openListening(page: Page, path: string) {
  const signed = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/broadcasting/auth' && response.status() === 200,
  );
  await page.goto(path);
  return ((await signed).request().postDataJSON() as { channel_name: string }).channel_name;
}

const channelsDialog = (page: Page) => page.getByRole('dialog', { name: /new channels? (is|are) ready/ });
const cards = (page: Page) =>
  channelsDialog(page).getByRole('list', { name: 'Channels that arrived' }).getByRole('listitem');

test('on a page where nothing is connected (another tab), channels that arrive are a quiet notice whose Show opens the dialog', async ({
  page,
  request,
  user,
}) => {
  await signInWithoutUi(page, user);
  await openListening(page, '/inbox');
  await connectFacebookThroughApi(request, await accessTokenOf(request, user), MARCO);
  const notice = page.getByRole('status').filter({ hasText: 'A new channel is ready: Bianchi Bottega.' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await notice.getByRole('button', { name: 'Show' }).click();
  const dialog = page.getByRole('dialog', { name: 'A new channel is ready' });
  await expect(dialog.getByRole('listitem')).toHaveText([/^Bianchi Bottega.*In no project yet$/]);
  await expect(dialog).toContainText('Attach it to a project to follow its comments.');
  await expectNoA11yViolations(page);
});

test('the first channel opens the dialog and the others join it; Cancel closes it, the next opens a new one, Refresh page reloads', async ({
  page,
  request,
  user,
}) => {
  await signInWithoutUi(page, user);
  // Where the user connects accounts: the dialog opens by itself there.
  await openListening(page, '/integrations');
  await connectFacebookThroughApi(request, await accessTokenOf(request, user), GIULIA);

  const dialog = channelsDialog(page);
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('dialog', { name: '4 new channels are ready' })).toBeVisible();
  await expect(cards(page)).toHaveCount(4);
  for (const name of ['Espresso Bar Milano', 'Trattoria Roma', 'espressobarmilano', 'Espresso Bar Milano Ads']) {
    await expect(cards(page).filter({ has: page.getByText(name, { exact: true }) })).toHaveCount(1);
  }
  await expect(cards(page).filter({ hasText: 'Instagram account' })).toHaveText(/espressobarmilano/);
  // Cards cannot be removed: nothing in the list is a button.
  await expect(dialog.getByRole('list').getByRole('button')).toHaveCount(0);
  // No project yet: the way to attach them starts with one.
  await expect(dialog.getByRole('link', { name: 'Create a project' })).toHaveAttribute('href', '/projects/new');
  await expect(dialog).toContainText('Attach them to a project to follow their comments.');
  await expectNoA11yViolations(page);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // It opened by itself: the keyboard is back at the page's content, not at its start.
  await expect(page.getByRole('main')).toBeFocused();

  // Another account later, with one project by then: a new dialog, with only its own channel,
  // leading to that project's channels.
  const token = await accessTokenOf(request, user);
  const projectId = await makeProjectThroughApi(request, token, 'Bottega');
  await connectFacebookThroughApi(request, token, MARCO);
  await expect(page.getByRole('dialog', { name: 'A new channel is ready' })).toBeVisible({ timeout: 20_000 });
  await expect(cards(page)).toHaveText([/^Bianchi Bottega/]);
  // One channel is an "it", not a "them".
  await expect(page.getByRole('dialog')).toContainText('Attach it to a project to follow its comments.');
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Go to the channels of Bottega' })).toHaveAttribute(
    'href',
    `/projects/${projectId}/channels`,
  );
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
  await page.getByRole('button', { name: 'Refresh page' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload))
    .toBe(undefined);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("on a project's channels page, a channel that arrives joins the list there, and the dialog says to attach it below", async ({
  page,
  request,
  user,
}) => {
  await signInWithoutUi(page, user);
  const token = await accessTokenOf(request, user);
  await makeProjectThroughApi(request, token, 'Osteria');
  const projectId = await makeProjectThroughApi(request, token, 'Bottega');
  await openListening(page, `/projects/${projectId}/channels`);
  await connectFacebookThroughApi(request, token, MARCO);
  const dialog = page.getByRole('dialog', { name: 'A new channel is ready' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText(
    'Attach it to this project below, under “Your other channels”, to follow its comments.',
  );
  await expect(dialog.getByRole('link')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    page.getByRole('region', { name: 'To attach: Pages' }).getByText('Bianchi Bottega', { exact: true }),
  ).toBeVisible();
});

test("a user's browser hears nothing of another user's channels, and a forged subscription is refused", async ({
  page,
  request,
  browser,
  user,
  makeUser,
}) => {
  const other = await makeUser({ language: 'it' });
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  try {
    await signInWithoutUi(page, user);
    await signInWithoutUi(otherPage, other);
    // The channels of every event the other browser's sockets receive.
    const heardOn: string[] = [];
    otherPage.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const frame = JSON.parse(String(payload)) as { event: string; channel?: string };
        if (frame.channel && !frame.event.startsWith('pusher')) heardOn.push(frame.channel);
      }),
    );
    const [userChannel, otherChannel] = await Promise.all([
      openListening(page, '/integrations'),
      openListening(otherPage, '/integrations'),
    ]);
    expect(userChannel).toMatch(new RegExp(`^private-App\\.Models\\.User\\.${user._id}\\.[0-9a-f-]{36}$`));

    // The other user asks to be signed onto this user's channel: the API refuses to sign it.
    const refused = await otherPage.evaluate(async (channel) => {
      const response = await fetch('/broadcasting/auth', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('access_token')}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ socket_id: '1234.5678', channel_name: channel }),
      });
      return response.status;
    }, userChannel);
    expect(refused).toBe(403);

    // A socket of its own, subscribing with a made-up signature: the server refuses it.
    const forged = await otherPage.evaluate(async (channel) => {
      const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/app/orbita-key?protocol=7`);
      return new Promise<string>((resolve) => {
        socket.onmessage = (message) => {
          const frame = JSON.parse(String(message.data)) as { event: string; data: string };
          if (frame.event === 'pusher:connection_established') {
            socket.send(
              JSON.stringify({
                event: 'pusher:subscribe',
                data: { channel, auth: `orbita-key:${'0'.repeat(64)}` },
              }),
            );
          } else if (frame.event.startsWith('pusher:subscription') || frame.event === 'pusher:error') {
            socket.close();
            resolve(frame.event);
          }
        };
      });
    }, userChannel);
    expect(forged).toBe('pusher:subscription_error');

    await connectFacebookThroughApi(request, await accessTokenOf(request, user), MARCO);
    await expect(page.getByRole('dialog', { name: 'A new channel is ready' })).toBeVisible({ timeout: 20_000 });
    await expect(otherPage.getByRole('dialog')).toHaveCount(0);

    // Its own channels reach it, in its language.
    await connectFacebookThroughApi(request, await accessTokenOf(request, other), MARCO);
    await expect(otherPage.getByRole('dialog', { name: 'Un nuovo canale è pronto' })).toBeVisible({ timeout: 20_000 });
    // The other browser, listening all along, was told nothing: what the server sends a socket
    // arrives in order, so anything on this user's channel would have come before its own event.
    expect(heardOn).toContain(otherChannel);
    expect(heardOn.filter((channel) => channel.includes(user._id))).toEqual([]);
    await expect(otherPage.getByRole('button', { name: 'Aggiorna la pagina' })).toBeVisible();
    await expectNoA11yViolations(otherPage);
  } finally {
    await otherContext.close();
  }
});

test('a lost connection is said after a few seconds, and once it is back the page catches up on what it missed', async ({
  page,
  context,
  request,
  user,
  allowConsoleErrors,
}) => {
  // The browser's own note of each attempt to reconnect while offline.
  allowConsoleErrors(/^WebSocket connection to '.+' failed: .*ERR_INTERNET_DISCONNECTED/);
  // The page's own clock: the seconds before the page says so, pusher-js's wait for an answer
  // to its ping and its retries are counted by the page's timers, moved on here, not waited out.
  await page.clock.install();
  // When, on the page's clock, the browser said it went offline (pusher-js hears it too).
  await page.addInitScript(() =>
    window.addEventListener('offline', () => Object.assign(window, { wentOffline: Date.now() })),
  );
  await signInWithoutUi(page, user);
  await openListening(page, '/integrations');
  await expect(page.getByRole('heading', { level: 3, name: 'No Facebook account yet' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

  // From here the page's clock moves only as the test moves it.
  const pausedAt = (await page.evaluate(() => Date.now())) + 1000;
  await page.clock.pauseAt(pausedAt);
  // pusher-js pings when the browser goes offline; with no answer within its pong timeout, the
  // socket is lost, and the page says so a few seconds later. The browser's offline event, then,
  // on the standing clock, is where those timers start.
  await context.setOffline(true);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { wentOffline?: number }).wentOffline))
    .toBe(pausedAt);
  const lostStatus = page.getByRole('status').filter({ hasText: 'Live updates paused.' });
  // The socket is dropped once the ping has gone unanswered, and the loss said LOST_AFTER_MS
  // later (app/features/realtime/live-connection.ts): a tenth of a second before, nothing yet...
  const saidAt = PONG_TIMEOUT_MS + LOST_AFTER_MS;
  await page.clock.runFor(saidAt - 100);
  await expect(lostStatus).toHaveCount(0);
  // ...a tenth of a second after, said.
  await page.clock.runFor(200);
  await expect(lostStatus).toBeVisible();
  // Axe waits on timers of its own: the clock runs on from here (offline, the socket stays lost).
  await page.clock.resume();
  await expectNoA11yViolations(page);
  await expect(lostStatus).toBeVisible();

  // Meanwhile, an account is connected elsewhere and its channels are fetched: nobody is listening.
  await connectFacebookThroughApi(request, await accessTokenOf(request, user), GIULIA);
  const resubscribed = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/broadcasting/auth' && response.status() === 200,
  );
  // Back online, pusher-js tries again at once, and the page is signed onto its channel again.
  await context.setOffline(false);
  await resubscribed;

  await expect(lostStatus).toHaveCount(0);
  const giulia = page.getByRole('group', { name: 'Channels of Giulia Rossi' });
  await expect(giulia.getByRole('listitem')).toHaveCount(4);
  // Caught up in place: the page was read again, not reloaded.
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

test('the socket is back within 5 s of the service returning, and the page catches up on what it missed', async ({
  page,
  request,
  user,
}) => {
  // The page's own clock, so "within 5 s" is counted by the timers that bring the socket back
  // (pusher-js's and the app's restarts), not by how fast this machine runs the test.
  await page.clock.install();
  // The page's sockets go through a route this test controls, so the service can go away for
  // this page alone: its socket cut, new ones closed at once (as a server down refuses them).
  let up = true;
  const open: WebSocketRoute[] = [];
  // Sockets the page opened while the service was away, and since it returned.
  const tries = { refused: 0, sinceReturn: 0 };
  await page.routeWebSocket(/\/app\/orbita-key/, (socket) => {
    if (!up) {
      tries.refused += 1;
      return void socket.close();
    }
    tries.sinceReturn += 1;
    socket.connectToServer();
    open.push(socket);
  });
  await signInWithoutUi(page, user);
  await openListening(page, '/integrations');
  await expect(page.getByRole('heading', { level: 3, name: 'No Facebook account yet' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

  up = false;
  for (const socket of open.splice(0)) await socket.close();
  // Meanwhile an account is connected elsewhere and its channels are fetched: nobody is listening.
  await connectFacebookThroughApi(request, await accessTokenOf(request, user), GIULIA);
  // The service returns once the page has tried it and been refused: what brings the socket back
  // is a retry, not a first try that happens to come after the return.
  await expect.poll(() => tries.refused).toBeGreaterThan(0);
  // From here the page's clock moves only as the test moves it: a second on, the service still
  // away, then it returns.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  const resubscribed = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/broadcasting/auth' && response.status() === 200,
  );
  tries.sinceReturn = 0;
  up = true;
  // A tenth of a second of the page's clock at a time, until it opens a socket: the timer that
  // opens it fires within a step, and the route hears of the socket before the step returns.
  for (let ran = 0; tries.sinceReturn === 0 && ran < 5000; ran += 100) await page.clock.runFor(100);
  expect(tries.sinceReturn, 'a socket opened within 5 s of the service returning').toBeGreaterThan(0);
  // Signed onto the channel again with the clock still standing: the handshake and the signing
  // wait on the service, not on a timer.
  await resubscribed;
  await page.clock.resume();

  // What it missed is read again in place, not by reloading.
  const giulia = page.getByRole('group', { name: 'Channels of Giulia Rossi' });
  await expect(giulia.getByRole('listitem')).toHaveCount(4);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

test('the socket and its libraries come only after sign-in, and the socket closes on signing out', async ({
  page,
  user,
}) => {
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // By the modules the loaded scripts hold, whichever files the build put them in.
  const modules = chunkModules();
  const LIVE = [
    /node_modules\/pusher-js\//,
    /node_modules\/laravel-echo\//,
    /^app\/features\/realtime\/echo-socket\.ts$/,
    /^app\/components\/live-updates\.tsx$/,
  ];
  const liveLibraries = () =>
    LIVE.filter((library) => scripts.some((path) => (modules[path] ?? []).some((module) => library.test(module))));

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(liveLibraries()).toEqual([]);
  expect(sockets).toEqual([]);

  const opened = page.waitForEvent('websocket');
  await signIn(page, user);
  await expect(page).toHaveURL('/projects');
  const socket = await opened;
  expect(new URL(socket.url()).pathname).toBe('/app/orbita-key');
  expect(liveLibraries()).toEqual(LIVE);

  const closed = socket.waitForEvent('close');
  await signOut(page);
  await expect(page).toHaveURL('/login');
  await closed;
  expect(socket.isClosed()).toBe(true);
  expect(sockets).toHaveLength(1);
});

test('a TikTok user connected to a project: the import shows its progress to 100, and the user joins the project', async ({
  page,
  request,
  user,
}) => {
  // A round trip through the sandbox and an import of five pages: on a busy machine, more than 30 s.
  test.slow();
  await signInWithoutUi(page, user);
  const projectId = await makeProjectThroughApi(request, await accessTokenOf(request, user), 'Caffè launch');
  await openListening(page, `/projects/${projectId}/channels`);
  await expect(page.getByRole('heading', { name: 'This project follows no channel yet' })).toBeVisible();

  // Every value the bar takes, from the return's page load on: on a busy machine the import can
  // be over before a check for a value part of the way would run.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { progressSeen: seen });
    new MutationObserver((records) => {
      for (const record of records) {
        const elements = [record.target, ...record.addedNodes].filter((node) => node instanceof Element);
        for (const element of elements) {
          for (const bar of [element, ...element.querySelectorAll('[aria-valuenow]')]) {
            const value = bar.getAttribute('aria-valuenow');
            if (value !== null) seen.push(value);
          }
        }
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-valuenow'], childList: true });
  });
  await page.getByRole('button', { name: 'Connect a TikTok user' }).click();
  await expect(page).toHaveURL(/\/sandbox\/tiktok\/v2\/auth\/authorize\/\?/);
  await page.getByRole('radio', { name: /^Caffè Orbita/ }).check();
  await page.getByRole('button', { name: 'Allow', exact: true }).click();

  // On to the project's channels, the import under way.
  await expect(page).toHaveURL(`/projects/${projectId}/channels`);
  await expect(
    page.getByRole('status').filter({ hasText: 'Caffè Orbita is connected: importing their videos.' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  // The end (100) comes with TiktokUserFetched, a channel-fetched event, whose dialog opens at
  // once; the dialog is modal, so the page behind it (the bar, the messages) leaves the
  // accessibility tree while it is open: they are looked for there all the same.
  const behindDialog = { includeHidden: true } as const;
  const done = page.getByRole('progressbar', { name: 'Caffè Orbita imported', ...behindDialog });
  // One job a page (decision 033), each taken at the queue's next poll: five pages on a busy machine.
  await expect(done).toHaveAttribute('aria-valuenow', '100', { timeout: 45_000 });
  // Part of the way first: the bar moved with each page of videos.
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  expect(
    seen.some((value) => /^([1-9]|[1-9]\d)$/.test(value)),
    `values seen: ${seen.join(', ')}`,
  ).toBe(true);
  await expect(
    page.getByRole('status', behindDialog).filter({ hasText: 'Caffè Orbita is imported: 42 videos.' }),
  ).toBeVisible();
  // Screen readers hear the steps (each quarter: app/features/projects/tiktok-imports.test.ts) and the end.
  await expect(page.getByRole('status', behindDialog).filter({ hasText: /^Caffè Orbita is imported\.$/ })).toHaveCount(
    1,
  );
  // The dialog lists the user.
  const dialog = page.getByRole('dialog', { name: 'A new channel is ready' });
  await expect(dialog.getByRole('listitem')).toHaveText([/^Caffè OrbitaTikTok user/]);
  // Connected from the project, it is in it already: the dialog says so, and asks nothing of it.
  await expect(dialog.getByRole('listitem')).toContainText(/In .+/);
  await expect(dialog).not.toContainText('Attach it to a project');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('progressbar', { name: 'Caffè Orbita imported' })).toBeVisible();
  // The project follows its new user.
  const followed = page.getByRole('region', { name: 'Followed: TikTok users' });
  await expect(followed.getByRole('listitem')).toHaveText([/^Caffè Orbita/]);
  await expect(followed.getByRole('img', { name: 'TikTok user' })).toBeVisible();
  await page.getByRole('button', { name: 'Close the import of Caffè Orbita' }).click();
  await expect(done).toHaveCount(0);
});

for (const language of ['en', 'it'] as const) {
  test(`a TikTok import TikTok refuses says so on the project's channels, after a reload too, and connecting again imports (${language})`, async ({
    page,
    request,
    user,
  }) => {
    const words = {
      en: {
        connect: 'Connect a TikTok user',
        stopped: 'The import of Caffè Orbita stopped',
        why: /^TikTok refused the connection \(.+\): reconnect the user\.$/,
        again: 'Reconnect Caffè Orbita',
      },
      it: {
        connect: 'Collega un utente TikTok',
        stopped: "L'importazione di Caffè Orbita si è interrotta",
        why: /^TikTok ha rifiutato il collegamento \(.+\): ricollega l'utente\.$/,
        again: 'Ricollega Caffè Orbita',
      },
    }[language];
    // Two round trips through the sandbox and an import: on a busy machine, more than 30 s.
    test.slow();
    await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
    await signInWithoutUi(page, user);
    const projectId = await makeProjectThroughApi(request, await accessTokenOf(request, user), 'Caffè launch');
    await openListening(page, `/projects/${projectId}/channels`);

    await page.getByRole('button', { name: words.connect }).click();
    await expect(page).toHaveURL(/\/sandbox\/tiktok\/v2\/auth\/authorize\/\?/);
    await page.getByRole('radio', { name: /^Caffè Orbita/ }).check();
    // The person lets the app see who they are, not their videos: TikTok refuses the import.
    await page.getByRole('button', { name: 'Allow without videos' }).click();
    await expect(page).toHaveURL(`/projects/${projectId}/channels`, { timeout: 30_000 });

    // Said on the page that started it (the event may come before the page: then it reads it).
    const stopped = page.getByText(words.stopped, { exact: true });
    await expect(stopped).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(words.why)).toBeVisible();
    // Not imported with no videos: no bar, no "imported".
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expectNoA11yViolations(page);

    // The API keeps it: the same after a reload.
    await page.reload();
    await expect(stopped).toBeVisible();
    await expect(page.getByText(words.why)).toBeVisible();
    if (language === 'it') return;

    // Connected again, videos allowed: the import runs to the end and the failure is gone.
    await page.getByRole('button', { name: words.again }).click();
    await expect(page).toHaveURL(/\/sandbox\/tiktok\/v2\/auth\/authorize\/\?/);
    await page.getByRole('radio', { name: /^Caffè Orbita/ }).check();
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    await expect(page).toHaveURL(`/projects/${projectId}/channels`, { timeout: 30_000 });
    await expect(page.getByRole('progressbar', { name: 'Caffè Orbita imported' })).toHaveAttribute(
      'aria-valuenow',
      '100',
      { timeout: 20_000 },
    );
    await page.getByRole('dialog', { name: 'A new channel is ready' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(stopped).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(words.stopped)).toHaveCount(0);
  });
}
