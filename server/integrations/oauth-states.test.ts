import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthStates } from '../db/schema';
import { openTestDatabase, type TestDatabase } from '../test/database';
import { bindingOf, consumeOAuthState, issueOAuthState, OAUTH_STATE_TTL_MS, sweepOAuthStates } from './oauth-states';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const browser = bindingOf('session-1');
const start = (now = Date.now(), bindingHash = browser) =>
  issueOAuthState(
    database.db,
    { bindingHash, provider: 'facebook', purpose: 'connect', redirectUri: 'http://app.test/integrations' },
    now,
  );

describe('OAuth states', () => {
  it('are random, stored only as a hash, and give their round trip back once', async () => {
    const now = Date.now();
    const state = await start(now);
    expect(state).toMatch(/^[\w-]{43}$/);
    expect(await start(now)).not.toBe(state);
    const rows = await database.db.select().from(oauthStates);
    expect(rows.some((row) => row.stateHash === state)).toBe(false);

    const first = await consumeOAuthState(database.db, state, browser, now + 1000);
    expect(first).toMatchObject({
      state: { provider: 'facebook', purpose: 'connect', redirectUri: 'http://app.test/integrations' },
    });
    // A reload of the return, or a replay: refused, and the code is never exchanged twice.
    expect(await consumeOAuthState(database.db, state, browser, now + 2000)).toEqual({ refused: 'used' });
  });

  it('refuse a state from another browser, an expired one and one never issued, without using it up', async () => {
    const now = Date.now();
    const state = await start(now);
    expect(await consumeOAuthState(database.db, state, bindingOf('session-2'), now)).toEqual({
      refused: 'otherBrowser',
    });
    expect(await consumeOAuthState(database.db, state, browser, now + OAUTH_STATE_TTL_MS)).toEqual({
      refused: 'expired',
    });
    expect(await consumeOAuthState(database.db, 'made-up', browser, now)).toEqual({ refused: 'unknown' });
    // Still good for the browser it belongs to, in time.
    expect(await consumeOAuthState(database.db, state, browser, now + 1)).toHaveProperty('state');
  });

  it('let only one of two returns at once through', async () => {
    const now = Date.now();
    const state = await start(now);
    const results = await Promise.all([
      consumeOAuthState(database.db, state, browser, now),
      consumeOAuthState(database.db, state, browser, now),
    ]);
    expect(results.filter((result) => 'state' in result)).toHaveLength(1);
  });

  it('are forgotten a day after they ran out', async () => {
    const now = Date.now();
    const state = await start(now - 2 * 24 * 3_600_000);
    expect(await sweepOAuthStates(database.db, now)).toBeGreaterThanOrEqual(1);
    expect(await consumeOAuthState(database.db, state, browser, now)).toEqual({ refused: 'unknown' });
    const fresh = await start(now);
    await sweepOAuthStates(database.db, now);
    expect(
      (await database.db.select().from(oauthStates).where(eq(oauthStates.bindingHash, browser))).length,
    ).toBeGreaterThan(0);
    expect(await consumeOAuthState(database.db, fresh, browser, now)).toHaveProperty('state');
  });
});
