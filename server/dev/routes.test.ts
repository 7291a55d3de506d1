import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as auth from '../../contract/auth';
import * as sandboxDev from '../../contract/sandbox/dev';
import { createApp } from '../app';
import { parseConfig } from '../config';
import { ConsoleMailer } from '../mail/mailer';
import { DEPLOYMENT_ENV } from '../test/deployment-env';
import { startHarness, TEST_ENV, type Harness } from '../test/harness';

let h: Harness;

/** A reset mail is written after the forgot answer has gone: wait until it is in the mailbox. */
const mailArrives = (to: string) => vi.waitFor(() => expect(h.mailer.list(to)).not.toEqual([]));

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

describe('POST /dev/users', () => {
  it('makes a user with a random email and the default password', async () => {
    const res = await h.call(sandboxDev.createUser);
    expect(res.status).toBe(201);
    expect(res.body.password).toBe('Passw0rd!');
    expect(res.body.user).toMatchObject({ firstName: 'Test', lastName: 'User', role: 'user', language: null });
    expect(res.body.user?.email).toMatch(/^user-[0-9a-f]{12}@example\.test$/);
    const signIn = await h.call(auth.login, { body: { email: res.body.user?.email, password: 'Passw0rd!' } });
    expect(signIn.status).toBe(200);
  });

  it('takes every field, weak passwords included', async () => {
    const res = await h.call(sandboxDev.createUser, {
      body: {
        email: 'Boss@Example.test',
        password: 'x',
        firstName: 'Bea',
        lastName: 'Boss',
        role: 'admin',
        language: 'it',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      password: 'x',
      user: { email: 'Boss@Example.test', firstName: 'Bea', lastName: 'Boss', role: 'admin', language: 'it' },
    });
  });

  it('refuses a taken email and bad values', async () => {
    const taken = await h.call(sandboxDev.createUser, { body: { email: 'demo@EXAMPLE.com' } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ['The email has already been taken.'] });
    const bad = await h.call('POST', '/dev/users', { json: { role: 'root', email: 'x' } });
    expect(bad.body.errors).toEqual({
      role: ['The selected role is invalid.'],
      email: ['The email field must be a valid email address.'],
    });
  });
});

describe('DELETE /dev/users/:id', () => {
  it('deletes the user and everything of theirs', async () => {
    const session = await h.signedInUser();
    expect((await h.call(sandboxDev.deleteUser, { params: { id: session.user._id } })).status).toBe(204);
    expect((await h.call(auth.login, { body: { email: session.email, password: session.password } })).status).toBe(401);
  });

  it('answers 204 to an unknown id, and 404 to a malformed one without asking the database', async () => {
    expect(
      (await h.call(sandboxDev.deleteUser, { params: { id: '00000000-0000-4000-8000-000000000000' } })).status,
    ).toBe(204);
    const malformed = await h.call('DELETE', "/dev/users/not-a-uuid'");
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual({ message: 'Not found.' });
  });
});

describe('/dev/mail', () => {
  it('lists sent mail newest first, filters by recipient, and is emptied by DELETE', async () => {
    const a = await h.createUser();
    const b = await h.createUser();
    await h.call(auth.forgot, { body: { email: a.email } });
    await mailArrives(a.email);
    h.clock.advance(1_000);
    await h.call(auth.forgot, { body: { email: b.email } });
    await mailArrives(b.email);

    const all = await h.call(sandboxDev.listMail);
    expect(all.status).toBe(200);
    expect(all.body.data?.map((m) => m.to)).toEqual([b.email, a.email]);
    expect(all.body.data?.[0]).toEqual({
      to: b.email,
      subject: 'Reset your password',
      text: expect.stringContaining('/reset-password/'),
      html: expect.stringContaining('<a href="http://app.test/reset-password/'),
      links: [expect.stringMatching(/^http:\/\/app\.test\/reset-password\//)],
      sentAt: new Date(h.clock.now()).toISOString(),
    });

    const filtered = await h.call(sandboxDev.listMail, { query: { to: a.email.toUpperCase() } });
    expect(filtered.body.data?.map((m) => m.to)).toEqual([a.email]);

    expect((await h.call(sandboxDev.clearMail)).status).toBe(204);
    expect((await h.call(sandboxDev.listMail)).body).toEqual({ data: [] });
  });
});

describe('POST /dev/rate-limits/reset', () => {
  it('lets a refused caller try again at once', async () => {
    const ip = '203.0.113.9';
    const attempt = () => h.call(auth.login, { body: { email: 'demo@example.com', password: 'wrong' }, ip });
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(429);

    expect((await h.call(sandboxDev.resetRateLimits)).status).toBe(204);
    expect((await attempt()).status).toBe(401);
  });
});

describe('GET /dev/outbox', () => {
  it('shows the mail as a page, newest first, links clickable and every mail text escaped', async () => {
    await h.call(sandboxDev.clearMail);
    const older = await h.createUser({ firstName: 'Rita' });
    const newer = await h.createUser({ firstName: '<b>Mallory</b>', language: 'it' });
    await h.call(auth.forgot, { body: { email: older.email } });
    await mailArrives(older.email);
    h.clock.advance(1_000);
    await h.call(auth.forgot, { body: { email: newer.email } });
    await mailArrives(newer.email);
    // A mail whose text tries markup of its own (none of ours does; the page must not care).
    await h.mailer.send({ to: 'x@example.test', subject: '<script>alert(1)</script>', text: '<img src=x>', html: '' });

    const res = await h.app.request('/dev/outbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await res.text();
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('&lt;img src=x&gt;');
    expect(page).not.toMatch(/<script|<img|<b>/);

    const subjects = [...page.matchAll(/<h2>(.*?)<\/h2>/g)].map((match) => match[1]);
    expect(subjects).toEqual([
      '&lt;script&gt;alert(1)&lt;/script&gt;',
      'Reimposta la tua password',
      'Reset your password',
    ]);
    const [newerLink] = (await h.call(sandboxDev.listMail, { query: { to: newer.email } })).body.data?.[0]
      ?.links as string[];
    expect(page).toContain(`<a href="${newerLink}">${newerLink}</a>`);

    const filtered = await (await h.app.request(`/dev/outbox?to=${encodeURIComponent(older.email)}`)).text();
    expect([...filtered.matchAll(/<h2>(.*?)<\/h2>/g)].map((match) => match[1])).toEqual(['Reset your password']);
  });

  it('allows its own style block by hash and nothing else', async () => {
    const res = await h.app.request('/dev/outbox');
    const policy = res.headers.get('content-security-policy') ?? '';
    const style = (await res.text()).match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    const hash = createHash('sha256').update(style, 'utf8').digest('base64');
    expect(policy).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
  });
});

describe('where the dev endpoints are mounted', () => {
  const routesOf = (env: Record<string, string>) =>
    createApp({ db: h.db, config: parseConfig({ ...TEST_ENV, ...env }), mailer: new ConsoleMailer(() => {}) });

  it('never in a deployment: no /dev, no /docs, no sandbox providers', async () => {
    const app = routesOf(DEPLOYMENT_ENV);
    for (const [method, path] of [
      ['GET', '/dev/mail'],
      ['GET', '/dev/outbox'],
      ['POST', '/dev/users'],
      ['POST', '/dev/rate-limits/reset'],
      ['POST', '/dev/facebook/signed-request'],
      ['GET', '/docs'],
      ['GET', '/docs/openapi.json'],
      ['GET', '/sandbox/facebook/v26.0/dialog/oauth'],
      ['GET', '/sandbox/facebook/v26.0/me'],
      ['GET', '/sandbox/linkedin/oauth/v2/authorization'],
      ['POST', '/sandbox/linkedin/oauth/v2/accessToken'],
      ['GET', '/sandbox/tiktok/v2/auth/authorize/'],
      ['POST', '/dev/sandbox/people/100000000000001/expire-tokens'],
    ]) {
      const res = await app.request(path, { method });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not found.' });
    }
  });

  it('in local mode, the production build (npm start) included, unless DEV_ENDPOINTS=0', async () => {
    const local = routesOf({ NODE_ENV: 'production', APP_URL: 'http://localhost:3000' });
    expect((await local.request('/dev/rate-limits/reset', { method: 'POST' })).status).toBe(204);
    expect((await local.request('/docs/openapi.json')).status).toBe(200);
    const off = routesOf({ NODE_ENV: 'production', APP_URL: 'http://localhost:3000', DEV_ENDPOINTS: '0' });
    expect((await off.request('/dev/rate-limits/reset', { method: 'POST' })).status).toBe(404);
  });
});
