import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as auth from '../../contract/auth';
import * as sandboxDev from '../../contract/sandbox/dev';
import { startHarness, type Harness } from '../test/harness';

/**
 * Two API instances (createApp twice, each with its own connection pool, limiter and memory) on
 * one PostgreSQL database and one JWT_SECRET, as behind a load balancer. Only in the
 * `server-postgres` project: on PGlite there is one process and one connection by design.
 */
const onPostgres = process.env.TEST_DB_BACKEND === 'postgres';

describe.runIf(onPostgres)('two API instances on one PostgreSQL', () => {
  let h: Harness;
  let a: Awaited<ReturnType<Harness['instance']>>;
  let b: Awaited<ReturnType<Harness['instance']>>;
  beforeAll(async () => {
    h = await startHarness();
    [a, b] = [await h.instance(), await h.instance()];
  });
  afterAll(() => h?.stop());
  beforeEach(async () => {
    await a.call(sandboxDev.resetRateLimits);
  });

  it('accept each other’s access tokens', async () => {
    const { email, password } = await h.createUser();
    const signedIn = await a.call(auth.login, { body: { email, password } });
    expect(signedIn.status).toBe(200);
    const me = await b.call(auth.me, { token: signedIn.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.user?.email).toBe(email);
  });

  it('see each other’s refreshes: a cookie rotated on one is refused by the other', async () => {
    const { email, password } = await h.createUser();
    const signedIn = await a.call(auth.login, { body: { email, password } });
    const rotated = await a.call(auth.refresh, { refreshToken: signedIn.setRefreshToken });
    expect(rotated.status).toBe(200);

    const replayed = await b.call(auth.refresh, { refreshToken: signedIn.setRefreshToken });
    expect(replayed.status).toBe(401);
    // That was reuse: the whole session ended, on both instances, access token included.
    expect((await a.call(auth.refresh, { refreshToken: rotated.setRefreshToken })).status).toBe(401);
    expect((await a.call(auth.me, { token: rotated.body.access_token })).status).toBe(401);
  });

  it('see each other’s sign-outs at once', async () => {
    const { email, password } = await h.createUser();
    const signedIn = await a.call(auth.login, { body: { email, password } });
    expect((await b.call(auth.logout, { refreshToken: signedIn.setRefreshToken })).status).toBe(204);
    expect((await a.call(auth.me, { token: signedIn.body.access_token })).status).toBe(401);
  });

  it('count sign-in attempts together', async () => {
    const { email, password } = await h.createUser();
    const attempt = (instance: typeof a, pass: string) =>
      instance.call(auth.login, { body: { email, password: pass }, ip: '10.8.0.1' });
    for (const instance of [a, b, a, b, a]) expect((await attempt(instance, 'Wrong1234')).status).toBe(401);
    expect((await attempt(b, password)).status).toBe(429);
    expect((await attempt(a, password)).status).toBe(429);
  });

  it('count a parallel burst spread over both exactly once', async () => {
    const { email } = await h.createUser();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).call(auth.login, { body: { email, password: 'Wrong1234' }, ip: '10.8.1.1' }),
      ),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(35);
  });
});
