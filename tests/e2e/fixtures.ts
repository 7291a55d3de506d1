import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import { consentFormFields } from '../../server/integrations/sandbox/consent-form';
import { subscriptionSucceeded } from './live-channel';

export interface TestUser {
  _id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: 'user' | 'admin';
}

type UserFields = Partial<Pick<TestUser, 'email' | 'password' | 'firstName' | 'lastName' | 'role'>> & {
  language?: 'en' | 'it';
  /** Free unless given (the plans' limits are kept: decision 031). */
  plan?: 'free' | 'starter' | 'pro' | 'business';
};

/**
 * Test data factories: each makes its record through the dev-only endpoints and is removed
 * after the test (a user takes everything it owns with it). Projects, accounts, channels and
 * comments join here as their endpoints arrive.
 */
export const factories = {
  async user(request: APIRequestContext, fields: UserFields = {}): Promise<TestUser> {
    const response = await request.post('/dev/users', { data: fields });
    expect(response.status(), await response.text()).toBe(201);
    const { user, password } = await response.json();
    return { ...user, password };
  },
};

/**
 * Signs `user` in without the UI: the API's sign-in sets the refresh cookie in this browser
 * context, and the access token is put where the app keeps it before the first page loads (once
 * per tab, so a test may still replace or expire it). Only the sign-in tests use the form.
 */
