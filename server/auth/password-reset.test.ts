import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as auth from '../../contract/auth';
import type { RequestBody } from '../../contract/operation';
import * as sandboxDev from '../../contract/sandbox/dev';
import { DEFAULT_RATE_LIMITS } from '../http/rate-limiter';
import { startHarness, type Harness } from '../test/harness';

let h: Harness;
beforeAll(async () => {
  // A small per-IP limit for forgot keeps the per-IP test short; the rest are the contract's.
  h = await startHarness({
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      forgot: { ...DEFAULT_RATE_LIMITS.forgot, perIp: { ...DEFAULT_RATE_LIMITS.forgot.perIp, max: 6 } },
    },
  });
});
afterAll(() => h?.stop());
beforeEach(async () => {
  await h.call(sandboxDev.resetRateLimits);
  await h.call(sandboxDev.clearMail);
});

const SENT = 'If that email address is in our records, we have sent you a password reset link.';

const forgot = (email: string, ip = '10.1.0.1', headers: Record<string, string> = {}) =>
  h.call(auth.forgot, { body: { email }, ip, headers });

async function mailTo(email: string) {
  const res = await h.call(sandboxDev.listMail, { query: { to: email } });
  return res.body.data ?? [];
}

/** Asks for a reset mail and reads the token and email back out of its link. */
async function requestResetLink(email: string, ip?: string) {
  expect((await forgot(email, ip)).status).toBe(200);
  const [mail] = await mailTo(email);
  const link = new URL(mail.links[0]);
  const [, route, token] = link.pathname.split('/');
  expect(route).toBe('reset-password');
  return { token: decodeURIComponent(token), email: link.searchParams.get('email') ?? '', link };
}

const reset = (body: RequestBody<typeof auth.reset>) => h.call(auth.reset, { body });

