import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema';
import { openTestDatabase, type TestDatabase } from '../test/database';
import { BackgroundTasks } from './background';
import { accountSubject, addressSubject, rateLimitCheck, RateLimiter, type Limit } from './rate-limiter';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());
beforeEach(async () => {
  await database.db.delete(rateLimits);
});
// A test's sweeps (run after its attempts) must not reach into the next test's rows.
const backgrounds: BackgroundTasks[] = [];
afterEach(async () => {
  await Promise.all(backgrounds.splice(0).map((background) => background.idle()));
});

const SECOND = 1000;
const limit: Limit = { max: 3, windowMs: 60 * SECOND, backoffMs: 10 * SECOND, maxBackoffMs: 60 * SECOND };

function limiterAt(start = Date.now()) {
  let now = start;
  const background = new BackgroundTasks((error) => {
    throw error;
  });
  backgrounds.push(background);
  const limiter = new RateLimiter(
    database.db,
    () => now,
    (task) => background.defer(task),
  );
  return { limiter, background, advance: (ms: number) => (now += ms) };
}

const check = (subject = 'k', rule = limit) => rateLimitCheck('test', 'ip', rule, subject);
const waitOf = (verdict: Awaited<ReturnType<RateLimiter['attempt']>>) =>
  verdict.allowed ? 0 : verdict.retryAfterSeconds;

describe('RateLimiter', () => {
  it('lets max attempts through, then makes each further one wait, doubling up to the cap', async () => {
    const { limiter, advance } = limiterAt();
    for (let i = 0; i < 3; i++) expect(await limiter.attempt([check()])).toEqual({ allowed: true });
    const refused = await limiter.attempt([check()]);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 10, refusedBy: check() });
    advance(9_001);
    expect(waitOf(await limiter.attempt([check()]))).toBe(1);
    advance(999);
    for (const wait of [20, 40, 60, 60]) {
      expect(waitOf(await limiter.attempt([check()]))).toBe(0);
      expect(waitOf(await limiter.attempt([check()]))).toBe(wait);
      advance(wait * SECOND);
    }
  });

  it('counts before anything else: of 50 concurrent attempts exactly max get through', async () => {
    const { limiter } = limiterAt();
    const verdicts = await Promise.all(Array.from({ length: 50 }, () => limiter.attempt([check('race')])));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(3);
  });

  it('does not count a refused attempt: hammering does not lengthen the wait', async () => {
    const { limiter, advance } = limiterAt();
    for (let i = 0; i < 3; i++) await limiter.attempt([check()]);
    for (let i = 0; i < 20; i++) await limiter.attempt([check()]);
    advance(10 * SECOND);
    expect(waitOf(await limiter.attempt([check()]))).toBe(0);
    expect(waitOf(await limiter.attempt([check()]))).toBe(20);
  });

  it('gives an attempt back with refund, lifting the wait it set', async () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 3; i++) await limiter.attempt([check()]);
    await limiter.refund([check()]);
    expect(waitOf(await limiter.attempt([check()]))).toBe(0);
    expect(waitOf(await limiter.attempt([check()]))).toBe(10);
  });

  it('checks counters in order, and gives back the earlier ones when a later one refuses', async () => {
    const { limiter } = limiterAt();
    const tight = check('tight', { ...limit, max: 1 });
    expect(waitOf(await limiter.attempt([check('a'), tight]))).toBe(0);
    const refused = await limiter.attempt([check('a'), tight]);
    expect(refused).toMatchObject({ allowed: false, refusedBy: tight });
    // `a` counted one attempt, not two: two more go through.
    expect(waitOf(await limiter.attempt([check('a')]))).toBe(0);
    expect(waitOf(await limiter.attempt([check('a')]))).toBe(0);
    expect(waitOf(await limiter.attempt([check('a')]))).toBe(10);
  });

  it('forgets a counter a window after its first attempt, or a window after its last wait ends', async () => {
    const { limiter, advance } = limiterAt();
    for (let i = 0; i < 2; i++) await limiter.attempt([check()]);
    advance(60 * SECOND);
    for (let i = 0; i < 3; i++) expect(waitOf(await limiter.attempt([check()]))).toBe(0);
    advance(10 * SECOND + 59 * SECOND);
    expect(waitOf(await limiter.attempt([check()]))).toBe(0);
    expect(waitOf(await limiter.attempt([check()]))).toBe(20);
    advance(20 * SECOND + 60 * SECOND);
    for (let i = 0; i < 3; i++) expect(waitOf(await limiter.attempt([check()]))).toBe(0);
  });

  it('clears one counter, or every counter (even when reset is not awaited)', async () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 3; i++) await limiter.attempt([check('a'), check('b')]);
    await limiter.clear(check('a').key);
    expect(waitOf(await limiter.attempt([check('a')]))).toBe(0);
    expect(waitOf(await limiter.attempt([check('b')]))).toBe(10);
    void limiter.reset();
    expect(waitOf(await limiter.attempt([check('b')]))).toBe(0);
  });

  it('deletes expired counters now and then, after the answer', async () => {
    const { limiter, background, advance } = limiterAt();
    for (let i = 0; i < 5; i++) await limiter.attempt([check(`once-${i}`)]);
    await background.idle();
    expect(await database.db.select().from(rateLimits)).toHaveLength(5);
    advance(61 * SECOND);
    await limiter.attempt([check('fresh')]);
    await background.idle();
    expect((await database.db.select().from(rateLimits)).map((row) => row.key)).toEqual([check('fresh').key]);
  });

  it('keeps no email or address in the table', async () => {
    const { limiter } = limiterAt();
    await limiter.attempt([
      rateLimitCheck('sign_in', 'account_ip', limit, accountSubject(' Ann@Example.com'), '10.0.0.1'),
    ]);
    const [row] = await database.db.select().from(rateLimits);
    expect(row.key).toMatch(/^sign_in:account_ip:[\w-]{32}$/);
    expect(rateLimitCheck('sign_in', 'account_ip', limit, accountSubject('ann@example.com '), '10.0.0.1').key).toBe(
      row.key,
    );
  });
});

describe('addressSubject', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('counts %s as %s', (ip, subject) => {
    expect(addressSubject(ip)).toBe(subject);
  });
});
