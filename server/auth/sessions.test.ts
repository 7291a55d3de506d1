import { randomUUID } from 'node:crypto';
import { SignJWT, type JWTHeaderParameters, type JWTPayload } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as auth from '../../contract/auth';
import * as sandboxDev from '../../contract/sandbox/dev';
import { startHarness, type Harness } from '../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());
beforeEach(async () => {
  await h.call(sandboxDev.resetRateLimits);
});

const DAY = 24 * 3600_000;

const me = (token: string, headers: Record<string, string> = {}) =>
  h.call(auth.me, { headers: { authorization: `Bearer ${token}`, ...headers } });
const refresh = (refreshToken: string) => h.call(auth.refresh, { refreshToken });

function decode(token: string) {
  const [header, payload] = token.split('.').slice(0, 2);
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as JWTHeaderParameters,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as JWTPayload & Record<string, unknown>,
  };
}

/** A token signed with the server's own secret: what only a holder of JWT_SECRET could make. */
function sign(payload: Record<string, unknown>, header: Partial<JWTHeaderParameters> = {}) {
  return new SignJWT(payload as JWTPayload).setProtectedHeader({ alg: 'HS256', ...header }).sign(h.config.jwtSecret);
}

/** The claims of a genuine token of `session`, to alter one at a time. */
function genuine(accessToken: string) {
  return decode(accessToken);
}

describe('access token claims', () => {
  it('carries issuer, audience, type, session and version', async () => {
    const session = await h.signedInUser();
    const { header, payload } = decode(session.accessToken);
    expect(header).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    expect(payload).toEqual({
      iss: 'http://app.test',
      aud: 'http://app.test/v1.0',
      sub: session.user._id,
      role: 'user',
      sid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ver: 0,
      jti: expect.any(String),
      iat: Math.floor(h.clock.now() / 1000),
      exp: Math.floor(h.clock.now() / 1000) + 900,
    });
    // A re-signed copy of the genuine claims passes: the tests below change one thing each.
    expect((await me(await sign(payload, header))).status).toBe(200);
  });

  it.each([
    ['another issuer', { iss: 'http://elsewhere.test' }],
    ['no issuer', { iss: undefined }],
    ['another audience', { aud: 'http://app.test/admin' }],
    ['no audience', { aud: undefined }],
    ['a subject that is not a UUID', { sub: 'admin' }],
    ['a subject that is a number', { sub: 42 }],
    ['no session', { sid: undefined }],
    ['a session that is not a UUID', { sid: 'x' }],
    ['an unknown session', { sid: randomUUID() }],
    ['no version', { ver: undefined }],
    ['another version', { ver: 1 }],
    ['a version that is not a number', { ver: '0' }],
    ['no issue time', { iat: undefined }],
  ])('answers 401, never 500, to a correctly signed token with %s', async (_case, change) => {
    const session = await h.signedInUser();
    const { header, payload } = genuine(session.accessToken);
    const res = await me(await sign({ ...payload, ...change }, header));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  });

  it.each([
    ['no type', { typ: undefined }],
    ['the generic JWT type', { typ: 'JWT' }],
  ])('answers 401 to a token with %s in its header', async (_case, header) => {
    const session = await h.signedInUser();
    const { payload } = genuine(session.accessToken);
    const token = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', ...(header.typ ? { typ: header.typ } : {}) })
      .sign(h.config.jwtSecret);
    expect((await me(token)).status).toBe(401);
  });

  it('answers 401 to a token issued in the future or living longer than the TTL', async () => {
    const session = await h.signedInUser();
    const { header, payload } = genuine(session.accessToken);
    const now = Math.floor(h.clock.now() / 1000);
    // Within the 30-second leeway another instance's clock may be ahead.
    expect((await me(await sign({ ...payload, iat: now + 20 }, header))).status).toBe(200);
    expect((await me(await sign({ ...payload, iat: now + 120, exp: now + 1000 }, header))).status).toBe(401);
    // A long `exp` (a token minted before ACCESS_TOKEN_TTL was lowered, or by a leaked secret)
    // still ends at iat + TTL + leeway.
    const old = await sign({ ...payload, iat: now - 900 - 31, exp: now + 3600 }, header);
    expect((await me(old)).status).toBe(401);
  });

  it.each([
    ['two tokens', (t: string) => `Bearer ${t} ${t}`],
    ['a trailing word', (t: string) => `Bearer ${t} x`],
    ['a comma list', (t: string) => `Bearer ${t},${t}`],
  ])('answers 401 to an Authorization header with %s', async (_case, header) => {
    const session = await h.signedInUser();
    const res = await h.call(auth.me, { headers: { authorization: header(session.accessToken) } });
    expect(res.status).toBe(401);
  });

  it('accepts the scheme in any case', async () => {
    const session = await h.signedInUser();
    const res = await h.call(auth.me, { headers: { authorization: `bearer ${session.accessToken}` } });
    expect(res.status).toBe(200);
  });
});