describe('POST /v1.0/auth/forgot', () => {
  it('answers the same whether or not the email exists, and mails only a real account', async () => {
    const { email } = await h.createUser({ firstName: 'Rita' });
    const known = await forgot(email);
    const unknown = await forgot('nobody-here@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: SENT });
    expect(unknown.body).toEqual(known.body);

    expect(await mailTo('nobody-here@example.com')).toEqual([]);
    const [mail] = await mailTo(email);
    expect(mail).toMatchObject({ to: email, subject: 'Reset your password' });
    expect(mail.text).toContain('Hello Rita');
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]).toMatch(/^http:\/\/app\.test\/reset-password\/[\w-]{43}\?email=/);
    expect(new Date(mail.sentAt).getTime()).toBe(h.clock.now());
  });

  it('finds the account whatever the case of the email, and links with its stored address', async () => {
    const { email } = await h.createUser();
    expect((await forgot(email.toUpperCase())).status).toBe(200);
    const [mail] = await mailTo(email);
    expect(new URL(mail.links[0]).searchParams.get('email')).toBe(email);
  });

  it("writes the mail in the account's language", async () => {
    const { email } = await h.createUser({ language: 'it', firstName: 'Giulia' });
    await forgot(email);
    const [mail] = await mailTo(email);
    expect(mail.subject).toBe('Reimposta la tua password');
    expect(mail.text).toContain('Ciao Giulia');
  });

  it('answers in Italian to Accept-Language: it', async () => {
    const res = await forgot('nobody@example.com', undefined, { 'accept-language': 'it' });
    expect(res.body.message).toBe(
      'Se questo indirizzo email è nei nostri archivi, ti abbiamo inviato un link per reimpostare la password.',
    );
  });

  it('validates the email', async () => {
    expect((await h.call('POST', '/v1.0/auth/forgot', { json: {} })).body.errors).toEqual({
      email: ['The email field is required.'],
    });
    expect((await forgot('not an email')).body.errors).toEqual({
      email: ['The email field must be a valid email address.'],
    });
  });

  it('allows 3 requests per account, from any number of IPs, then makes them wait', async () => {
    const { email } = await h.createUser();
    const results = [];
    for (let ip = 0; ip < 10; ip++) {
      for (let i = 0; i < 3; i++) results.push(await forgot(email, `10.1.1.${ip}`));
    }
    expect(results.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(results.slice(3).map((r) => r.status))).toEqual(new Set([429]));
    expect(results[3].headers.get('retry-after')).toBe('900');
    expect(await mailTo(email)).toHaveLength(3);

    // The wait doubles with each request let through after it: 15, 30, then 60 minutes at most.
    h.clock.advance(15 * 60_000);
    expect((await forgot(email, '10.1.1.99')).status).toBe(200);
    expect((await forgot(email, '10.1.1.99')).headers.get('retry-after')).toBe('1800');
    expect(await mailTo(email)).toHaveLength(4);
  });

  it('counts the account whatever the case of the address', async () => {
    for (const address of ['Case@Example.com', 'case@example.com', 'CASE@example.COM']) {
      expect((await forgot(address)).status).toBe(200);
    }
    expect((await forgot('CASE@EXAMPLE.COM', '10.1.3.1')).status).toBe(429);
  });

  it('counts unknown emails too, and limits an IP across emails', async () => {
    for (let i = 0; i < 6; i++) expect((await forgot(`probe${i}@example.com`, '10.1.2.1')).status).toBe(200);
    expect((await forgot('demo@example.com', '10.1.2.1')).status).toBe(429);
    expect(await mailTo('demo@example.com')).toEqual([]);
  });

  it('does the same work for a known and an unknown email before answering', async () => {
    const { email } = await h.createUser();
    const before = async (address: string) => {
      const recording = h.recordQueries();
      const res = await h.call(auth.forgot, { body: { email: address }, ip: '10.1.4.1', waitForBackground: false });
      const sent = recording.stop();
      expect(res.status).toBe(200);
      await h.settle();
      return sent;
    };
    const known = await before(email);
    const unknown = await before('nobody-at-all@example.com');
    expect(known.length).toBeGreaterThan(0);
    expect(known).toEqual(unknown);
    // The mail went out after the answer.
    expect(await mailTo(email)).toHaveLength(1);
  });

  it('answers at once even when the mail transport hangs', async () => {
    const { email } = await h.createUser();
    const sending = vi.spyOn(h.mailer, 'send');
    const release = h.mailer.hold();
    try {
      // The transport holds every mail until `release`: an answer that waited for the mail would
      // never come (and the test would time out).
      const res = await h.call(auth.forgot, { body: { email }, ip: '10.1.5.1', waitForBackground: false });
      expect(res.status).toBe(200);
      // The mail is on its way after the answer, and still held there: the answer did not wait for it.
      await vi.waitFor(() => expect(sending).toHaveBeenCalledTimes(1), { timeout: 10_000 });
      expect(h.mailer.list(email)).toEqual([]);
    } finally {
      release();
      sending.mockRestore();
    }
    await h.settle();
    expect(await mailTo(email)).toHaveLength(1);
  });
});

