import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as auth from '../../contract/auth';
import * as impersonation from '../../contract/impersonation';
import * as sandboxDev from '../../contract/sandbox/dev';
import * as userAccount from '../../contract/user-account';
import { channels, comments, projectChannels, projects, users } from '../db/schema';
import { startHarness, type Harness } from '../test/harness';

/**
 * The account page's operations (docs/product.md#the-account): the profile, changing the password
 * (the other sessions end), signing out everywhere, deleting the account with everything it owns.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const me = (token: string) => h.call(auth.me, { token });

describe('the profile', () => {
  it('changes names without a password; a new address is refused there, a change of its case is not', async () => {
    const user = await h.signedInUser();
    const other = await h.createUser();
    const changed = await h.call(auth.updateMe, {
      token: user.accessToken,
      body: { firstName: '  Ada ', lastName: 'Lovelace', email: user.email.toUpperCase() },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: user.email.toUpperCase(),
    });
    // A new address, free or another account's, is never taken here (nor said to be taken).
    for (const email of ['ada.new@example.com', other.email.toUpperCase()]) {
      const refused = await h.call(auth.updateMe, { token: user.accessToken, body: { email } });
      expect(refused.status).toBe(422);
      expect(refused.body.errors?.email?.[0]).toContain('with your password');
    }
    expect((await me(user.accessToken)).body.user?.email).toBe(user.email.toUpperCase());
    for (const json of [
      { firstName: '' },
      { email: 'not-an-email' },
      { lastName: 'x'.repeat(101) },
      { firstName: 'a\nb' },
    ]) {
      expect((await h.call(auth.updateMe, { token: user.accessToken, body: json })).status, JSON.stringify(json)).toBe(
        422,
      );
    }
  });
});

describe('changing the email address', () => {
  beforeEach(async () => {
    await h.call(sandboxDev.resetRateLimits);
  });

  const ask = (token: string, email: string, currentPassword: string) =>
    h.call(userAccount.requestEmailChange, { token, body: { email, currentPassword } });
  const confirm = (token: string, linkToken: string, refreshToken?: string) =>
    h.call(userAccount.confirmEmailChange, { token, refreshToken, body: { token: linkToken } });
  const fresh = () => `new${Math.random().toString(36).slice(2)}@example.test`;
  /** The token of the latest confirmation link mailed to `email`. */
  const linkTokenFor = (email: string) => {
    const [mail] = h.mailer.list(email);
    const link = mail?.links.find((each) => each.includes('/user/account/email/'));
    if (!link) throw new Error(`no confirmation link for ${email}`);
    return decodeURIComponent(link.split('/user/account/email/')[1]!);
  };
  const signInStatus = async (email: string, password: string) =>
    (await h.call(auth.login, { body: { email, password } })).status;

  it('needs the current password; a wrong one is a field error, counted as sign-ins are', async () => {
    const user = await h.signedInUser();
    const wrong = await ask(user.accessToken, fresh(), 'Nope1234');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.currentPassword?.[0]).toBe('The password is incorrect.');
    expect(
      (await h.call('POST', '/v1.0/auth/email', { token: user.accessToken, json: { email: fresh() } })).status,
    ).toBe(422);
    for (let i = 1; i < 10; i++) expect((await ask(user.accessToken, fresh(), 'Nope1234')).status).toBe(422);
    // The account's sign-in counter is spent: the right password waits too.
    expect((await ask(user.accessToken, fresh(), user.password)).status).toBe(429);
    expect(h.mailer.list(user.email)).toEqual([]);
  });

  it('mails a notice to the old address and a link to the new; only the link changes it, then the other sessions end', async () => {
    const user = await h.signedInUser({ firstName: 'Rita' });
    const elsewhere = await h.signIn(user.email, user.password);
    const newEmail = fresh();
    const asked = await ask(user.accessToken, newEmail, user.password);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.user).toMatchObject({ email: user.email, pendingEmail: { email: newEmail } });
    expect((await me(user.accessToken)).body.user?.pendingEmail?.email).toBe(newEmail);

    const [notice] = h.mailer.list(user.email);
    expect(notice?.subject).toBe('Your email address is about to change');
    expect(notice?.text).toContain(newEmail);
    // The new address is text: the notice's only link is the app's account page.
    expect(notice?.links).toEqual([`${h.config.appUrl}/user/account`]);
    const [confirmation] = h.mailer.list(newEmail);
    expect(confirmation?.subject).toBe('Confirm your new email address');
    expect(confirmation?.text.startsWith('Hello Rita,')).toBe(true);
    expect(confirmation?.links).toHaveLength(1);

    // Until the link is opened, the account is the old address's, and says what waits.
    const meanwhile = await h.signIn(user.email, user.password);
    expect(meanwhile.user.pendingEmail?.email).toBe(newEmail);
    expect(await signInStatus(newEmail, user.password)).toBe(401);
    expect((await me(elsewhere.accessToken)).status).toBe(200);

    const done = await confirm(user.accessToken, linkTokenFor(newEmail), user.refreshToken);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.user?.email).toBe(newEmail);
    expect(done.setRefreshToken).toBeTruthy();
    const now = await me(done.body.access_token!);
    expect(now.body.user?.email).toBe(newEmail);
    expect(now.body.user?.pendingEmail).toBeUndefined();
    // Every other session ends, with its tokens; this browser goes on in its new one.
    for (const token of [user.accessToken, elsewhere.accessToken, meanwhile.accessToken]) {
      expect((await me(token)).status).toBe(401);
    }
    for (const refreshToken of [user.refreshToken, elsewhere.refreshToken, meanwhile.refreshToken]) {
      const refused = await h.call(auth.refresh, { refreshToken });
      expect(refused.status).toBe(401);
      // Said why, so the other session's user knows it was the address, not a fault.
      expect(refused.body).toEqual({
        ended: 'emailChanged',
        message:
          'This session ended because the account’s email address was changed: every other session was signed out. Please sign in again.',
      });
    }
    expect((await h.call(auth.refresh, { refreshToken: done.setRefreshToken })).status).toBe(200);
    expect(await signInStatus(newEmail, user.password)).toBe(200);
    expect(await signInStatus(user.email, user.password)).toBe(401);

    // The link works once.
    const again = await confirm(done.body.access_token!, linkTokenFor(newEmail));
    expect(again.status).toBe(422);
    expect(again.body.errors?.token?.[0]).toContain('already used');
  });

  it('writes both mails in the account language', async () => {
    const user = await h.signedInUser({ language: 'it', firstName: 'Giulia' });
    const newEmail = fresh();
    expect((await ask(user.accessToken, newEmail, user.password)).status).toBe(200);
    expect(h.mailer.list(newEmail)[0]).toMatchObject({ subject: 'Conferma il tuo nuovo indirizzo email' });
    expect(h.mailer.list(newEmail)[0]?.text.startsWith('Ciao Giulia,')).toBe(true);
    expect(h.mailer.list(user.email)[0]).toMatchObject({ subject: 'Il tuo indirizzo email sta per cambiare' });
  });

  it('keeps one request: a newer one replaces the older link; a cancelled or expired link changes nothing', async () => {
    const user = await h.signedInUser();
    const [first, second] = [fresh(), fresh()];
    await ask(user.accessToken, first, user.password);
    const firstToken = linkTokenFor(first);
    await ask(user.accessToken, second, user.password);
    expect((await me(user.accessToken)).body.user?.pendingEmail?.email).toBe(second);
    expect((await confirm(user.accessToken, firstToken)).status).toBe(422);

    const cancelled = await h.call(userAccount.cancelEmailChange, { token: user.accessToken });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.user?.pendingEmail).toBeUndefined();
    expect((await confirm(user.accessToken, linkTokenFor(second))).status).toBe(422);

    const third = fresh();
    await ask(user.accessToken, third, user.password);
    h.clock.advance(24 * 60 * 60_000 + 1000);
    const later = await h.signIn(user.email, user.password);
    expect((await me(later.accessToken)).body.user?.pendingEmail).toBeUndefined();
    expect((await confirm(later.accessToken, linkTokenFor(third))).status).toBe(422);
    expect((await me(later.accessToken)).body.user?.email).toBe(user.email);
  });

  it('is confirmed only by the account that asked', async () => {
    const user = await h.signedInUser();
    const stranger = await h.signedInUser();
    const newEmail = fresh();
    await ask(user.accessToken, newEmail, user.password);
    expect((await confirm(stranger.accessToken, linkTokenFor(newEmail))).status).toBe(422);
    expect((await h.call(userAccount.confirmEmailChange, { body: { token: linkTokenFor(newEmail) } })).status).toBe(
      401,
    );
    expect((await me(stranger.accessToken)).body.user?.email).toBe(stranger.email);
    expect((await me(user.accessToken)).body.user?.pendingEmail?.email).toBe(newEmail);
  });

  it('says so when another account took the address before the link was opened', async () => {
    const user = await h.signedInUser();
    const newEmail = fresh();
    await ask(user.accessToken, newEmail, user.password);
    await h.createUser({ email: newEmail.toUpperCase() });
    const refused = await confirm(user.accessToken, linkTokenFor(newEmail));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Another account has taken ${newEmail} since you asked for it: your address has not changed. Ask again with another address.`,
    );
    const after = await me(user.accessToken);
    expect(after.status).toBe(200);
    expect(after.body.user?.email).toBe(user.email);
    expect(after.body.user?.pendingEmail).toBeUndefined();
  });

  it('refuses an address another account has, and the same address', async () => {
    const user = await h.signedInUser();
    const other = await h.createUser();
    const taken = await ask(user.accessToken, other.email.toUpperCase(), user.password);
    expect(taken.status).toBe(422);
    expect(taken.body.errors?.email?.[0]).toContain('already been taken');
    expect((await ask(user.accessToken, user.email, user.password)).body.errors?.email?.[0]).toBe(
      'This is already your email address.',
    );
    expect(h.mailer.list(other.email)).toEqual([]);
  });
});

describe('changing the password', () => {
  it('needs the current one; then every other session ends and this one goes on', async () => {
    const user = await h.signedInUser();
    const elsewhere = await h.signIn(user.email, user.password);
    const wrong = await h.call(userAccount.changePassword, {
      token: user.accessToken,
      body: { currentPassword: 'Nope1234', password: 'Brand-new1' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.currentPassword?.[0]).toBe('The password is incorrect.');
    const weak = await h.call(userAccount.changePassword, {
      token: user.accessToken,
      body: { currentPassword: user.password, password: 'short' },
    });
    expect(weak.status).toBe(422);

    const changed = await h.call(userAccount.changePassword, {
      token: user.accessToken,
      refreshToken: user.refreshToken,
      body: { currentPassword: user.password, password: 'Brand-new1' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const fresh = changed.body.access_token!;
    expect(changed.setRefreshToken).toBeTruthy();
    // This browser goes on with its new tokens; the old ones, here and elsewhere, stop.
    expect((await me(fresh)).status).toBe(200);
    expect((await me(user.accessToken)).status).toBe(401);
    expect((await me(elsewhere.accessToken)).status).toBe(401);
    const oldRefresh = await h.call(auth.refresh, { refreshToken: elsewhere.refreshToken });
    expect(oldRefresh.status).toBe(401);
    expect(oldRefresh.body).toMatchObject({ ended: 'passwordChanged' });
    const newRefresh = await h.call(auth.refresh, { refreshToken: changed.setRefreshToken });
    expect(newRefresh.status).toBe(200);
    // The new password signs in; the old one does not.
    expect((await h.call(auth.login, { body: { email: user.email, password: 'Brand-new1' } })).status).toBe(200);
    expect((await h.call(auth.login, { body: { email: user.email, password: user.password } })).status).toBe(401);
  });
});

describe('signing out everywhere', () => {
  it('ends every session and every access token, this one included', async () => {
    const user = await h.signedInUser();
    const elsewhere = await h.signIn(user.email, user.password);
    const done = await h.call(userAccount.logoutEverywhere, { token: user.accessToken });
    expect(done.status).toBe(204);
    for (const token of [user.accessToken, elsewhere.accessToken]) expect((await me(token)).status).toBe(401);
    for (const refreshToken of [user.refreshToken, elsewhere.refreshToken]) {
      const refused = await h.call(auth.refresh, { refreshToken, headers: { 'accept-language': 'it' } });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({
        ended: 'everywhere',
        message: 'Questa sessione è terminata perché l’account è uscito da tutti i dispositivi. Accedi di nuovo.',
      });
    }
  });
});

describe('deleting the account', () => {
  it('needs the password, then removes the account and everything it owns, and nothing of anyone else', async () => {
    const user = await h.signedInUser();
    const neighbour = await h.signedInUser();
    const owned = async (ownerId: string) => {
      const project = await h.factories.project({ id: ownerId });
      const channel = await h.factories.channel({ id: ownerId });
      await h.db.insert(projectChannels).values({ projectId: project.id, channelId: channel.id });
      await h.factories.comments(channel, [{}, {}]);
      return channel;
    };
    const mine = await owned(user.user._id);
    const theirs = await owned(neighbour.user._id);

    const wrong = await h.call(userAccount.deleteMe, { token: user.accessToken, body: { password: 'Nope1234' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.password?.[0]).toBe('The password is incorrect.');
    expect((await h.call('DELETE', '/v1.0/auth/me', { token: user.accessToken, json: {} })).status).toBe(422);

    const gone = await h.call(userAccount.deleteMe, { token: user.accessToken, body: { password: user.password } });
    expect(gone.status).toBe(204);
    const rows = async (
      table: typeof users | typeof projects,
      column: typeof users.id | typeof projects.ownerId,
      id: string,
    ) => (await h.db.select({ n: count() }).from(table).where(eq(column, id)))[0]!.n;
    expect(await rows(users, users.id, user.user._id)).toBe(0);
    expect(await rows(projects, projects.ownerId, user.user._id)).toBe(0);
    const commentsOf = async (channelId: string) =>
      (await h.db.select({ n: count() }).from(comments).where(eq(comments.channelId, channelId)))[0]!.n;
    expect(await commentsOf(mine.id)).toBe(0);
    expect((await h.db.select().from(channels).where(eq(channels.id, mine.id))).length).toBe(0);
    // The neighbour keeps everything.
    expect(await rows(projects, projects.ownerId, neighbour.user._id)).toBe(1);
    expect(await commentsOf(theirs.id)).toBe(2);
    expect((await me(user.accessToken)).status).toBe(401);
    expect((await h.call(auth.login, { body: { email: user.email, password: user.password } })).status).toBe(401);
  });

  it('is refused to an admin acting as the user, as are the password change, signing out everywhere and the address', async () => {
    const admin = await h.signedInUser({ role: 'admin' });
    const customer = await h.createUser();
    const started = await h.call(impersonation.loginAsUser, {
      token: admin.accessToken,
      body: { id: customer.user._id },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const token = started.body.access_token!;
    expect((await h.call(userAccount.deleteMe, { token, body: { password: customer.password } })).status).toBe(403);
    expect(
      (
        await h.call(userAccount.changePassword, {
          token,
          body: { currentPassword: customer.password, password: 'Brand-new1' },
        })
      ).status,
    ).toBe(403);
    expect((await h.call(userAccount.logoutEverywhere, { token })).status).toBe(403);
    // Nor the address, the key to the account: neither asking, cancelling nor confirming.
    const email = `taken-over-${customer.user._id}@example.test`;
    expect(
      (await h.call(userAccount.requestEmailChange, { token, body: { email, currentPassword: customer.password } }))
        .status,
    ).toBe(403);
    expect((await h.call(auth.updateMe, { token, body: { email } })).status).toBe(422);
    expect((await h.call(userAccount.cancelEmailChange, { token })).status).toBe(403);
    expect((await h.call(userAccount.confirmEmailChange, { token, body: { token: 'x'.repeat(43) } })).status).toBe(403);
    expect(h.mailer.list(email)).toEqual([]);
    expect((await me(token)).body.user?.email).toBe(customer.email);
  });
});
