import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as auth from '../../contract/auth';
import type { RequestBody } from '../../contract/operation';
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

describe('POST /v1.0/auth/login', () => {
  it('signs the demo user in with a token answer and a refresh cookie', async () => {
    const res = await h.call(auth.login, { body: { email: 'demo@example.com', password: 'Demo1234' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(res.body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.user).toEqual({
      _id: expect.any(String),
      firstName: 'Demo',
      lastName: 'User',
      email: 'demo@example.com',
      role: 'user',
      plan: { id: 'starter', label: 'Starter' },
      language: null,
      theme: null,
      redeemedCoupons: [],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sessionId: expect.any(String),
    });
    expect(res.setCookie).toMatch(
      /^refresh_token=[\w-]{43}; Max-Age=604800; Path=\/v1\.0\/auth; HttpOnly; SameSite=Strict$/,
    );
  });

  it('puts the user id and role in the access token', async () => {
    const res = await h.call(auth.login, { body: { email: 'admin@example.com', password: 'Admin1234' } });
    const payload = JSON.parse(Buffer.from(res.body.access_token!.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ sub: res.body.user?._id, role: 'admin', sid: res.body.user?.sessionId });
    expect(payload.exp - payload.iat).toBe(900);
  });

  it('compares emails case-insensitively and trims them', async () => {
    const res = await h.call(auth.login, { body: { email: '  DEMO@Example.COM ', password: 'Demo1234' } });
    expect(res.status).toBe(200);
  });

  it.each([
    ['a wrong password', { email: 'demo@example.com', password: 'Demo12345' }],
    ['an unknown email', { email: 'nobody@example.com', password: 'Demo1234' }],
  ])('refuses %s with the same 401', async (_case, json) => {
    const res = await h.call(auth.login, { body: json });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'These credentials do not match our records.' });
    expect(res.setCookie).toBeNull();
  });

  it('validates the fields', async () => {
    const res = await h.call(auth.login, { body: { email: `${'a'.repeat(250)}@b.co`, password: 'x'.repeat(129) } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      email: ['The email field must not be greater than 254 characters.'],
      password: ['The password field must not be greater than 128 characters.'],
    });
    const invalid = await h.call(auth.login, { body: { email: 'not-an-email', password: '' } });
    expect(invalid.body.errors).toEqual({
      email: ['The email field must be a valid email address.'],
      password: ['The password field is required.'],
    });
  });
});

describe('POST /v1.0/auth/register', () => {
  const valid = () => ({
    firstName: ' Grace ',
    lastName: 'Hopper',
    email: `grace-${Math.random().toString(36).slice(2)}@Example.com`,
    password: 'Secret123',
  });

  it('creates the account and signs it in', async () => {
    const input = valid();
    const res = await h.call(auth.register, { body: input });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: input.email,
      role: 'user',
      language: null,
      theme: null,
    });
    expect(res.setRefreshToken).toMatch(/^[\w-]{43}$/);
    const me = await h.call(auth.me, { token: res.body.access_token });
    expect(me.body.user?.email).toBe(input.email);
    expect((await h.signIn(input.email, input.password)).user?._id).toBe(res.body.user?._id);
  });

  it('keeps a language the visitor chose; Accept-Language is no choice', async () => {
    const chosen = await h.call(auth.register, { body: { ...valid(), language: 'it' } });
    expect(chosen.body.user?.language).toBe('it');
    const unchosen = await h.call(auth.register, { body: valid(), headers: { 'accept-language': 'it-IT' } });
    expect(unchosen.body.user?.language).toBeNull();
  });

  it('refuses an email that is taken, whatever its case', async () => {
    const res = await h.call(auth.register, { body: { ...valid(), email: 'DEMO@example.com' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: ['The email has already been taken.'] });
  });

  it('lists every missing field', async () => {
    const res = await h.call('POST', '/v1.0/auth/register', { json: { firstName: '   ' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      firstName: ['The first name field is required.'],
      lastName: ['The last name field is required.'],
      email: ['The email field is required.'],
      password: ['The password field is required.'],
    });
  });

  it.each([
    ['short', 'Ab1', ['The password field must be at least 8 characters.']],
    ['no uppercase', 'secret123', ['The password field must contain at least one uppercase letter.']],
    ['no lowercase', 'SECRET123', ['The password field must contain at least one lowercase letter.']],
    [
      'none of it',
      '1234',
      [
        'The password field must be at least 8 characters.',
        'The password field must contain at least one uppercase letter.',
        'The password field must contain at least one lowercase letter.',
      ],
    ],
  ])('refuses a weak password (%s)', async (_case, password, messages) => {
    const res = await h.call(auth.register, { body: { ...valid(), password } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ password: messages });
  });

  it('refuses an invalid email, long names and an unknown language', async () => {
    const res = await h.call('POST', '/v1.0/auth/register', {
      json: { ...valid(), email: 'grace@', firstName: 'G'.repeat(101), language: 'fr' },
    });
    expect(res.body.errors).toEqual({
      email: ['The email field must be a valid email address.'],
      firstName: ['The first name field must not be greater than 100 characters.'],
      language: ['The selected language is invalid.'],
    });
  });
});

describe('POST /v1.0/auth/refresh', () => {
  it('rotates the token: a new access token and a new cookie', async () => {
    const session = await h.signedInUser();
    const res = await h.call(auth.refresh, { refreshToken: session.refreshToken });
    expect(res.status).toBe(200);
    expect(res.body.user?._id).toBe(session.user._id);
    expect(res.body.access_token).not.toBe(session.accessToken);
    expect(res.setRefreshToken).toMatch(/^[\w-]{43}$/);
    expect(res.setRefreshToken).not.toBe(session.refreshToken);
    expect(res.setCookie).toContain('Path=/v1.0/auth');

    const next = await h.call(auth.refresh, { refreshToken: res.setRefreshToken });
    expect(next.status).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const session = await h.signedInUser();
    const other = await h.signIn(session.email, session.password);
    const second = (await h.call(auth.refresh, { refreshToken: session.refreshToken })).setRefreshToken;

    const reuse = await h.call(auth.refresh, { refreshToken: session.refreshToken });
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ message: 'Unauthenticated.' });
    expect(reuse.setCookie).toMatch(/^refresh_token=; Max-Age=0; Path=\/v1\.0\/auth/);

    // The legitimate successor dies with its family; another sign-in's family lives on.
    expect((await h.call(auth.refresh, { refreshToken: second })).status).toBe(401);
    expect((await h.call(auth.refresh, { refreshToken: other.refreshToken })).status).toBe(200);
  });

  it('lets only one of two concurrent rotations of the same token win', async () => {
    const session = await h.signedInUser();
    const results = await Promise.all([
      h.call(auth.refresh, { refreshToken: session.refreshToken }),
      h.call(auth.refresh, { refreshToken: session.refreshToken }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it.each([
    ['no cookie', undefined],
    ['an empty cookie', ''],
    ['an unknown token', 'x'.repeat(43)],
  ])('answers 401 to %s', async (_case, refreshToken) => {
    const res = await h.call(auth.refresh, { refreshToken });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers 401 to an expired token (7 days unused)', async () => {
    const session = await h.signedInUser();
    h.clock.advance(7 * 24 * 3600_000);
    expect((await h.call(auth.refresh, { refreshToken: session.refreshToken })).status).toBe(401);
  });

  it('answers 401 once the user is deleted', async () => {
    const session = await h.signedInUser();
    await h.call(sandboxDev.deleteUser, { params: { id: session.user._id } });
    expect((await h.call(auth.refresh, { refreshToken: session.refreshToken })).status).toBe(401);
  });
});

describe('POST /v1.0/auth/logout', () => {
  it('clears the cookie and revokes the family', async () => {
    const session = await h.signedInUser();
    const rotated = (await h.call(auth.refresh, { refreshToken: session.refreshToken })).setRefreshToken;
    const res = await h.call(auth.logout, { refreshToken: rotated, token: session.accessToken });
    expect(res.status).toBe(204);
    expect(res.setCookie).toMatch(/^refresh_token=; Max-Age=0; Path=\/v1\.0\/auth/);
    expect((await h.call(auth.refresh, { refreshToken: rotated })).status).toBe(401);
  });

  it('answers 204 without a cookie too', async () => {
    expect((await h.call(auth.logout)).status).toBe(204);
    expect((await h.call(auth.logout, { refreshToken: 'unknown' })).status).toBe(204);
  });
});

describe('/v1.0/auth/me', () => {
  it('answers the signed-in user', async () => {
    const session = await h.signedInUser({ firstName: 'Mia' });
    const res = await h.call(auth.me, { token: session.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ _id: session.user._id, firstName: 'Mia', email: session.email });
  });

  it('changes the language', async () => {
    const session = await h.signedInUser();
    const res = await h.call(auth.updateMe, { token: session.accessToken, body: { language: 'it' } });
    expect(res.status).toBe(200);
    expect(res.body.user?.language).toBe('it');
    expect((await h.call(auth.me, { token: session.accessToken })).body.user?.language).toBe('it');
  });

  it('changes the theme and keeps the language, and the other way round', async () => {
    const session = await h.signedInUser();
    const call = (body: RequestBody<typeof auth.updateMe>) =>
      h.call(auth.updateMe, { token: session.accessToken, body });
    expect((await call({ language: 'it' })).body.user).toMatchObject({ language: 'it', theme: null });
    expect((await call({ theme: 'dark' })).body.user).toMatchObject({ language: 'it', theme: 'dark' });
    expect((await call({ language: 'en', theme: 'system' })).body.user).toMatchObject({
      language: 'en',
      theme: 'system',
    });
    const nothing = await call({});
    expect(nothing.status).toBe(200);
    expect(nothing.body.user).toMatchObject({ language: 'en', theme: 'system' });
  });

  it('validates the language and the theme', async () => {
    const session = await h.signedInUser();
    const wrong = await h.call('PATCH', '/v1.0/auth/me', {
      token: session.accessToken,
      json: { language: 'de', theme: 'sepia' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({
      language: ['The selected language is invalid.'],
      theme: ['The selected theme is invalid.'],
    });
    const typed = await h.call('PATCH', '/v1.0/auth/me', { token: session.accessToken, json: { theme: 1 } });
    expect(typed.status).toBe(422);
  });

  it('answers 401 to an expired access token', async () => {
    const session = await h.signedInUser();
    h.clock.advance(899_000);
    expect((await h.call(auth.me, { token: session.accessToken })).status).toBe(200);
    h.clock.advance(1_000);
    const res = await h.call(auth.me, { token: session.accessToken });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers 401 to a token signed with another secret or algorithm', async () => {
    const session = await h.signedInUser();
    const now = Math.floor(h.clock.now() / 1000);
    const forged = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.user._id)
      .setIssuedAt(now)
      .setExpirationTime(now + 900)
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const [, payload] = session.accessToken.split('.');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    for (const token of [forged, unsigned]) {
      expect((await h.call(auth.me, { token })).status).toBe(401);
    }
  });

  it.each([
    ['no header', {}],
    ['a malformed token', { authorization: 'Bearer not.a.jwt' }],
    ['another scheme', { authorization: 'Basic ZGVtbzpEZW1vMTIzNA==' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('answers 401 to %s', async (_case, headers) => {
    const res = await h.call(auth.me, { headers });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers 401 when the user no longer exists', async () => {
    const session = await h.signedInUser();
    await h.call(sandboxDev.deleteUser, { params: { id: session.user._id } });
    expect((await h.call(auth.me, { token: session.accessToken })).status).toBe(401);
  });
});
