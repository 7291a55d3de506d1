import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';

/** A Facebook user id nobody else's test uses. */
const facebookUserId = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** What Meta does: post a signed request (here signed by the dev endpoint with the local secret). */
async function requestDeletion(request: APIRequestContext, userId = facebookUserId()) {
  const signing = await request.post('/dev/facebook/signed-request', { data: { user_id: userId } });
  expect(signing.status(), await signing.text()).toBe(200);
  const { signed_request: signedRequest } = (await signing.json()) as { signed_request: string };
  const answer = await request.post('/v1.0/facebook-deletion', { form: { signed_request: signedRequest } });
  expect(answer.status(), await answer.text()).toBe(200);
  const body = (await answer.json()) as { url: string; confirmation_code: string };
  expect(body.confirmation_code).toMatch(/^[A-Z2-9]{12}$/);
  const url = new URL(body.url);
  expect(url.pathname).toMatch(/^\/facebook-deletion\/[\w-]{32}$/);
  return url.pathname;
}

/** The status card: the 600 px panel around the status. */
const statusCard = (page: Page) =>
  page
    .getByRole('term')
    .filter({ hasText: /^(Status|Stato)$/ })
    .locator('xpath=ancestor::div[contains(@class, "rounded-xl")][1]');

test.describe('the data-deletion status page', () => {
  test("follows Meta's callback: in progress, then deleted once the job ran", async ({ page, request }) => {
    const path = await requestDeletion(request);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Facebook Data Deletion Status' })).toBeVisible();
    await expect(page).toHaveTitle(/^Facebook Data Deletion Status · /);
    // The job starts as soon as the callback stored it (docs/decisions/091); either state may
    // still be what the first look finds.
    await expect(page.getByText(/^(In progress|Deleted)$/)).toBeVisible();
    await expectNoA11yViolations(page);

    // A person waiting reloads the page.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText('Deleted', { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText('The data this app held about your Facebook account has been deleted.')).toBeVisible();
    // The badge's success tone.
    await expect(page.getByText('Deleted', { exact: true }).locator('xpath=..')).toHaveClass(/\bbg-success-soft\b/);
    const box = await statusCard(page).boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    expect(box?.width).toBeLessThanOrEqual(600);
    await expectNoA11yViolations(page);
  });

  test('shows a request in progress with the default badge', async ({ page, request }) => {
    const path = await requestDeletion(request);
    // Held in progress whatever the job does meanwhile: this test is about the page.
    await page.route('**/v1.0/facebook-deletion/*', (route) => route.fulfill({ json: { deleted: false } }));
    await page.goto(path);
    const badge = page.getByText('In progress', { exact: true });
    await expect(badge).toBeVisible();
    // The badge's neutral tone: the muted surface, not the success one.
    await expect(badge.locator('xpath=..')).toHaveClass(/\bbg-muted\b/);
    await expect(page.getByText(/We are deleting the data this app holds about your Facebook account/)).toBeVisible();
  });

  test('an unknown id shows the not-found page, without its button', async ({ page }) => {
    await page.goto(`/facebook-deletion/${'A'.repeat(32)}`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(
      page.getByText('There is no data-deletion request at this address. Check the link Facebook gave you.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to dashboard' })).toHaveCount(0);
    await expect(page.getByRole('button')).toHaveCount(0);
    // The tab says it too, not the status page's title.
    await expect(page).toHaveTitle(/^Page not found/);
    await expectNoA11yViolations(page);
    // A malformed one too.
    await page.goto('/facebook-deletion/not-an-id');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to dashboard' })).toHaveCount(0);
  });

  test('a lookup the API cannot answer says so and offers to try again, not "not found"', async ({ page, request }) => {
    const path = await requestDeletion(request);
    let failing = true;
    await page.route('**/v1.0/facebook-deletion/*', (route) =>
      failing
        ? route.fulfill({ status: 500, json: { message: 'Server error.' }, headers: { 'x-request-id': 'req-500' } })
        : route.fulfill({ json: { deleted: false } }),
    );
    await page.goto(path);
    // Asked again a few times first (the data cache's retries), then said.
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    await expect(page).toHaveTitle(/^Facebook Data Deletion Status · /);
    // The person came from Facebook: no dashboard is theirs.
    await expect(page.getByRole('link', { name: 'Back to dashboard' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('In progress', { exact: true })).toBeVisible();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`passes axe in ${colorScheme}, in both states`, async ({ page, request }) => {
      await page.emulateMedia({ colorScheme });
      const path = await requestDeletion(request);
      let deleted = false;
      await page.route('**/v1.0/facebook-deletion/*', (route) => route.fulfill({ json: { deleted } }));
      await page.goto(path);
      const html = page.locator('html');
      await (colorScheme === 'dark' ? expect(html).toHaveClass(/\bdark\b/) : expect(html).not.toHaveClass(/\bdark\b/));
      await expect(page.getByText('In progress', { exact: true })).toBeVisible();
      await expectNoA11yViolations(page);
      deleted = true;
      await page.reload();
      await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
      await expectNoA11yViolations(page);
    });
  }
});

test.describe('in Italian', () => {
  test.use({ locale: 'it-IT' });

  test('the status and the not-found page', async ({ page, request }) => {
    const path = await requestDeletion(request);
    let deleted = false;
    await page.route('**/v1.0/facebook-deletion/*', (route) =>
      route.request().url().endsWith(path.split('/').at(-1)!) ? route.fulfill({ json: { deleted } }) : route.continue(),
    );
    await page.goto(path);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Stato della cancellazione dei dati di Facebook' }),
    ).toBeVisible();
    await expect(page.getByText('In corso', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
    deleted = true;
    await page.reload();
    await expect(page.getByText('Eliminati', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goto(`/facebook-deletion/${'B'.repeat(32)}`);
    await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
    await expect(page.getByText(/A questo indirizzo non corrisponde alcuna richiesta/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Torna alla dashboard' })).toHaveCount(0);
    await expectNoA11yViolations(page);
  });
});

test.describe("Meta's callback", () => {
  test('answers a forged or malformed signed_request with a 422 naming the problem', async ({ request }) => {
    const signing = await request.post('/dev/facebook/signed-request', { data: { user_id: facebookUserId() } });
    const { signed_request: genuine } = (await signing.json()) as { signed_request: string };
    const [signature, payload] = genuine.split('.') as [string, string];
    const forged = `${signature.slice(0, -4)}AAAA.${payload}`;
    for (const [signedRequest, problem] of [
      [forged, "The signed request's signature does not match: it was not signed with this app's secret."],
      [
        'nonsense',
        'The signed request must be a signature and a JSON payload, each base64url-encoded, joined by a dot.',
      ],
    ] as const) {
      const answer = await request.post('/v1.0/facebook-deletion', { form: { signed_request: signedRequest } });
      expect(answer.status()).toBe(422);
      expect(await answer.json()).toEqual({
        message: 'The given data was invalid.',
        errors: { signed_request: [problem] },
      });
    }
  });
});
