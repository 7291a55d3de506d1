import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, type JWTHeaderParameters, type JWTPayload } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as auth from '../../contract/auth';
import * as impersonation from '../../contract/impersonation';
import * as sandboxDev from '../../contract/sandbox/dev';
import * as usersContract from '../../contract/users';
import { impersonations, users } from '../db/schema';
import { startHarness, type Harness } from '../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());
beforeEach(async () => {
  await h.call(sandboxDev.resetRateLimits);
});

const TTL_SECONDS = 900;

const loginAsUser = (id: string, token?: string) => h.call(impersonation.loginAsUser, { body: { id }, token });
const endImpersonation = (token?: string) => h.call(impersonation.endImpersonation, { token });
const me = (token: string) => h.call(auth.me, { token });

function decode(token: string) {
  const [header, payload] = token.split('.').slice(0, 2);
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as JWTHeaderParameters,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as JWTPayload & Record<string, unknown>,
  };
}

/** A token signed with the server's own secret: what only a holder of JWT_SECRET could make. */
function sign(payload: Record<string, unknown>, header: Partial<JWTHeaderParameters>) {
  return new SignJWT(payload as JWTPayload).setProtectedHeader({ alg: 'HS256', ...header }).sign(h.config.jwtSecret);
}

const rowOf = async (id: string) => (await h.db.select().from(impersonations).where(eq(impersonations.id, id)))[0];

/** A signed-in admin acting as a new customer: the admin's session, the customer, the token. */
async function impersonating(customerFields: { firstName?: string; lastName?: string } = {}) {
  const admin = await h.signedInUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  const customer = await h.createUser({ firstName: 'Jane', lastName: 'Doe', ...customerFields });
  const res = await loginAsUser(customer.user._id, admin.accessToken);
  expect(res.status).toBe(200);
  const token = res.body.access_token!;
  return { admin, customer, token, res, impersonationId: String(decode(token).payload.sid) };
}

describe('POST /v1.0/auth/login-as-user', () => {
  it('issues a short-lived token for the user that names the admin (act) and its impersonation (sid), and sets no cookie', async () => {
    const { admin, customer, token, res, impersonationId } = await impersonating();
    expect(res.setCookie).toBeNull();
    expect(res.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: TTL_SECONDS,
      user: { _id: customer.user._id, role: 'user', impersonatedBy: { id: admin.user._id, name: 'Ada Admin' } },
    });
    const { header, payload } = decode(token);
    const now = Math.floor(h.clock.now() / 1000);
    expect(header).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    expect(payload).toEqual({
      iss: 'http://app.test',
      aud: 'http://app.test/v1.0',
      sub: customer.user._id,
      act: { sub: admin.user._id },
      role: 'user',
      sid: impersonationId,
      ver: 0,
      jti: expect.any(String),
      iat: now,
      exp: now + TTL_SECONDS,
    });
    // The session it names is the impersonation, not any refresh family of the user or the admin.
    expect(impersonationId).not.toBe(decode(admin.accessToken).payload.sid);
  });

  it("answers as the user on `me`, naming the admin; the admin's own token goes on as the admin", async () => {
    const { admin, customer, token } = await impersonating();
    const asCustomer = await me(token);
    expect(asCustomer.status).toBe(200);
    expect(asCustomer.body.user).toEqual({
      ...customer.user,
      // The session is the impersonation (its live updates have a channel of their own).
      sessionId: decode(token).payload.sid,
      impersonatedBy: { id: admin.user._id, name: 'Ada Admin' },
    });
    // Preferences changed while acting are the user's, and the answer still says who acts.
    const changed = await h.call(auth.updateMe, { body: { theme: 'dark' }, token });
    expect(changed.body.user).toMatchObject({ theme: 'dark', impersonatedBy: { id: admin.user._id } });
    const asAdmin = await me(admin.accessToken);
    expect(asAdmin.body.user).toEqual(admin.user);
    expect(asAdmin.body.user).not.toHaveProperty('impersonatedBy');
  });
});

