import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../../contract/auth';
import type { Language } from '../../contract/fields';
import { connectedAccounts, users } from '../db/schema';
import { SANDBOX_FACEBOOK_PEOPLE } from '../integrations/sandbox/facebook';
import { startHarness, TEST_ENV, type Harness } from '../test/harness';
import { answerConsent, connectSandboxFacebook } from '../test/sandbox';
import { splitName } from './facebook-auth';

/** Facebook sign-in and sign-up through the sandbox Facebook (decision 025). */
let h: Harness;
const [giulia, marco] = SANDBOX_FACEBOOK_PEOPLE;
const LOGIN_RETURN = `${TEST_ENV.APP_URL}/auth/facebook-login/callback`;
const REGISTER_RETURN = `${TEST_ENV.APP_URL}/auth/facebook-register/callback`;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

/** A guest's round trip: the binding cookie it was given, and where Facebook sent it back. */
async function guestRoundTrip(purpose: 'sign-in' | 'sign-up', person: string, decision = 'allow', cookie?: string) {
  const started = await h.call(auth.authorizeFacebookAuth, { body: { purpose }, headers: cookie ? { cookie } : {} });
  expect(started.status).toBe(200);
  const binding = started.setCookie?.match(/oauth_binding=([^;]+)/)?.[1];
  expect(started.setCookie).toMatch(/HttpOnly/i);
  const back = await answerConsent(h, started.body.url, { person, decision });
  return { cookie: `oauth_binding=${binding}`, back };
}

type Trip = { cookie: string; back: URL };
const returned = (trip: Trip, redirectUri: string) => ({
  code: trip.back.searchParams.get('code')!,
  state: trip.back.searchParams.get('state')!,
  redirect_uri: redirectUri,
});
/** The end of the round trip: back on the sign-in page, or on the sign-up page (with the page's language). */
const finish = {
  login: (trip: Trip) =>
    h.call(auth.facebookLogin, { headers: { cookie: trip.cookie }, body: returned(trip, LOGIN_RETURN) }),
  register: (trip: Trip, extra: { language?: Language } = {}) =>
    h.call(auth.facebookRegister, {
      headers: { cookie: trip.cookie },
      body: { ...returned(trip, REGISTER_RETURN), ...extra },
    }),
};

describe('signing up with Facebook', () => {
  it('creates the user from the profile, with the Facebook account connected, and signs them in', async () => {
    const trip = await guestRoundTrip('sign-up', marco.id);
    expect(trip.back.pathname).toBe('/auth/facebook-register/callback');
    const answer = await finish.register(trip, { language: 'it' });
    expect(answer.status).toBe(201);
    expect(answer.body.user).toMatchObject({
      firstName: 'Marco',
      lastName: 'Bianchi',
      email: marco.email,
      language: 'it',
    });
    expect(answer.setRefreshToken).toBeTruthy();
    const [row] = await h.db.select().from(users).where(eq(users.email, marco.email));
    expect(row!.passwordHash).toBeNull();
    const accounts = await h.db.select().from(connectedAccounts).where(eq(connectedAccounts.ownerId, row!.id));
    expect(accounts.map((each) => [each.externalId, each.isPrimary])).toEqual([[marco.id, true]]);
    // No password to guess: signing in with one is refused like a wrong one.
    expect((await h.call(auth.login, { body: { email: marco.email, password: 'Anything1' } })).status).toBe(401);
    expect(answer.body.account).toBe('created');
    // Twice: the person already has this account, and is signed in to it; nothing new is made.
    const again = await finish.register(await guestRoundTrip('sign-up', marco.id));
    expect(again.status).toBe(200);
    expect(again.body.account).toBe('existing');
    expect(again.body.user?._id).toBe(answer.body.user?._id);
    expect(again.setRefreshToken).toBeTruthy();
    expect(await h.db.select().from(users).where(eq(users.email, marco.email))).toHaveLength(1);
  });

  it('refuses an address taken by an account this Facebook account is not connected to', async () => {
    const sofia = SANDBOX_FACEBOOK_PEOPLE.find((person) => person.name === 'Sofia Esposito')!;
    await h.signedInUser({ email: sofia.email });
    const answer = await finish.register(await guestRoundTrip('sign-up', sofia.id));
    expect(answer.status).toBe(422);
    expect(answer.body.errors?.email).toEqual([expect.stringMatching(/already been taken/)]);
  });

  it('says so when the person declined to share their email', async () => {
    const answer = await finish.register(await guestRoundTrip('sign-up', giulia.id, 'allow-without-email'));
    expect(answer.status).toBe(422);
    expect(answer.body.errors?.email).toEqual([expect.stringMatching(/did not share your email/)]);
    expect(await h.db.select().from(users).where(eq(users.email, giulia.email))).toEqual([]);
  });
});

describe('signing in with Facebook', () => {
  it('answers 401 for a Facebook account nobody connected, and signs in the user who did', async () => {
    const unknown = await finish.login(await guestRoundTrip('sign-in', giulia.id));
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toMatch(/not linked to any user/);

    // A user connects Giulia's account from the integrations screen…
    const owner = await h.signedInUser();
    const stored = await connectSandboxFacebook(h, owner.accessToken, giulia.id);
    expect(stored.status).toBe(200);

    // …and can sign in with it from then on.
    const signedIn = await finish.login(await guestRoundTrip('sign-in', giulia.id));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user?._id).toBe(owner.user._id);
  });

  it("refuses a state from another browser, a replay, and a sign-up's state used to sign in", async () => {
    const trip = await guestRoundTrip('sign-in', marco.id);
    expect((await finish.login({ ...trip, cookie: 'oauth_binding=someone-else' })).status).toBe(409);
    expect((await finish.login({ ...trip, cookie: '' })).status).toBe(409);
    const signUp = await guestRoundTrip('sign-up', marco.id);
    expect((await finish.login(signUp)).status).toBe(409);
    // The first try spent nothing of the right browser's state: it still passes, once.
    expect((await finish.login(trip)).status).not.toBe(409);
    expect((await finish.login(trip)).status).toBe(409);
  });

  it('refuses a purpose that is not one', async () => {
    const answer = await h.call('POST', '/v1.0/auth/facebook/authorize', { json: { purpose: 'admin' } });
    expect(answer.status).toBe(422);
  });
});

describe('splitName', () => {
  it('takes the first word as the first name and the rest as the last', () => {
    expect(splitName('Giulia Rossi')).toEqual({ firstName: 'Giulia', lastName: 'Rossi' });
    expect(splitName('  Anna Maria  De Luca ')).toEqual({ firstName: 'Anna', lastName: 'Maria De Luca' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '-' });
  });
});
