import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;

// Debian's Chromium where it is installed (CI and this workplace cannot download browsers);
// elsewhere Playwright's own. Its headless shell first: the same engine without the browser
// around it, which Playwright itself prefers for headless runs, and about a third faster here.
const debianChromium = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));
const executablePath = process.env.CHROMIUM_PATH ?? debianChromium;

export default defineConfig({
  testDir: './tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // No retries: a test that fails once is a bug to fix, in the test or in the code.
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A flow of several pages, each waiting for the API, on the 2-core machine CI runs on with two
  // workers and the server beside them: past 30 s for the longest, with nothing wrong.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // No trace while tests pass: recording one (a screencast and a DOM snapshot at every step)
    // took a quarter of the suite's CPU, for every passing test, to be thrown away. A failure
    // keeps a screenshot; to chase one, run it again with `--trace on` (CONTRIBUTING.md).
    trace: 'off',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    // Each test's fresh browser context would install the app's worker and fetch its whole
    // precache beside the test, on the same two cores: the specs about the worker (and only
    // they) allow it, `test.use({ serviceWorkers: 'allow' })` (docs/decisions/036).
    serviceWorkers: 'block',
    // What a user who asked their system for less motion gets: spinners, skeletons and the
    // loading bar stand still. Each moving frame costs the two cores a paint and a composite
    // while the test waits, and the suite took a fifth longer with them. The overlays spec keeps
    // motion on, so the dialogs' and menus' transitions are still driven to their end.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  // The built app and the reference API on one port, over a fresh in-memory database. The API as
  // `npm start` runs it (decision 037), bundled again first (a second) so that it is never older
  // than server/; the app is `npm run build`'s, which `npm run test:e2e` runs first.
  webServer: {
    command: 'node scripts/build-server.mjs && node build/api/main.mjs',
    url: `${baseURL}/v1.0/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      APP_URL: baseURL,
      // No label applied without a person is drawn into the review at random (5 % by default): a
      // comment the classifier is sure of stays out of the review, as the tests expect. The
      // sample's rows are made through the dev endpoints where a test shows them.
      SENTIMENT_SAMPLE_SHARE: '0',
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