export async function signInWithoutUi(page: Page, user: { email: string; password: string }) {
  const response = await page.request.post('/v1.0/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { access_token: token } = await response.json();
  await page.addInitScript((accessToken) => {
    if (sessionStorage.getItem('e2e-signed-in')) return;
    sessionStorage.setItem('e2e-signed-in', '1');
    localStorage.setItem('access_token', accessToken);
  }, token);
}

/**
 * Lines of the browser console that are not failures of the app: the browser's own note of
 * every HTTP error answer and aborted request, which the bad-path tests provoke on purpose and
 * check through what the user sees.
 */
const EXPECTED_CONSOLE = [
  /^Failed to load resource: /,
  // Chromium's own note when pusher-js sends on a socket it is closing: signing out while the
  // live connection is still being set up closes it mid-handshake, and pusher-js's subscribe
  // after the handshake meets the closing socket. Nothing is lost: the session is over.
  /^WebSocket is already in CLOSING or CLOSED state\.$/,
];

export const test = base.extend<{
  /** The role of the `user` fixture's account (`test.use({ role: 'admin' })`). */
  role: TestUser['role'];
  /** The plan of the `user` fixture's account (`test.use({ plan: 'starter' })`); Free by default. */
  plan: NonNullable<UserFields['plan']>;
  user: TestUser;
  makeUser: (fields?: UserFields) => Promise<TestUser>;
  /** `user`, signed in without the UI (see signInWithoutUi). */
  signedInUser: TestUser;
  /** Lets this test's console carry errors matching `pattern` (a test that provokes one). */
  allowConsoleErrors: (pattern: RegExp) => void;
}>({
  role: ['user', { option: true }],
  plan: ['free', { option: true }],
  makeUser: async ({ request }, use) => {
    const made: TestUser[] = [];
    await use(async (fields) => {
      const user = await factories.user(request, fields);
      made.push(user);
      return user;
    });
    for (const user of made) await request.delete(`/dev/users/${user._id}`);
  },
  user: async ({ makeUser, role, plan }, use) => {
    await use(await makeUser({ role, plan }));
  },
  signedInUser: async ({ page, user }, use) => {
    await signInWithoutUi(page, user);
    await use(user);
  },
  // A console error or an uncaught exception in the page fails the test: an error nobody looked at is a defect.
  allowConsoleErrors: [
    async ({ context }, use) => {
      const allowed = [...EXPECTED_CONSOLE];
      const problems: string[] = [];
      const watch = (page: Page) => {
        page.on('console', (message) => {
          if (message.type() !== 'error') return;
          const text = message.text();
          if (!allowed.some((pattern) => pattern.test(text))) problems.push(`console.error: ${text}`);
        });
        page.on('pageerror', (error) => {
          if (!allowed.some((pattern) => pattern.test(error.message))) problems.push(`page error: ${error.message}`);
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use((pattern) => allowed.push(pattern));
      expect(problems, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The build's record of which source modules each script holds (scripts/chunk-modules.ts). */
export function chunkModules(): Record<string, string[]> {
  const file = join(dirname(resolve(process.env.STATIC_DIR ?? 'build/client')), 'chunk-modules.json');
  expect(existsSync(file), `${file} is written by every build`).toBe(true);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
}

/**
 * How long the design library's first render may take: it draws the whole kit at once, about
 * 1.3 s of rendering on an idle machine and several times that with two test workers and the
 * server on two cores (measured with a CPU profile), past a page's usual 10 s.
 */
export const DESIGN_LIBRARY_RENDER_MS = 30_000;

/** A unique address nobody has signed up with. */
export function uniqueEmail(prefix = 'e2e') {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Signs in through the form: for the tests of sign-in itself. `path` null signs in on the form
 * already open, in the same document (what the app keeps in memory stays).
 */
export async function signIn(page: Page, user: { email: string; password: string }, path: string | null = '/login') {
  if (path !== null) await page.goto(path);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs out the way a user does: the user menu, then Log out. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
}

/**
 * Lets the page finish what the last input started (React renders, validation runs), so an
 * assertion that something did NOT appear is not just early.
 */
export async function settle(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );
}

/**
 * Moves the page's installed clock (`page.clock.install()`) on a second at a time until
 * `attempts()` reaches `expected`: how a test sits through the query client's retries (1, 2 and
 * 4 s apart) without waiting the 7 s.
 */
export async function runClockThroughRetries(page: Page, attempts: () => number, expected = 4) {
  await expect
    .poll(async () => {
      await page.clock.runFor(1_000);
      return attempts();
    })
    .toBe(expected);
}

/** The newest mail sent to `to`, waiting for it to arrive. */
export async function latestMail(request: APIRequestContext, to: string) {
  let mail: { subject: string; text: string; links: string[] } | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/mail?to=${encodeURIComponent(to)}`);
      mail = (await response.json()).data[0];
      return mail;
    })
    .toBeTruthy();
  return mail!;
}

/** Records the calls the page makes to an API path, to prove nothing was sent. */
export function recordRequests(page: Page, pathFragment: string) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(pathFragment)) seen.push(request.url());
  });
  return seen;
}

/**
 * axe's minified build (650 KB), evaluated only in a frame that has none yet
 * (`expectNoA11yViolations` asks each frame first). `axe-core`'s `source` is its unminified build
 * (1.5 MB): evaluated in a fresh page it took 409 ms, against 288 ms for this one
 * (docs/decisions/078).
 */
const AXE_MINIFIED = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

declare global {
  interface Window {
    axe?: unknown;
  }
}

/**
 * axe on the page, or on the parts `include` names (the rest being other tests' to check).
 * Legacy mode runs axe in the page itself: the default runs it per frame and then again in a new
 * blank page to merge the frames' results, which doubles its time (2.0 s against 1.0 s on the
 * Support page) for frames this app does not have.
 */
export async function expectNoA11yViolations(page: Page, { include = [] }: { include?: string[] } = {}) {
  // Only the violations are gathered in full: the passes' and the incomplete checks' nodes,
  // which nothing here reads, took half of each scan on a large page (2.0 s against 1.0 s on
  // the design library).
  // The screen as it settles is the one scanned: a theme switched live fades a table row's
  // colours for 150 ms, and axe reading them half-way found light words on a light row. Settled
  // is two frames with nothing finite running, so a change the last frame made (the class the
  // theme's listener put on <html>) has started its transitions and they are over; twenty rounds
  // at most, so something that animates again and again is scanned as it is.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let round = 0; round < 20; round += 1) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  // axe itself goes into a document once, here: given its source, the library evaluates it in each
  // frame twice a scan, and even a second evaluation that skips the set-up parses all of it
  // (192 ms of the 601 ms that both took in a fresh page). A page scanned again (another theme, an
  // open dialog, the next screen of the app) keeps the axe it has.
  await Promise.all(
    page.frames().map(async (frame) => {
      const hasAxe = await frame.evaluate(() => typeof window.axe === 'object').catch(() => true);
      if (!hasAxe) await frame.evaluate(AXE_MINIFIED);
    }),
  );
  const builder = new AxeBuilder({ page, axeSource: ';' }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  for (const selector of include) builder.include(selector);
  const results = await builder.analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(found).toEqual([]);
}

/** A look a screen is checked in: its language and the device's colour scheme. */
export interface Look {
  language: 'en' | 'it';
  colorScheme: 'light' | 'dark';
}

/**
 * Checks a screen in each of the four looks (English and Italian, light and dark) in one page:
 * `open(language)` loads it in that language (the browser's choice, kept where the switcher keeps
 * it; Italian loads it again), then each colour scheme is switched live on the device, which an
 * account that kept the `system` theme follows without a reload, and `check(look)` and axe run.
 * Four loads and sign-ins fewer than a test per look, every look still scanned.
 */
export async function checkEachLook(
  page: Page,
  open: (language: Look['language']) => Promise<void>,
  check: (look: Look) => Promise<void> = async () => {},
) {
  for (const language of ['en', 'it'] as const) {
    // Init scripts run in the order they were added: the last language added wins.
    await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
    await page.emulateMedia({ colorScheme: 'light' });
    await open(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const html = expect(page.locator('html'));
      await (colorScheme === 'dark' ? html.toHaveClass(/\bdark\b/) : html.not.toHaveClass(/\bdark\b/));
      await test.step(`${language}, ${colorScheme}`, async () => {
        await check({ language, colorScheme });
        await expectNoA11yViolations(page);
      });
    }
  }
}

/**
 * Connects sandbox Facebook `person` to the user of `token` without the UI: the round trip the
 * integrations screen makes, through the API and the sandbox's consent form.
 */
export async function connectFacebookThroughApi(request: APIRequestContext, token: string, person: string) {
  const started = await request.post('/v1.0/facebook-accounts/authorize', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  const dialog = new URL((await started.json()).url);
  const page = await (await request.get(dialog.pathname + dialog.search)).text();
  const form = consentFormFields(page);
  const answered = await request.post(dialog.pathname, {
    form: { ...form, person, decision: 'allow' },
    maxRedirects: 0,
  });
  const back = new URL(answered.headers().location!);
  const stored = await request.post('/v1.0/facebook-accounts', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      facebook_redirect_uri: `${back.origin}/integrations/facebook-account/callback`,
    },
  });
  expect(stored.status(), await stored.text()).toBe(200);
}

/** `user`'s access token from the API (for calls made beside the page, as another tab would). */
export async function accessTokenOf(request: APIRequestContext, user: { email: string; password: string }) {
  const response = await request.post('/v1.0/auth/login', { data: { email: user.email, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A project of the user of `token`, made through the API; answers its id. */
export async function makeProjectThroughApi(request: APIRequestContext, token: string, name: string) {
  const made = await request.post('/v1.0/projects', { headers: { authorization: `Bearer ${token}` }, data: { name } });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { _id: string })._id;
}

/**
 * A project of the user of `token` following the page of sandbox Facebook `person` (by default
 * 100000000000001, "Espresso Bar Milano", with its comments): the account connected, its channels
 * awaited (they come in the background), the page attached. Answers the project's id.
 */
export async function projectFollowingFacebookPage(
  request: APIRequestContext,
  token: string,
  name: string,
  person = '100000000000001',
) {
  await connectFacebookThroughApi(request, token, person);
  const auth = { authorization: `Bearer ${token}` };
  let pageId = '';
  await expect
    .poll(async () => {
      const { data } = (await (await request.get('/v1.0/channels', { headers: auth })).json()) as {
        data: Array<{ _id: string; type: string }>;
      };
      pageId = data.find((channel) => channel.type === 'facebook-page')?._id ?? '';
      return pageId;
    })
    .not.toBe('');
  const id = await makeProjectThroughApi(request, token, name);
  const attached = await request.post(`/v1.0/projects/${id}/channels`, { headers: auth, data: { channelId: pageId } });
  expect(attached.status()).toBe(200);
  return id;
}

/**
 * Another user, signed in in a browser of their own, opens `path` (a project of this test's
 * user) and meets the not-found page with nothing of it: `secret` (say, the project's name)
 * appears nowhere. The caller allows the 404 in the console (allowConsoleErrors).
 */
export async function expectNotFoundForAnotherUser(page: Page, stranger: TestUser, path: string, secret: string) {
  const other = await page.context().browser()!.newContext();
  const strangerPage = await other.newPage();
  try {
    await signInWithoutUi(strangerPage, stranger);
    await strangerPage.goto(path);
    await expect(strangerPage.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(strangerPage.getByText(secret)).toHaveCount(0);
  } finally {
    await other.close();
  }
}

/**
 * Opens `path` and waits until the page listens on its session's channel (the server said the
 * subscription succeeded), and has read again what it reads on starting to listen (an open list
 * of comments: what was told before is lost): what is delivered from now on reaches a page that
 * asks the API nothing more of its own accord.
 */
export async function openListening(page: Page, path: string) {
  const subscribed = subscriptionSucceeded(page);
  const asking = new Set<Request>();
  const ask = (request: Request) => void (new URL(request.url()).pathname.startsWith('/v1.0/') && asking.add(request));
  const answered = (request: Request) => void asking.delete(request);
  page.on('request', ask);
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  try {
    await page.goto(path);
    await subscribed;
    // Quiet for a while: the readings the subscription starts are sent within a few milliseconds.
    let quietSince = Date.now();
    await expect
      .poll(
        () => {
          if (asking.size > 0) quietSince = Date.now();
          return Date.now() - quietSince;
        },
        { intervals: [25] },
      )
      .toBeGreaterThanOrEqual(150);
  } finally {
    page.off('request', ask);
    page.off('requestfinished', answered);
    page.off('requestfailed', answered);
  }
}

/**
 * A comment's Bookmark and Hide, pressed by key twice each on the comment `row` (a list's row,
 * pinned), keep the keyboard on their button, and the second press undoes the first
 * (docs/decisions/113): the inbox's and a project's comments alike.
 */
export async function expectMarksKeepTheKeyboard(page: Page, row: Locator) {
  for (const name of [/^Bookmark the comment of/, /^Hide the comment of/]) {
    const button = row.getByRole('button', { name });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(button).toBeFocused();
    // Its own request done (the page read again), it takes the next press.
    await expect(button).not.toHaveAttribute('aria-disabled');
    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(button).toBeFocused();
    // The row's buttons share its request: the next waits for this one.
    await expect(button).not.toHaveAttribute('aria-disabled');
  }
}