describe('POST /v1.0/auth/reset', () => {
  it('sets the new password from the mailed link, once', async () => {
    const { email, password } = await h.createUser();
    const { token } = await requestResetLink(email);
    const res = await reset({ email, token, password: 'NewSecret1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your password has been reset.' });

    expect((await h.call(auth.login, { body: { email, password } })).status).toBe(401);
    expect((await h.call(auth.login, { body: { email, password: 'NewSecret1' } })).status).toBe(200);

    const again = await reset({ email, token, password: 'Another1x' });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ token: ['This password reset token is invalid or has expired.'] });
  });

  it('revokes every refresh family of the user', async () => {
    const { email, password } = await h.createUser();
    const first = await h.signIn(email, password);
    const second = await h.signIn(email, password);
    const { token } = await requestResetLink(email);
    expect((await reset({ email, token, password: 'NewSecret1' })).status).toBe(200);
    for (const session of [first, second]) {
      expect((await h.call(auth.refresh, { refreshToken: session.refreshToken })).status).toBe(401);
    }
  });

  it('ends every access token of the user at once', async () => {
    const { email, password } = await h.createUser();
    const first = await h.signIn(email, password);
    const second = await h.signIn(email, password);
    const { token } = await requestResetLink(email);
    expect((await reset({ email, token, password: 'NewSecret1' })).status).toBe(200);
    for (const session of [first, second]) {
      expect((await h.call(auth.me, { token: session.accessToken })).status).toBe(401);
    }
    const after = await h.signIn(email, 'NewSecret1');
    expect((await h.call(auth.me, { token: after.accessToken })).status).toBe(200);
  });

  it('limits failed resets per account (5) and per IP (20), counting before the check', async () => {
    const { email } = await h.createUser();
    const wrong = (ip: string, address = email) =>
      h.call(auth.reset, { body: { email: address, token: 'y'.repeat(43), password: 'NewSecret1' }, ip });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => wrong(`10.2.0.${i}`)));
    expect(results.filter((r) => r.status === 422)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(7);
    // The real link still works once the wait is over.
    h.clock.advance(60_000);
    const { token } = await requestResetLink(email, '10.2.1.1');
    expect((await reset({ email, token, password: 'NewSecret1' })).status).toBe(200);

    for (let i = 0; i < 20; i++) expect((await wrong('10.2.2.1', `someone${i}@example.com`)).status).toBe(422);
    expect((await wrong('10.2.2.1', 'another@example.com')).status).toBe(429);
  });

  it('spends the older reset tokens of the user too', async () => {
    const { email } = await h.createUser();
    const older = await requestResetLink(email);
    const newer = await requestResetLink(email);
    expect(older.token).not.toBe(newer.token);
    expect((await reset({ email, token: newer.token, password: 'NewSecret1' })).status).toBe(200);
    expect((await reset({ email, token: older.token, password: 'NewSecret2' })).status).toBe(422);
  });

  it('accepts the email in another case', async () => {
    const { email } = await h.createUser();
    const { token } = await requestResetLink(email);
    expect((await reset({ email: email.toUpperCase(), token, password: 'NewSecret1' })).status).toBe(200);
  });

  it('refuses an expired token (60 minutes)', async () => {
    const { email } = await h.createUser();
    const { token } = await requestResetLink(email);
    h.clock.advance(60 * 60_000);
    const res = await reset({ email, token, password: 'NewSecret1' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['token']);
  });

  it("refuses a token with another account's email", async () => {
    const owner = await h.createUser();
    const other = await h.createUser();
    const { token } = await requestResetLink(owner.email);
    expect((await reset({ email: other.email, token, password: 'NewSecret1' })).status).toBe(422);
    expect((await reset({ email: 'nobody@example.com', token, password: 'NewSecret1' })).status).toBe(422);
    // The owner can still use it: a wrong guess does not burn the token.
    expect((await reset({ email: owner.email, token, password: 'NewSecret1' })).status).toBe(200);
    expect((await h.call(auth.login, { body: { email: other.email, password: 'NewSecret1' } })).status).toBe(401);
  });

  it('refuses an unknown token', async () => {
    const res = await reset({ email: 'demo@example.com', token: 'x'.repeat(43), password: 'NewSecret1' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ token: ['This password reset token is invalid or has expired.'] });
  });

  it('checks the fields before the token', async () => {
    const res = await reset({ email: 'nope', token: 't'.repeat(201), password: 'weak' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      email: ['The email field must be a valid email address.'],
      token: ['The token field must not be greater than 200 characters.'],
      password: [
        'The password field must be at least 8 characters.',
        'The password field must contain at least one uppercase letter.',
      ],
    });
    const missing = await h.call('POST', '/v1.0/auth/reset', { json: {} });
    expect(Object.keys(missing.body.errors ?? {}).sort()).toEqual(['email', 'password', 'token']);
  });
});
