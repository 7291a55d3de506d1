import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, comments, projectChannels, projects, users } from '../db/schema';
import { startHarness, type Harness } from '../test/harness';

/**
 * The account page's operations (issue 13): the profile, changing the password (the other
 * sessions end), signing out everywhere, deleting the account with everything it owns.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const me = (token: string) => h.call('GET', '/v1.0/auth/me', { token });

describe('the profile', () => {
  it('changes names and email; an address another account has is refused by the field', async () => {
    const user = await h.signedInUser();
    const other = await h.createUser();
    const changed = await h.call('PATCH', '/v1.0/auth/me', {
      token: user.accessToken,
      json: { firstName: '  Ada ', lastName: 'Lovelace', email: 'ADA.new@Example.com' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: 'ADA.new@Example.com' });
    const taken = await h.call('PATCH', '/v1.0/auth/me', {
      token: user.accessToken,
      json: { email: other.email.toUpperCase() },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors?.email?.[0]).toContain('already been taken');
    for (const json of [
      { firstName: '' },
      { email: 'not-an-email' },
      { lastName: 'x'.repeat(101) },
      { firstName: 'a\nb' },
    ]) {
      expect(
        (await h.call('PATCH', '/v1.0/auth/me', { token: user.accessToken, json })).status,
        JSON.stringify(json),
      ).toBe(422);
    }
  });
});

describe('changing the password', () => {
  it('needs the current one; then every other session ends and this one goes on', async () => {
    const user = await h.signedInUser();
    const elsewhere = await h.signIn(user.email, user.password);
    const wrong = await h.call('POST', '/v1.0/auth/password', {
      token: user.accessToken,
      json: { currentPassword: 'Nope1234', password: 'Brand-new1' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.currentPassword?.[0]).toBe('The password is incorrect.');
    const weak = await h.call('POST', '/v1.0/auth/password', {
      token: user.accessToken,
      json: { currentPassword: user.password, password: 'short' },
    });
    expect(weak.status).toBe(422);

    const changed = await h.call('POST', '/v1.0/auth/password', {
      token: user.accessToken,
      refreshToken: user.refreshToken,
      json: { currentPassword: user.password, password: 'Brand-new1' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const fresh = changed.body.access_token!;
    expect(changed.setRefreshToken).toBeTruthy();
    // This browser goes on with its new tokens; the old ones, here and elsewhere, stop.
    expect((await me(fresh)).status).toBe(200);
    expect((await me(user.accessToken)).status).toBe(401);
    expect((await me(elsewhere.accessToken)).status).toBe(401);
    const oldRefresh = await h.call('POST', '/v1.0/auth/refresh', { refreshToken: elsewhere.refreshToken });
    expect(oldRefresh.status).toBe(401);
    const newRefresh = await h.call('POST', '/v1.0/auth/refresh', { refreshToken: changed.setRefreshToken });
    expect(newRefresh.status).toBe(200);
    // The new password signs in; the old one does not.
    expect(
      (await h.call('POST', '/v1.0/auth/login', { json: { email: user.email, password: 'Brand-new1' } })).status,
    ).toBe(200);
    expect(
      (await h.call('POST', '/v1.0/auth/login', { json: { email: user.email, password: user.password } })).status,
    ).toBe(401);
  });
});

describe('signing out everywhere', () => {
  it('ends every session and every access token, this one included', async () => {
    const user = await h.signedInUser();
    const elsewhere = await h.signIn(user.email, user.password);
    const done = await h.call('POST', '/v1.0/auth/logout-everywhere', { token: user.accessToken });
    expect(done.status).toBe(204);
    for (const token of [user.accessToken, elsewhere.accessToken]) expect((await me(token)).status).toBe(401);
    for (const refreshToken of [user.refreshToken, elsewhere.refreshToken]) {
      expect((await h.call('POST', '/v1.0/auth/refresh', { refreshToken })).status).toBe(401);
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

    const wrong = await h.call('DELETE', '/v1.0/auth/me', { token: user.accessToken, json: { password: 'Nope1234' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.password?.[0]).toBe('The password is incorrect.');
    expect((await h.call('DELETE', '/v1.0/auth/me', { token: user.accessToken, json: {} })).status).toBe(422);

    const gone = await h.call('DELETE', '/v1.0/auth/me', {
      token: user.accessToken,
      json: { password: user.password },
    });
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
    expect(
      (await h.call('POST', '/v1.0/auth/login', { json: { email: user.email, password: user.password } })).status,
    ).toBe(401);
  });

  it('is refused to an admin acting as the user, as are the password change and signing out everywhere', async () => {
    const admin = await h.signedInUser({ role: 'admin' });
    const customer = await h.createUser();
    const started = await h.call('POST', `/v1.0/auth/login-as-user`, {
      token: admin.accessToken,
      json: { id: customer.user._id },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const token = started.body.access_token!;
    expect((await h.call('DELETE', '/v1.0/auth/me', { token, json: { password: customer.password } })).status).toBe(
      403,
    );
    expect(
      (
        await h.call('POST', '/v1.0/auth/password', {
          token,
          json: { currentPassword: customer.password, password: 'Brand-new1' },
        })
      ).status,
    ).toBe(403);
    expect((await h.call('POST', '/v1.0/auth/logout-everywhere', { token })).status).toBe(403);
    expect((await me(token)).status).toBe(200);
  });
});
