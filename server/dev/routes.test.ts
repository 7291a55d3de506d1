import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { parseConfig } from '../config';
import { ConsoleMailer } from '../mail/mailer';
import { startHarness, TEST_ENV, type Harness } from '../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

describe('POST /dev/users', () => {
  it('makes a user with a random email and the default password', async () => {
    const res = await h.call('POST', '/dev/users');
    expect(res.status).toBe(201);
    expect(res.body.password).toBe('Passw0rd!');
    expect(res.body.user).toMatchObject({ firstName: 'Test', lastName: 'User', role: 'user', language: 'en' });
    expect(res.body.user?.email).toMatch(/^user-[0-9a-f]{12}@example\.test$/);
    const signIn = await h.call('POST', '/v1.0/auth/login', {
      json: { email: res.body.user?.email, password: 'Passw0rd!' },
    });
    expect(signIn.status).toBe(200);
  });

  it('takes every field, weak passwords included', async () => {
    const res = await h.call('POST', '/dev/users', {
      json: {
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
    const taken = await h.call('POST', '/dev/users', { json: { email: 'demo@EXAMPLE.com' } });
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
    expect((await h.call('DELETE', `/dev/users/${session.user._id}`)).status).toBe(204);
    expect(
      (await h.call('POST', '/v1.0/auth/login', { json: { email: session.email, password: session.password } })).status,
    ).toBe(401);
  });

  it('answers 204 to an unknown id, and 404 to a malformed one without asking the database', async () => {
    expect((await h.call('DELETE', '/dev/users/00000000-0000-4000-8000-000000000000')).status).toBe(204);
    const malformed = await h.call('DELETE', "/dev/users/not-a-uuid'");
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual({ message: 'Not found.' });
  });
});

describe('/dev/mail', () => {
  it('lists sent mail newest first, filters by recipient, and is emptied by DELETE', async () => {
    const a = await h.createUser();
    const b = await h.createUser();
    await h.call('POST', '/v1.0/auth/forgot', { json: { email: a.email } });
    h.clock.advance(1_000);
    await h.call('POST', '/v1.0/auth/forgot', { json: { email: b.email } });

    const all = await h.call('GET', '/dev/mail');
    expect(all.status).toBe(200);
    expect(all.body.data?.map((m) => m.to)).toEqual([b.email, a.email]);
    expect(all.body.data?.[0]).toEqual({
      to: b.email,
      subject: 'Reset your password',
      text: expect.stringContaining('/reset-password/'),
      links: [expect.stringMatching(/^http:\/\/app\.test\/reset-password\//)],
      sentAt: new Date(h.clock.now()).toISOString(),
    });

    const filtered = await h.call('GET', `/dev/mail?to=${encodeURIComponent(a.email.toUpperCase())}`);
    expect(filtered.body.data?.map((m) => m.to)).toEqual([a.email]);

    expect((await h.call('DELETE', '/dev/mail')).status).toBe(204);
    expect((await h.call('GET', '/dev/mail')).body).toEqual({ data: [] });
  });
});

describe('POST /dev/rate-limits/reset', () => {
  it('lets a refused caller try again at once', async () => {
    const ip = '203.0.113.9';
    const attempt = () =>
      h.call('POST', '/v1.0/auth/login', { json: { email: 'demo@example.com', password: 'wrong' }, ip });
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(429);

    expect((await h.call('POST', '/dev/rate-limits/reset')).status).toBe(204);
    expect((await attempt()).status).toBe(401);
  });
});

describe('in production', () => {
  it('mounts no dev endpoint unless DEV_ENDPOINTS=1', async () => {
    const config = parseConfig({ ...TEST_ENV, NODE_ENV: 'production' });
    const app = createApp({ db: h.db, config, mailer: new ConsoleMailer(() => {}) });
    for (const [method, path] of [
      ['GET', '/dev/mail'],
      ['POST', '/dev/users'],
      ['POST', '/dev/rate-limits/reset'],
    ]) {
      const res = await app.request(path, { method });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not found.' });
    }

    const forced = createApp({
      db: h.db,
      config: parseConfig({ ...TEST_ENV, NODE_ENV: 'production', DEV_ENDPOINTS: '1' }),
      mailer: new ConsoleMailer(() => {}),
    });
    expect((await forced.request('/dev/rate-limits/reset', { method: 'POST' })).status).toBe(204);
  });
});
