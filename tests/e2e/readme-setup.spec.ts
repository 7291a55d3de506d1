import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { accessTokenOf, connectFacebookThroughApi, expect, openListening, test } from './fixtures';

/**
 * On the README's own setup (docs/decisions/055): the built API as `npm start` runs it, with no
 * secret exported and its data in a folder, not in memory. A comment said on the sandbox's page
 * reaches the demo user's open comments page as Meta's webhook, and again after the API is
 * stopped and started on the same folder. Every other end-to-end test runs on an in-memory
 * database, which once hid a sandbox whose deliveries were all refused.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

const DEMO = { email: 'demo@example.com', password: 'Demo1234' };
const GIULIA = '100000000000001';
const CAFE_PAGE = '200000000000001';

type Server = { process: ChildProcess; exited: Promise<number | null>; output: () => string };

/** `npm start`'s command, on `folder`'s data, with the environment a new user has: nothing exported. */
async function startApi(folder: string, port: number): Promise<Server> {
  const env = { ...process.env };
  for (const name of ['FACEBOOK_APP_SECRET', 'JWT_SECRET', 'TOKEN_ENCRYPTION_KEY', 'DATABASE_URL', 'DATA_DIR']) {
    delete env[name];
  }
  let output = '';
  const child = spawn('node', ['build/api/main.mjs'], {
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      // The data folder `npm start` uses, `.data/pglite`, here inside a folder of this test's own.
      DATA_DIR: join(folder, '.data', 'pglite'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const started = Date.now();
  for (;;) {
    const up = await fetch(`http://localhost:${port}/v1.0/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) return { process: child, exited, output: () => output };
    if (child.exitCode !== null || Date.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`the API did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopApi(server: Server) {
  if (server.process.exitCode === null) server.process.kill('SIGTERM');
  await server.exited;
}

/** A person comments on the café's page through the sandbox's own page; answers what it said of the delivery. */
async function commentOnSandbox(page: Page, origin: string, message: string) {
  await page.goto(`${origin}/sandbox/facebook/comments`);
  await page.getByLabel('Page or Instagram account').selectOption(CAFE_PAGE);
  await page.getByLabel('Who comments').selectOption('Kenji Sato');
  await page.getByLabel('Comment', { exact: true }).fill(message);
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  return page.getByRole('status');
}

test('a comment said on the sandbox reaches the open comments page, before and after a restart', async ({
  browser,
}, testInfo) => {
  const port = 3190 + testInfo.workerIndex;
  const origin = `http://localhost:${port}`;
  const folder = mkdtempSync(join(tmpdir(), 'readme-setup-'));
  let server = await startApi(folder, port);
  const api = await playwrightRequest.newContext({ baseURL: origin });
  const context = await browser.newContext({
    baseURL: origin,
    reducedMotion: 'reduce',
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  try {
    // As the README says: the demo user connects Giulia Rossi; the café's channels become hers.
    const token = await accessTokenOf(api, DEMO);
    await connectFacebookThroughApi(api, token, GIULIA);
    const auth = { authorization: `Bearer ${token}` };
    await expect
      .poll(async () => {
        const { data } = (await (await api.get('/v1.0/facebook-accounts', { headers: auth })).json()) as {
          data: Array<{ fetchingChannels: unknown }>;
        };
        return data.length > 0 && data.every((account) => !account.fetchingChannels);
      })
      .toBe(true);
    const { data: projects } = (await (await api.get('/v1.0/projects', { headers: auth })).json()) as {
      data: Array<{ _id: string; name: string }>;
    };
    const cafe = projects.find((project) => project.name === 'Espresso Bar Milano')!;

    const page = await context.newPage();
    await page.addInitScript((accessToken) => localStorage.setItem('access_token', accessToken), token);
    const sandbox = await context.newPage();
    for (const [round, message] of [
      [1, 'Cornetto perfetto, grazie!'],
      [2, 'Still the best espresso after the restart.'],
    ] as const) {
      await openListening(page, `/projects/${cafe._id}/comments`);
      await expect(page.getByRole('heading', { level: 1, name: 'Espresso Bar Milano: comments' })).toBeVisible();
      const status = await commentOnSandbox(sandbox, origin, message);
      await expect(status, `round ${round}`).toHaveText('Commented. Delivered to the app as Meta’s webhook.');
      const show = page.getByRole('button', { name: 'Show 1 new comment' });
      await expect(show, `round ${round}`).toBeVisible();
      await show.click();
      await expect(page.getByRole('table').getByRole('row').filter({ hasText: message })).toHaveCount(1);
      if (round === 1) {
        // A first start begins from the build's migrated empty database (docs/decisions/061).
        expect(server.output()).toContain("begun as a copy of the build's empty one");
        // `npm start` stopped and started again on the same data.
        await stopApi(server);
        server = await startApi(folder, port);
      }
    }
    expect(server.output()).not.toContain('"status":401');
    expect(server.output(), 'the restart keeps its database').not.toContain("the build's empty one");
  } finally {
    await context.close();
    await api.dispose();
    await stopApi(server);
    rmSync(folder, { recursive: true, force: true });
  }
});