describe('POST /v1.0/auth/login-as-user: what it refuses', () => {
  it('refuses to act as an admin (403), oneself included', async () => {
    const admin = await h.signedInUser({ role: 'admin' });
    const other = await h.createUser({ role: 'admin' });
    for (const id of [other.user._id, admin.user._id]) {
      const res = await loginAsUser(id, admin.accessToken);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'An admin cannot be impersonated.' });
      expect(res.body.access_token).toBeUndefined();
    }
    expect(await h.db.select().from(impersonations).where(eq(impersonations.adminId, admin.user._id))).toEqual([]);
  });

  it('answers 404 for an unknown user and 422 for an id that is not one', async () => {
    const admin = await h.signedInUser({ role: 'admin' });
    const unknown = await loginAsUser(randomUUID(), admin.accessToken);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'No user has this id.' });
    const malformed = await loginAsUser('42', admin.accessToken);
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual({ id: ['The id field is invalid.'] });
    expect((await h.call('POST', '/v1.0/auth/login-as-user', { json: {}, token: admin.accessToken })).status).toBe(422);
  });

  it('refuses an impersonation token: one impersonation cannot start another', async () => {
    const { token } = await impersonating();
    const next = await h.createUser();
    const res = await loginAsUser(next.user._id, token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Not while acting as another user: go back to your own account first.' });
  });

  it('never lets an impersonation token through an admin check, even if the user became an admin', async () => {
    const { customer, token } = await impersonating();
    const list = await h.call(usersContract.listUsers, { token });
    expect(list.status).toBe(403);
    expect(list.body.data).toBeUndefined();
    // Promoted mid-way: the token does not gain the role; it stops working altogether.
    await h.db.update(users).set({ role: 'admin' }).where(eq(users.id, customer.user._id));
    expect((await h.call(usersContract.listUsers, { token })).status).toBe(401);
    expect((await me(token)).status).toBe(401);
  });

  it('refuses a correctly signed token whose act is malformed or nested', async () => {
    const { token } = await impersonating();
    const { header, payload } = decode(token);
    expect((await me(await sign(payload, header))).status).toBe(200);
    for (const act of [
      'admin',
      { sub: 'x' },
      { sub: payload.sub },
      { ...(payload.act as object), act: { sub: randomUUID() } },
    ]) {
      expect((await me(await sign({ ...payload, act }, header))).status).toBe(401);
    }
    // Dropping `act` does not make it an ordinary session: `sid` is no refresh family.
    const { act: _act, ...withoutAct } = payload;
    expect((await me(await sign(withoutAct, header))).status).toBe(401);
  });
});

