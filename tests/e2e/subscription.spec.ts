import { accessTokenOf, expect, expectNoA11yViolations, signInWithoutUi, test } from './fixtures';

/**
 * The subscription page (docs/product.md#subscription-and-plan-limits): the plan, the payment
 * method, what the plan includes, and plain words on changing them.
 */
test('shows the plan, that no payment method is on file, and what the plan includes; says how to change them', async ({
  page,
  signedInUser: _,
}) => {
  await page.goto('/projects');
  await page.getByRole('link', { name: 'Subscription' }).click();
  await expect(page).toHaveURL('/user/subscription');
  await expect(page).toHaveTitle(/^Subscription · /);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Free' })).toBeVisible();
  await expect(page.getByText('No payment method on file')).toBeVisible();
  const includes = page.getByRole('table', { name: 'What Free includes' });
  await expect(includes.getByRole('row', { name: /^Projects/ })).toContainText('2');
  await expect(includes.getByRole('row', { name: /^Public report links/ })).toContainText('Not included');
  // Every plan side by side, from the table the API keeps (decision 031).
  const compared = page.getByRole('table', { name: 'Plans compared' });
  await expect(compared.getByRole('row', { name: /^Projects/ }).getByRole('cell')).toHaveText([
    '2',
    '5',
    '20',
    'Unlimited',
  ]);
  await expect(compared.getByRole('columnheader', { name: /^Free/ })).toContainText('Your plan');
  await expect(page.getByText('Orbita does not take payments in the app yet.')).toBeVisible();
  // Where to write, not only that one should.
  await expect(page.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
    'href',
    'mailto:support@example.com',
  );
  await expect(page.getByRole('term').filter({ hasText: 'Discount' })).toHaveCount(0);
  // No button that would do nothing.
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('the coupon redeemed at sign-up shows its discount, and until when', async ({ page, request, makeUser }) => {
  const user = await makeUser({ language: 'it' });
  const redeemed = await request.post('/v1.0/coupons/redeem', {
    headers: { Authorization: `Bearer ${await accessTokenOf(request, user)}` },
    data: { coupon: 'marketing-espresso-15' },
  });
  expect(redeemed.status()).toBe(200);
  await signInWithoutUi(page, user);
  await page.goto('/user/subscription');
  const ends = new Date();
  ends.setMonth(ends.getMonth() + 3);
  const until = new Intl.DateTimeFormat('it', { dateStyle: 'long' }).format(ends);
  // "fino all'8 marzo", "fino al 7 marzo": uno, otto and undici begin with a vowel.
  const to = [1, 8, 11].includes(ends.getDate()) ? "all'" : 'al ';
  await expect(page.getByRole('definition').filter({ hasText: 'marketing-espresso-15' })).toHaveText(
    `15% di sconto con il coupon marketing-espresso-15, fino ${to}${until}`,
  );
  await expect(page.getByRole('link', { name: 'support@example.com' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('reads in Italian', async ({ page, makeUser }) => {
  await signInWithoutUi(page, await makeUser({ language: 'it' }));
  await page.goto('/user/subscription');
  await expect(page.getByRole('heading', { level: 1, name: 'Abbonamento' })).toBeVisible();
  await expect(page.getByText('Nessun metodo di pagamento registrato')).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a guest is sent to sign in first', async ({ page }) => {
  await page.goto('/user/subscription');
  await expect(page).toHaveURL('/login?returnUrl=%2Fuser%2Fsubscription');
});
