import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as auth from '../../contract/auth';
import * as sandboxDev from '../../contract/sandbox/dev';
import * as userAccount from '../../contract/user-account';
import { DEFAULT_RATE_LIMITS } from '../http/rate-limiter';
import { startHarness, type Harness } from '../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());
beforeEach(async () => {
  await h.call(sandboxDev.resetRateLimits);
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;

const attempt = (email: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  h.call(auth.login, { body: { email, password }, ip, headers });

const statuses = (results: Array<{ status: number }>) =>
  results.reduce<Record<number, number>>((counts, r) => ({ ...counts, [r.status]: (counts[r.status] ?? 0) + 1 }), {});

describe('sign-in limits', () => {
  it('counts before checking: 50 parallel wrong passwords for one account get 5 answers, then 429s', async () => {
    const { email } = await h.createUser();
    const results = await Promise.all(Array.from({ length: 50 }, () => attempt(email, 'Wrong1234', '10.0.0.1')));
    expect(statuses(results)).toEqual({ 401: 5, 429: 45 });
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body).toEqual({ message: 'Too many attempts. Try again in 1 minute.' });
  });

  it('refuses after five failures for one account and IP, even the right password, with a wait that doubles', async () => {
    const { email, password } = await h.createUser();
    for (let i = 0; i < 5; i++) expect((await attempt(email, 'Wrong1234', '10.0.1.1')).status).toBe(401);
    const refused = await attempt(email, password, '10.0.1.1');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');

    // Each further failure, once its wait is over, doubles the next wait, up to 15 minutes.
    for (const wait of [60, 120, 240, 480, 900, 900]) {
      expect((await attempt(email, 'Wrong1234', '10.0.1.1')).headers.get('retry-after')).toBe(String(wait));
      h.clock.advance(wait * SECOND);
      expect((await attempt(email, 'Wrong1234', '10.0.1.1')).status).toBe(401);
    }
    expect((await attempt(email, password, '10.0.1.1')).status).toBe(429);
    // The person, from another address, is not held by this one's waits.
    expect((await attempt(email, password, '10.0.1.2')).status).toBe(200);
  });

  it('limits an account across IPs: 10 failures from 10 addresses, then waits for everyone', async () => {
    const { email, password } = await h.createUser();
    for (let i = 0; i < 10; i++) expect((await attempt(email, 'Wrong1234', `10.0.2.${i}`)).status).toBe(401);
    const refused = await attempt(email, password, '10.0.2.200');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    h.clock.advance(MINUTE);
    expect((await attempt(email, password, '10.0.2.200')).status).toBe(200);
  });

  it('forgets the failures of an account from an IP after a successful sign-in there', async () => {
    const { email, password } = await h.createUser();
    for (let i = 0; i < 4; i++) expect((await attempt(email, 'Wrong1234', '10.0.3.1')).status).toBe(401);
    expect((await attempt(email, password, '10.0.3.1')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(email, 'Wrong1234', '10.0.3.1')).status).toBe(401);
    expect((await attempt(email, password, '10.0.3.1')).status).toBe(200);
  });

  it('lets the failures age out: 15 minutes after the first one, or after the last wait', async () => {
    const { email, password } = await h.createUser();
    for (let i = 0; i < 4; i++) await attempt(email, 'Wrong1234', '10.0.4.1');
    h.clock.advance(15 * MINUTE);
    for (let i = 0; i < 4; i++) expect((await attempt(email, 'Wrong1234', '10.0.4.1')).status).toBe(401);
    expect((await attempt(email, 'Wrong1234', '10.0.4.1')).status).toBe(401);
    expect((await attempt(email, password, '10.0.4.1')).status).toBe(429);
    h.clock.advance(MINUTE + 15 * MINUTE);
    // A quiet window after the wait ended: counted from scratch again.
    for (let i = 0; i < 4; i++) expect((await attempt(email, 'Wrong1234', '10.0.4.1')).status).toBe(401);
    expect((await attempt(email, password, '10.0.4.1')).status).toBe(200);
  });

  it('does not lock a shared address (NAT) out early: 99 failures across accounts, then a correct sign-in', async () => {
    const ip = '192.0.2.10';
    for (let i = 0; i < 99; i++) {
      expect((await attempt(`colleague${i}@example.com`, 'Wrong1234', ip)).status, `failure ${i + 1}`).toBe(401);
    }
    const { email, password } = await h.createUser();
    expect((await attempt(email, password, ip)).status).toBe(200);
    // Successes are not counted against the address: the 100th failure is still allowed ...
    expect((await attempt('colleague99@example.com', 'Wrong1234', ip)).status).toBe(401);
    // ... and only then does the address wait, 1 second first, doubling up to 5 minutes.
    const refused = await attempt(email, password, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    h.clock.advance(SECOND);
    expect((await attempt(email, password, ip)).status).toBe(200);
    // Other addresses never noticed.
    expect((await attempt(email, password, '192.0.2.11')).status).toBe(200);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const { email } = await h.createUser();
    for (let i = 0; i < 5; i++) {
      expect((await attempt(email, 'Wrong1234', `2001:db8:1:2::${i + 1}`)).status).toBe(401);
    }
    expect((await attempt(email, 'Wrong1234', '2001:db8:1:2:ffff::9')).status).toBe(429);
    expect((await attempt(email, 'Wrong1234', '2001:db8:1:3::1')).status).toBe(401);
  });

  it('answers in Italian with the wait', async () => {
    for (let i = 0; i < 5; i++) await attempt('x@example.com', 'Wrong1234', '10.0.5.1');
    const res = await attempt('x@example.com', 'Wrong1234', '10.0.5.1', { 'accept-language': 'it' });
    expect(res.body.message).toBe('Troppi tentativi. Riprova tra 1 minuto.');
  });

  it('is cleared by POST /dev/rate-limits/reset', async () => {
    for (let i = 0; i < 5; i++) await attempt('demo@example.com', 'Wrong1234', '10.0.6.1');
    expect((await attempt('demo@example.com', 'Demo1234', '10.0.6.1')).status).toBe(429);
    expect((await h.call(sandboxDev.resetRateLimits)).status).toBe(204);
    expect((await attempt('demo@example.com', 'Demo1234', '10.0.6.1')).status).toBe(200);
  });
});

describe('sign-up limits', () => {
  const register = (ip: string, n: number) =>
    h.call(auth.register, {
      body: {
        firstName: 'N',
        lastName: 'N',
        email: `signup-${n}-${Math.random()}@example.test`,
        password: 'Secret123',
      },
      ip,
    });

  it('allows 20 sign-ups per IP, then makes it wait', async () => {
    const { max } = DEFAULT_RATE_LIMITS.signUp.perIp;
    expect(max).toBe(20);
    for (let i = 0; i < max; i++) expect((await register('10.9.0.1', i)).status).toBe(201);
    const refused = await register('10.9.0.1', 99);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect((await register('10.9.0.2', 100)).status).toBe(201);
  });

  it('counts a taken address too (it is how accounts are probed), but not a 422 for the fields', async () => {
    for (let i = 0; i < 20; i++) {
      await h.call('POST', '/v1.0/auth/register', { json: { firstName: 'N' }, ip: '10.9.1.1' });
    }
    for (let i = 0; i < 20; i++) {
      const taken = await h.call(auth.register, {
        body: { firstName: 'N', lastName: 'N', email: 'demo@example.com', password: 'Secret123' },
        ip: '10.9.1.1',
      });
      expect(taken.status).toBe(422);
    }
    expect((await register('10.9.1.1', 1)).status).toBe(429);
  });
});

describe('email change limits', () => {
  const ask = (token: string, email: string, currentPassword: string, ip: string) =>
    h.call(userAccount.requestEmailChange, { token, body: { email, currentPassword }, ip });

  it('counts every "taken" answer as sign-up does: 5 per account, then a wait', async () => {
    const { max } = DEFAULT_RATE_LIMITS.emailChange.perAccount;
    expect(max).toBe(5);
    const { email: taken } = await h.createUser();
    const prober = await h.signedInUser();
    for (let i = 0; i < max; i++) {
      const answer = await ask(prober.accessToken, taken, prober.password, `10.9.2.${i}`);
      expect(answer.status).toBe(422);
    }
    const refused = await ask(prober.accessToken, `free-${Math.random()}@example.test`, prober.password, '10.9.2.99');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
  });

  it('limits an address across accounts: 20, then a wait', async () => {
    const { max } = DEFAULT_RATE_LIMITS.emailChange.perIp;
    expect(max).toBe(20);
    const { email: taken } = await h.createUser();
    for (let i = 0; i < max; i++) {
      const prober = await h.signedInUser();
      expect((await ask(prober.accessToken, taken, prober.password, '10.9.3.1')).status).toBe(422);
    }
    const prober = await h.signedInUser();
    expect((await ask(prober.accessToken, taken, prober.password, '10.9.3.1')).status).toBe(429);
    expect((await ask(prober.accessToken, taken, prober.password, '10.9.3.2')).status).toBe(422);
  });
});