describe('the impersonations record', () => {
  it('records who acted as whom and when; the end records when and how, and stops the token at once', async () => {
    const started = h.clock.now();
    const { admin, customer, token, impersonationId } = await impersonating();
    const adminSession = String(decode(admin.accessToken).payload.sid);
    expect(await rowOf(impersonationId)).toEqual({
      id: impersonationId,
      adminId: admin.user._id,
      userId: customer.user._id,
      adminSessionId: adminSession,
      startedAt: new Date(started),
      expiresAt: new Date(started + TTL_SECONDS * 1000),
      endedAt: null,
      endedHow: null,
    });

    h.clock.advance(60_000);
    const end = await endImpersonation(token);
    expect(end.status).toBe(204);
    expect(end.setCookie).toBeNull();
    expect(await rowOf(impersonationId)).toMatchObject({ endedAt: new Date(started + 60_000), endedHow: 'ended' });

    expect((await me(token)).status).toBe(401);
    expect((await endImpersonation(token)).status).toBe(401);
    // The admin's own session goes on.
    expect((await me(admin.accessToken)).body.user?._id).toBe(admin.user._id);
    expect((await h.call(auth.refresh, { refreshToken: admin.refreshToken })).status).toBe(200);
  });

  it('answers 409 to an end called with an ordinary token, and 401 without one', async () => {
    const user = await h.signedInUser();
    const res = await endImpersonation(user.accessToken);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This session is not an impersonation.' });
    expect((await endImpersonation()).status).toBe(401);
  });

  it('expires after IMPERSONATION_TTL, whatever the token says, and closes as expired when the admin starts the next', async () => {
    const started = h.clock.now();
    const { admin, customer, token, impersonationId } = await impersonating();
    const { header, payload } = decode(token);

    h.clock.advance((TTL_SECONDS - 1) * 1000);
    expect((await me(token)).status).toBe(200);
    h.clock.advance(2000);
    expect((await me(token)).status).toBe(401);
    // Re-issued by someone holding the secret, fresh and for an hour: the record has ended it.
    const now = Math.floor(h.clock.now() / 1000);
    expect((await me(await sign({ ...payload, iat: now, exp: now + 3600 }, header))).status).toBe(401);

    expect(await rowOf(impersonationId)).toMatchObject({ endedAt: null, endedHow: null });
    // The admin's own access token has run out meanwhile too (same 15 minutes); their session has not.
    const refreshed = await h.call(auth.refresh, { refreshToken: admin.refreshToken });
    const next = await loginAsUser(customer.user._id, refreshed.body.access_token);
    expect(next.status).toBe(200);
    expect(await rowOf(impersonationId)).toMatchObject({
      endedAt: new Date(started + TTL_SECONDS * 1000),
      endedHow: 'expired',
    });
  });

  it("ends with the admin's own session: signing out there ends it as signed_out", async () => {
    const { admin, token, impersonationId } = await impersonating();
    await h.call(auth.logout, { refreshToken: admin.refreshToken, token: admin.accessToken });
    expect((await me(token)).status).toBe(401);
    expect(await rowOf(impersonationId)).toMatchObject({ endedHow: 'signed_out' });
  });

  it('signing out with the impersonation token signs the admin out too', async () => {
    const { admin, token, impersonationId } = await impersonating();
    const res = await h.call(auth.logout, { refreshToken: admin.refreshToken, token });
    expect(res.status).toBe(204);
    expect(await rowOf(impersonationId)).toMatchObject({ endedHow: 'signed_out' });
    expect((await me(token)).status).toBe(401);
    expect((await me(admin.accessToken)).status).toBe(401);
  });

  it('stops when the admin loses the role, or the user resets their password', async () => {
    const first = await impersonating();
    await h.db.update(users).set({ role: 'user' }).where(eq(users.id, first.admin.user._id));
    expect((await me(first.token)).status).toBe(401);

    const second = await impersonating();
    await h.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, second.customer.user._id));
    expect((await me(second.token)).status).toBe(401);
  });
});

describe('impersonation events', () => {
  it('are logged with both ids and never the token', async () => {
    const ip = '203.0.113.9';
    const admin = await h.signedInUser({ role: 'admin' });
    const customer = await h.createUser();
    const other = await h.createUser({ role: 'admin' });
    const started = await h.call(impersonation.loginAsUser, {
      body: { id: customer.user._id },
      token: admin.accessToken,
      ip,
    });
    const token = started.body.access_token!;
    await h.call(impersonation.loginAsUser, { body: { id: other.user._id }, token: admin.accessToken, ip });
    await h.call(impersonation.endImpersonation, { token, ip });

    const impersonationId = decode(token).payload.sid;
    const events = h.logs
      .lines()
      .filter((line) => String(line.event).startsWith('auth.impersonation') && line.userId === admin.user._id);
    expect(events).toEqual([
      expect.objectContaining({
        event: 'auth.impersonation_started',
        targetUserId: customer.user._id,
        impersonationId,
        ip,
      }),
      expect.objectContaining({
        event: 'auth.impersonation_refused',
        targetUserId: other.user._id,
        reason: 'admin_target',
        ip,
      }),
      expect.objectContaining({
        event: 'auth.impersonation_ended',
        targetUserId: customer.user._id,
        impersonationId,
        how: 'ended',
        ip,
      }),
    ]);
    expect(h.logs.text()).not.toContain(token);
    expect(h.logs.text()).not.toContain(token.split('.')[2]);
  });
});