describe('signing out ends the access token at once', () => {
  it("ends the signed-out session's access token, and only that one", async () => {
    const session = await h.signedInUser();
    const other = await h.signIn(session.email, session.password);
    const res = await h.call(auth.logout, { refreshToken: session.refreshToken });
    expect(res.status).toBe(204);
    expect((await me(session.accessToken)).status).toBe(401);
    expect((await me(other.accessToken)).status).toBe(200);
  });

  it('ends the access tokens of every rotation of the session', async () => {
    const session = await h.signedInUser();
    const rotated = await refresh(session.refreshToken);
    await h.call(auth.logout, { refreshToken: rotated.setRefreshToken });
    expect((await me(session.accessToken)).status).toBe(401);
    expect((await me(rotated.body.access_token!)).status).toBe(401);
  });

  it('signs out the bearer token’s session when the cookie is missing', async () => {
    const session = await h.signedInUser();
    expect((await h.call(auth.logout, { token: session.accessToken })).status).toBe(204);
    expect((await me(session.accessToken)).status).toBe(401);
    expect((await refresh(session.refreshToken)).status).toBe(401);
  });

  it('ends the access tokens of a family whose refresh token was reused', async () => {
    const session = await h.signedInUser();
    const rotated = await refresh(session.refreshToken);
    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect((await me(rotated.body.access_token!)).status).toBe(401);
  });
});

describe('the calls the refresh cookie authenticates', () => {
  it('are refused (403) when the browser says they come from another origin, and the session lives on', async () => {
    const session = await h.signedInUser();
    const appOrigin = new URL(h.config.appUrl).origin;
    for (const headers of <Array<Record<string, string>>>[
      // A page on another port of the same host: the same site, another origin.
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost:9999' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site', origin: appOrigin },
      // A browser without Fetch Metadata: its Origin.
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ]) {
      for (const op of [auth.refresh, auth.logout]) {
        const refused = await h.call(op, {
          refreshToken: session.refreshToken,
          headers: { ...headers, 'content-type': 'text/plain' },
        });
        expect(refused.status, `${op.path} ${JSON.stringify(headers)}`).toBe(403);
        expect(refused.body).toMatchObject({ message: 'This request is accepted from the app’s own pages only.' });
        expect(refused.setCookie).toBeNull();
      }
    }
    expect((await me(session.accessToken)).status).toBe(200);
    // From the app's own pages, by either word; and from a client that says neither (a script).
    const sameOrigin = await h.call(auth.refresh, {
      refreshToken: session.refreshToken,
      headers: { 'sec-fetch-site': 'same-origin', origin: appOrigin },
    });
    expect(sameOrigin.status).toBe(200);
    const byOrigin = await h.call(auth.refresh, {
      refreshToken: sameOrigin.setRefreshToken!,
      headers: { origin: appOrigin },
    });
    expect(byOrigin.status).toBe(200);
    expect((await h.call(auth.logout, { refreshToken: byOrigin.setRefreshToken! })).status).toBe(204);
  });
});

describe('refresh families', () => {
  it('set a cookie that lasts the idle timeout (7 days)', async () => {
    const session = await h.signedInUser();
    const res = await refresh(session.refreshToken);
    expect(res.setCookie).toMatch(
      /^refresh_token=[\w-]{43}; Max-Age=604800; Path=\/v1\.0\/auth; HttpOnly; SameSite=Strict$/,
    );
  });

  it('end after 7 days without a refresh', async () => {
    const session = await h.signedInUser();
    h.clock.advance(7 * DAY - 1000);
    const kept = await refresh(session.refreshToken);
    expect(kept.status).toBe(200);
    h.clock.advance(7 * DAY);
    expect((await refresh(kept.setRefreshToken!)).status).toBe(401);
  });

  it('end 30 days after the sign-in however often they are refreshed', async () => {
    const session = await h.signedInUser();
    let token = session.refreshToken;
    for (let day = 6; day < 30; day += 6) {
      h.clock.advance(6 * DAY);
      const res = await refresh(token);
      expect(res.status, `day ${day}`).toBe(200);
      token = res.setRefreshToken!;
    }
    // Day 24: the cookie and its token last the 6 days left, not another 7.
    h.clock.advance(5 * DAY);
    const last = await refresh(token);
    expect(last.status).toBe(200);
    expect(last.setCookie).toContain(`Max-Age=${DAY / 1000}`);
    const access = last.body.access_token!;
    h.clock.advance(DAY - 60_000);
    expect((await me(access)).status).toBe(401); // 15 minutes are long gone anyway
    const final = await refresh(last.setRefreshToken!);
    expect(final.status).toBe(200);
    expect(final.setCookie).toContain('Max-Age=60');
    h.clock.advance(30_000);
    // The session's end also ends an access token issued just before it.
    expect((await me(final.body.access_token!)).status).toBe(200);
    h.clock.advance(30_000);
    expect((await me(final.body.access_token!)).status).toBe(401);
    expect((await refresh(final.setRefreshToken!)).status).toBe(401);
  });
});

describe('sign-up', () => {
  it('writes the user and the session in one transaction', async () => {
    const email = `atomic-${randomUUID()}@example.test`;
    // A fault between the two writes: every new refresh token is refused by the database.
    await h.db.execute(sql.raw(`alter table refresh_tokens add constraint test_fault check (false) not valid`));
    try {
      const res = await h.call(auth.register, {
        body: { firstName: 'A', lastName: 'B', email, password: 'Secret123' },
      });
      expect(res.status).toBe(500);
    } finally {
      await h.db.execute(sql.raw(`alter table refresh_tokens drop constraint test_fault`));
    }
    // No account was left behind: the same address signs up at once.
    const again = await h.call(auth.register, {
      body: { firstName: 'A', lastName: 'B', email, password: 'Secret123' },
    });
    expect(again.status).toBe(201);
  });
});
