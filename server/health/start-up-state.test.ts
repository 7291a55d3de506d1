import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../../contract/auth';
import * as health from '../../contract/health';
import { startHarness, type Harness } from '../test/harness';
import { startUpState } from './start-up-state';

// The server listens before its database is set up (server/main.ts, docs/decisions/060).
describe('a start under way', () => {
  const started = startUpState();
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ startUp: started });
  });
  afterAll(() => h.stop());

  it('answers the health check at once, saying which parts are starting', async () => {
    const answer = await h.call(health.health);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'starting', parts: { database: 'starting', jobs: 'starting' } });
  });

  it('holds a request that needs the database until the database is ready, then answers it', async () => {
    const { row: user, password } = await h.factories.user();
    let answered = false;
    const login = h.call(auth.login, { body: { email: user.email, password } }).finally(() => (answered = true));
    // What did not happen can only be checked after a while: a sign-in answers in a few tens of
    // milliseconds here, so one not answered in a second is waiting (without the wait, this fails).
    await Promise.race([login, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    expect(answered).toBe(false);
    started.ready('database');
    expect((await login).status).toBe(200);
    expect((await h.call(health.health)).body).toEqual({
      status: 'starting',
      parts: { database: 'ready', jobs: 'starting' },
    });
    started.ready('jobs');
    expect((await h.call(health.health)).body).toEqual({ status: 'ok', parts: { database: 'ready', jobs: 'ready' } });
  });
});
