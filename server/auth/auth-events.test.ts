import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../../contract/auth';
import * as sandboxDev from '../../contract/sandbox/dev';
import { users } from '../db/schema';
import { startHarness, type Harness } from '../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

const events = () =>
  h.logs
    .lines()
    .filter((line) => typeof line.event === 'string' && String(line.event).startsWith('auth.'))
    .map(({ event, userId, ip, ...rest }) => ({ event, userId, ip, rest }));

describe('authentication events', () => {
  it('are logged with user ids and addresses, and never a secret or an email', async () => {
    const email = `Logged-${Date.now()}@Example.test`;
    const password = 'Secret123';
    const wrongPassword = 'WrongSecret9';
    const newPassword = 'NewSecret42';
    const ip = '198.51.100.7';

    const signUp = await h.call(auth.register, { body: { firstName: 'Lou', lastName: 'Reed', email, password }, ip });
    expect(signUp.status).toBe(201);
    const userId = signUp.body.user!._id;
    const signIn = await h.call(auth.login, { body: { email, password }, ip });
    expect(signIn.status).toBe(200);
    const failed = await h.call(auth.login, { body: { email, password: wrongPassword }, ip });
    expect(failed.status).toBe(401);
    const unknown = await h.call(auth.login, {
      body: { email: 'ghost-account@example.test', password: wrongPassword },
      ip,
    });
    expect(unknown.status).toBe(401);

    expect((await h.call(auth.forgot, { body: { email }, ip })).status).toBe(200);
    expect((await h.call(auth.forgot, { body: { email: 'ghost-account@example.test' }, ip })).status).toBe(200);
    const [mail] = (await h.call(sandboxDev.listMail, { query: { to: email } })).body.data;
    const resetToken = decodeURIComponent(new URL(mail.links[0]).pathname.split('/')[2]);
    const badReset = await h.call(auth.reset, { body: { email, token: 'z'.repeat(43), password: newPassword }, ip });
    expect(badReset.status).toBe(422);
    const reset = await h.call(auth.reset, { body: { email, token: resetToken, password: newPassword }, ip });
    expect(reset.status).toBe(200);

    const again = await h.call(auth.login, { body: { email, password: newPassword }, ip });
    const rotated = await h.call(auth.refresh, { refreshToken: again.setRefreshToken, ip });
    expect(rotated.status).toBe(200);
    const reused = await h.call(auth.refresh, { refreshToken: again.setRefreshToken, ip });
    expect(reused.status).toBe(401);
    const third = await h.call(auth.login, { body: { email, password: newPassword }, ip });
    expect((await h.call(auth.logout, { refreshToken: third.setRefreshToken, ip })).status).toBe(204);
    for (let i = 0; i < 5; i++) {
      await h.call(auth.login, { body: { email, password: wrongPassword }, ip: '198.51.100.8' });
    }
    const locked = await h.call(auth.login, { body: { email, password: newPassword }, ip: '198.51.100.8' });
    expect(locked.status).toBe(429);

    const [row] = await h.db.select().from(users).where(eq(users.id, userId));
    const text = h.logs.text();
    const secrets = {
      email,
      'lower-cased email': email.toLowerCase(),
      'unknown email': 'ghost-account@example.test',
      password,
      wrongPassword,
      newPassword,
      'password hash': row.passwordHash!,
      'hash salt': row.passwordHash!.split('$')[4],
      'sign-up access token': signUp.body.access_token!,
      'sign-up refresh token': signUp.setRefreshToken!,
      'sign-in access token': signIn.body.access_token!,
      'sign-in refresh token': signIn.setRefreshToken!,
      'rotated access token': rotated.body.access_token!,
      'rotated refresh token': rotated.setRefreshToken!,
      'JWT signature': signIn.body.access_token!.split('.')[2],
      'reset token': resetToken,
      'guessed reset token': 'z'.repeat(43),
      'JWT secret': 'test-secret-test-secret-test-secret-0123',
    };
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(5);
      expect(text.includes(value), `the log holds the ${name}`).toBe(false);
    }

    expect(events()).toEqual([
      { event: 'auth.sign_up', userId, ip, rest: expect.anything() },
      { event: 'auth.sign_in', userId, ip, rest: expect.anything() },
      { event: 'auth.sign_in_failed', userId, ip, rest: expect.anything() },
      { event: 'auth.sign_in_failed', userId: undefined, ip, rest: expect.anything() },
      { event: 'auth.reset_requested', userId, ip, rest: expect.anything() },
      { event: 'auth.reset_requested', userId: undefined, ip, rest: expect.anything() },
      { event: 'auth.reset_failed', userId: undefined, ip, rest: expect.anything() },
      { event: 'auth.reset_done', userId, ip, rest: expect.anything() },
      { event: 'auth.sign_in', userId, ip, rest: expect.anything() },
      { event: 'auth.refresh_reused', userId, ip, rest: expect.anything() },
      { event: 'auth.sign_in', userId, ip, rest: expect.anything() },
      { event: 'auth.sign_out', userId, ip, rest: expect.anything() },
      ...Array.from({ length: 5 }, () => ({
        event: 'auth.sign_in_failed',
        userId,
        ip: '198.51.100.8',
        rest: expect.anything(),
      })),
      { event: 'auth.locked_out', userId: undefined, ip: '198.51.100.8', rest: expect.anything() },
    ]);
    const lockedOut = events().at(-1)!;
    expect(lockedOut.rest).toMatchObject({ limit: 'sign_in_account_ip', retryAfter: 60 });
  });
});
