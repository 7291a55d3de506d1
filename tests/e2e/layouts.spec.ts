import type { Page } from '@playwright/test';
import {
  accessTokenOf,
  DESIGN_LIBRARY_RENDER_MS,
  expect,
  expectNoA11yViolations,
  projectFollowingFacebookPage,
  runClockThroughRetries,
  settle,
  signInWithoutUi,
  test,
} from './fixtures';
import routes from '../../app/routes';
import { layoutBreaksAtEveryWidth } from './layout-breaks';

test.describe('signed-in layout', () => {
  test("a page's failure keeps the app chrome, and the page comes back", async ({ page, signedInUser: _ }) => {
    // Fault injection: the projects call fails, through the query client's retries too.
    const projectsCall = '**/v1.0/projects*';
    let attempts = 0;
    await page.route(projectsCall, (route) => {
      attempts += 1;
      return route.fulfill({ status: 500, json: { message: 'Server error.' } });
    });
    await page.clock.install();
    await page.goto('/projects');
    // The spec's three retries come first: the fourth attempt has failed.
    await runClockThroughRetries(page, () => attempts);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(attempts).toBe(4);
    await expect(page.getByText('This page could not be loaded. Please try again in a moment.')).toBeVisible();
    // The chrome is still there: the user can still sign out or change language.
    await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Change language' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.unroute(projectsCall);
    // Trying again loads the page, now that the API answers.
    await page.clock.resume();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to dashboard' })).toHaveCount(0);
  });
});

/**
 * No layout breaks at any width (docs/product.md#screen-sizes): every route of app/routes.ts,
 * signed out, as a user and as an admin, with the demo data and with long values (a 60-character
 * email, a 100-character project name, Italian), at each of LAYOUT_WIDTHS. A page is opened once
 * and resized through the widths, which keeps the whole spec quick on two cores. `/logout` and
 * `/preferences` are actions with no screen of their own, so they are not opened.
 */
