import type { Response } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The first visit, as the network carries it (decision 021): every text file of the build goes out
 * as the compressed copy the build made of it (scripts/compress-assets.ts, server/spa.ts), and
 * the hashed ones are cached for a year, while index.html and the translations are revalidated.
 */
const YEAR = 'public, max-age=31536000, immutable';

async function describeAnswer(response: Response) {
  const [sent, received] = await Promise.all([response.request().allHeaders(), response.allHeaders()]);
  return {
    path: new URL(response.url()).pathname,
    type: response.request().resourceType(),
    encoding: received['content-encoding'],
    cache: received['cache-control'],
    accepted: sent['accept-encoding'] ?? '',
  };
}

test.describe('compression', () => {
  test('a cold /login arrives compressed, its hashed files cached for a year', async ({ page, baseURL }) => {
    const answers: Response[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(baseURL!) && !response.fromServiceWorker()) answers.push(response);
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    // Everything the first screen asked for, lazy chunks included.
    await page.waitForLoadState('networkidle');

    const seen = await Promise.all(answers.map(describeAnswer));
    const html = seen.find((answer) => answer.type === 'document');
    const scripts = seen.filter((answer) => answer.type === 'script');
    const styles = seen.filter((answer) => answer.type === 'stylesheet');
    const translations = seen.filter((answer) => answer.path.startsWith('/assets/i18n/'));
    expect(html?.path).toBe('/login');
    expect(scripts.length).toBeGreaterThan(0);
    expect(styles.length).toBeGreaterThan(0);

    // Chromium takes brotli from http://localhost too ("gzip, deflate, br, zstd"); should one
    // ever not, gzip is what it must get.
    const accepted = html!.accepted.split(',').map((encoding) => encoding.trim());
    expect(accepted).toContain('gzip');
    const expected = accepted.includes('br') ? 'br' : 'gzip';

    for (const answer of [html!, ...scripts, ...styles, ...translations]) {
      const revalidated = answer === html || translations.includes(answer);
      expect(answer.encoding, `${answer.path}: Content-Encoding`).toBe(expected);
      expect(answer.cache, `${answer.path}: Cache-Control`).toBe(revalidated ? 'no-cache' : YEAR);
    }
  });

  test.describe('on a second visit', () => {
    // The worker would answer the reload from its own cache, and the HTTP cache is the subject here.
    test.use({ serviceWorkers: 'block' });

    test('index.html and the translations are revalidated, the hashed files not asked for', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
      await page.waitForLoadState('networkidle');
      // What loads once the browser is idle (the update prompt, the chat) may come after the
      // network first goes quiet: the first visit is over once it is in the cache too.
      await page.waitForFunction(() =>
        performance.getEntriesByType('resource').some((entry) => entry.name.includes('/assets/after-startup-')),
      );
      await page.waitForLoadState('networkidle');

      // Chromium reports a revalidated answer as the 200 it keeps; the wire's status is in CDP.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      // The two events of a request come in either order: joined by its id once all is done.
      const paths = new Map<string, string>();
      const statuses = new Map<string, number>();
      cdp.on('Network.requestWillBeSent', (event) => paths.set(event.requestId, new URL(event.request.url).pathname));
      cdp.on('Network.responseReceivedExtraInfo', (event) => statuses.set(event.requestId, event.statusCode));
      await page.reload();
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
      await page.waitForLoadState('networkidle');

      const files = [...statuses]
        .map(([id, status]) => ({ path: paths.get(id) ?? id, status }))
        .filter(({ path }) => !path.startsWith('/v1.0/'));
      expect(files).toContainEqual({ path: '/login', status: 304 });
      expect(files).toContainEqual({ path: '/assets/i18n/en.json', status: 304 });
      // Whatever else went out came back 304; the hashed files, fresh for a year, did not go out.
      expect(files.filter(({ status }) => status !== 304)).toEqual([]);
      expect(files.filter(({ path }) => path.startsWith('/assets/') && !path.startsWith('/assets/i18n/'))).toEqual([]);
    });
  });
});
