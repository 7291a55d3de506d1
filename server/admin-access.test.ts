import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as impersonationContract from '../contract/impersonation';
import { OPERATIONS } from '../contract/operations';
import * as operation from '../contract/operation';
import { startHarness, type Harness } from './test/harness';

/**
 * Who reaches the admin area (docs/product.md#access): every admin endpoint, from the contract, so
 * a new one is covered the day it is declared: no token is a 401, a user's token a 403, an
 * impersonation's token (an admin acting as a user) a 403, and an admin gets past the role check
 * (whatever the request then says).
 */
const ADMIN_OPERATIONS = OPERATIONS.filter((op) => op.access === 'admin');
const SOME_ID = '00000000-0000-4000-8000-000000000000';

let h: Harness;
let tokens: { user: string; impersonation: string; admin: string };
beforeAll(async () => {
  h = await startHarness();
  const admin = await h.signedInUser({ role: 'admin' });
  const customer = await h.createUser();
  const acting = await h.call(impersonationContract.loginAsUser, {
    token: admin.accessToken,
    body: { id: customer.user._id },
  });
  expect(acting.status).toBe(200);
  tokens = {
    user: (await h.signedInUser()).accessToken,
    impersonation: acting.body.access_token!,
    admin: admin.accessToken,
  };
});
afterAll(() => h?.stop());

const call = (op: (typeof ADMIN_OPERATIONS)[number], token?: string) => {
  const names = [...op.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
  const path = operation.fillPath(op.path, Object.fromEntries(names.map((name) => [name, SOME_ID])));
  return h.call(op.method, path, { token, ...(op.body ? { json: {} } : {}) });
};

describe('the admin endpoints', () => {
  it('are found in the contract (a guard against an empty table)', () => {
    expect(ADMIN_OPERATIONS.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining([
        'GET /v1.0/users',
        'POST /v1.0/auth/login-as-user',
        'GET /v1.0/comments',
        'PATCH /v1.0/comments',
      ]),
    );
  });

  for (const op of ADMIN_OPERATIONS) {
    it(`${op.method} ${op.path}: 401 without a token, 403 for a user or an impersonation, past the check for an admin`, async () => {
      expect((await call(op)).status).toBe(401);
      expect((await call(op, 'not-a-token')).status).toBe(401);
      const asUser = await call(op, tokens.user);
      expect(asUser.status).toBe(403);
      expect(asUser.body).toEqual({ message: 'Forbidden.' });
      expect((await call(op, tokens.impersonation)).status).toBe(403);
      expect([401, 403]).not.toContain((await call(op, tokens.admin)).status);
    });
  }
});
