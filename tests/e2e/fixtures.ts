import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export interface TestUser {
  _id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A fresh account made through the dev endpoint, removed after the test. */
async function createUser(request: APIRequestContext, overrides: Record<string, string> = {}): Promise<TestUser> {
  const response = await request.post('/dev/users', { data: overrides });
  expect(response.status(), await response.text()).toBe(201);
  const { user, password } = await response.json();
  return { ...user, password };
}

export const test = base.extend<{
  user: TestUser;
  makeUser: (overrides?: Record<string, string>) => Promise<TestUser>;
}>({
  makeUser: async ({ request }, use) => {
    const made: TestUser[] = [];
    await use(async (overrides) => {
      const user = await createUser(request, overrides);
      made.push(user);
      return user;
    });
    for (const user of made) await request.delete(`/dev/users/${user._id}`);
  },
  user: async ({ makeUser }, use) => {
    await use(await makeUser());
  },
});

export { expect };

/** A unique address nobody has signed up with. */
export function uniqueEmail(prefix = 'e2e') {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function signIn(page: Page, user: { email: string; password: string }, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
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

export async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(found).toEqual([]);
}