test.describe('no layout breaks at any width', () => {
  /**
   * Opens `path` and waits for the screen to stand: its heading, and nothing still loading (but
   * in the design library, whose specimens include a table that is loading for ever). After the
   * first, each path is opened as a link in the app opens it, through the app's router: the same
   * route and screen, without loading the app again for each.
   */
  async function breaksOf(page: Page, path: string, first: boolean) {
    if (first) await page.goto(path);
    else await page.evaluate((to) => (window as unknown as RemixWindow).__remixRouter.navigate(to), path);
    await settle(page);
    const library = path.startsWith('/admin/design-library');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({
      timeout: library ? DESIGN_LIBRARY_RENDER_MS : undefined,
    });
    if (!library) await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    return layoutBreaksAtEveryWidth(page, path);
  }

  async function breaksOfEvery(page: Page, paths: string[]) {
    const found: string[] = [];
    for (const [index, path] of paths.entries()) found.push(...(await breaksOf(page, path, index === 0)));
    return found;
  }

  test('signed out, in English', async ({ page }) => {
    expect(await breaksOfEvery(page, signedOutPaths)).toEqual([]);
  });

  test.describe('in Italian', () => {
    test.use({ locale: 'it-IT' });
    test('signed out', async ({ page }) => {
      expect(await breaksOfEvery(page, signedOutPaths)).toEqual([]);
    });
  });

  test('as the demo user, with the demo data', async ({ page, request }) => {
    const demo = { email: 'demo@example.com', password: 'Demo1234' };
    const token = await accessTokenOf(request, demo);
    const auth = { authorization: `Bearer ${token}` };
    const { data: projects } = (await (await request.get('/v1.0/projects', { headers: auth })).json()) as {
      data: Array<{ _id: string }>;
    };
    const paths = [...userPaths];
    for (const { _id } of projects) {
      // Only read: a new link would revoke the one the demo data may have.
      const { reportLink } = (await (
        await request.get(`/v1.0/projects/${_id}/report-link`, { headers: auth })
      ).json()) as { reportLink: { token: string } | null };
      paths.push(...projectPaths(_id, reportLink?.token));
    }
    await signInWithoutUi(page, demo);
    expect(await breaksOfEvery(page, paths)).toEqual([]);
  });

  test('as a user with long values, in Italian', async ({ page, request, makeUser }) => {
    const user = await makeUser({ email: longEmail(), language: 'it', plan: 'pro' });
    const token = await accessTokenOf(request, user);
    const projectId = await projectFollowingFacebookPage(request, token, LONG_PROJECT_NAME);
    const made = await request.post(`/v1.0/projects/${projectId}/report-link`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { reportLink } = (await made.json()) as { reportLink: { token: string } };
    await signInWithoutUi(page, user);
    // Less the pages that only say a link or a path is wrong: they show no value of the user's.
    const withValues = userPaths.filter((path) => !/callback|not-a-real|no\/such/.test(path));
    const found = await breaksOfEvery(page, [...withValues, ...projectPaths(projectId, reportLink.token)]);
    expect(found).toEqual([]);
  });

  test.describe('as an admin', () => {
    test.use({ role: 'admin' });

    test('with the demo data, in English', async ({ page, signedInUser: _ }) => {
      const found = await breaksOfEvery(page, adminPaths);
      expect(found).toEqual([]);
    });

    test('with long values, in Italian', async ({ page, makeUser }) => {
      const admin = await makeUser({ role: 'admin', language: 'it' });
      const customer = await makeUser({ email: longEmail(), language: 'it' });
      await signInWithoutUi(page, admin);
      const found = await breaksOfEvery(page, [
        ...adminPaths.filter((path) => path !== '/admin/design-library'),
        `/admin/support?search=${encodeURIComponent(customer.email)}`,
      ]);
      expect(found).toEqual([]);
    });
  });
});

/** The screens a guest is shown (and, past sign-in, where a wrong link or path leads). */
const signedOutPaths = [
  '/',
  '/login',
  '/forgot-password',
  '/reset-password/not-a-real-token',
  '/register',
  '/register/marketing-espresso-15',
  '/maintenance',
  `/facebook-deletion/${'A'.repeat(32)}`,
  '/public/reports/not-a-real-link',
  '/404',
  '/no/such/page',
];

/** The screens a signed-in user is shown that belong to no project. */
const userPaths = [
  '/',
  '/projects',
  '/projects/new',
  '/inbox',
  '/troubleshooting',
  '/integrations',
  '/integrations/facebook-account/callback',
  '/user/account',
  '/user/account/email/not-a-real-token',
  '/user/subscription',
  '/user/saved-replies',
  '/user/alerts',
  '/no/such/page',
];

/** A project's screens, and its public report where it has a link. */
const projectPaths = (projectId: string, reportToken: string | undefined) => [
  `/projects/${projectId}/channels`,
  `/projects/${projectId}/comments`,
  `/projects/${projectId}/rules`,
  ...(reportToken ? [`/public/reports/${reportToken}`] : []),
];

const adminPaths = ['/admin', '/admin/support', '/admin/sentiment-review', '/admin/design-library', '/admin/mautic'];

/** The routes that are actions, with no screen of their own to lay out. */
const actionRoutes = ['/logout', '/preferences', '/notifications', '/impersonation', '/auth/:return/callback'];

test('every screen of app/routes.ts is laid out above', () => {
  const opened = [...signedOutPaths, ...userPaths, ...projectPaths('a-project', 'a-token'), ...adminPaths];
  const missing = routePatterns(routes)
    .filter((pattern) => !actionRoutes.includes(pattern))
    .filter((pattern) => !opened.some((path) => patternMatches(pattern, path.split('?')[0]!)));
  expect(missing).toEqual([]);
});

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** Each page's path pattern, its layouts' prefixes joined in. */
function routePatterns(entries: RouteEntry[], base = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${base}/${entry.path}` : base;
    if (entry.children) return routePatterns(entry.children, path);
    return [path || '/'];
  });
}

/** Whether `path` is one of `pattern`'s (`:name` a segment, `:name?` an optional one, `*` the rest). */
function patternMatches(pattern: string, path: string) {
  const source = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment === '*'
        ? '(?:/.*)?'
        : segment.endsWith('?')
          ? '(?:/[^/]+)?'
          : segment.startsWith(':')
            ? '/[^/]+'
            : `/${segment}`,
    )
    .join('');
  return new RegExp(`^${source || '/'}$`).test(path);
}

type RemixWindow = { __remixRouter: { navigate: (to: string) => Promise<void> } };

/** A project name of 100 characters, the most the form takes. */
const LONG_PROJECT_NAME =
  'Campagna di lancio primavera-estate della nuova linea biologica della Bottega Verde di Milano e Torino'
    .padEnd(100, 'x')
    .slice(0, 100);

/** A unique address of 60 characters. */
function longEmail() {
  const domain = '@example.com';
  return `long-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`.padEnd(60 - domain.length, 'x') + domain;
}
