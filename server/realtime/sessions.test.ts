import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import Pusher from 'pusher';
import PusherClient from 'pusher-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as auth from '../../contract/auth';
import * as impersonationContract from '../../contract/impersonation';
import * as realtime from '../../contract/realtime';
import { COMMENTS_CHANGED, type CommentsChangedEvent } from '../../contract/realtime';
import * as userAccount from '../../contract/user-account';
import { createApp } from '../app';
import { accessTokenOptions, issueAccessToken } from '../auth/access-tokens';
import { requestEmailChange } from '../auth/email-change';
import { startFamily } from '../auth/refresh-tokens';
import { JobQueue } from '../jobs/queue';
import { bearerPusherClient, subscribed } from '../test/pusher-clients';
import { startHarness, testClock, type Harness } from '../test/harness';
import { testPasswords } from '../test/passwords';
import { RealtimeHub } from './hub';
import { createPublisher, type Publisher } from './publisher';

/**
 * A live feed ends with its session (docs/decisions/056-live-updates-end-with-the-session.md): a
 * socket subscribed through a session hears nothing more of the user once that session ends, by
 * any of the ways a session ends, while the user's sessions still live go on hearing everything;
 * and /broadcasting/auth signs the channel of the caller's own live session only. Driven as in
 * realtime.test.ts: pusher-js against the embedded server, the `pusher` SDK publishing. What
 * reaches the hub is recorded too: an ended session's channel is never even named in a trigger,
 * which is what makes it hold on Pusher, Soketi or Reverb as well.
 */
let h: Harness;
let server: Server;
let port: number;
let hub: RealtimeHub;
let jobs: JobQueue;
let publisher: Publisher;
let app: ReturnType<typeof createApp>;
/**
 * The API on this file's clock (the sessions' and the publisher's), which tests move by days; back
 * at the real time before each test. The events API is served on the real time, which the SDK
 * signs its requests with (within ten minutes).
 */
let eventsApp: ReturnType<typeof createApp>;
const clock = testClock();
const DAY = 24 * 3600 * 1000;
/** The channels of every event the hub was asked to publish. */
const published: Array<{ event: string; channels: string[] }> = [];
const clients: PusherClient[] = [];

beforeAll(async () => {
  h = await startHarness();
  hub = new RealtimeHub(h.config.realtime, { activityTimeoutSeconds: 120 });
  const publish = hub.publish.bind(hub);
  hub.publish = (channels, event, data, except) => {
    published.push({ event, channels: [...channels] });
    publish(channels, event, data, except);
  };
  server = createAdaptorServer({
    fetch: (request: Request) => (new URL(request.url).pathname.startsWith('/apps/') ? eventsApp : app).fetch(request),
  }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  jobs = new JobQueue(h.db, { onError: () => {} });
  publisher = createPublisher({ ...h.config, port }, { db: h.db, clock: clock.now });
  app = createApp({
    db: h.db,
    config: h.config,
    mailer: h.mailer,
    passwords: testPasswords(),
    clock: clock.now,
    realtime: hub,
    publisher,
    jobs,
  });
  eventsApp = createApp({ db: h.db, config: h.config, mailer: h.mailer, realtime: hub, jobs });
  hub.attach(server);
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await hub?.close();
  await jobs?.stop();
  await new Promise((resolve) => server?.close(resolve));
  await h?.stop();
});
beforeEach(() => clock.advance(Date.now() - clock.now()));

let addresses = 0;
/** A request to this file's app, from an address of its own (sign-ins are counted per address). */
async function call(
  operation: { method: string; path: string },
  options: { token?: string; refreshToken?: string; json?: unknown } = {},
) {
  const headers: Record<string, string> = {
    'x-forwarded-for': `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.refreshToken) headers.cookie = `refresh_token=${options.refreshToken}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const response = await app.request(operation.path, {
    method: operation.method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as { access_token?: string; user?: auth.User },
    refreshToken: response.headers.get('set-cookie')?.match(/refresh_token=([^;]*)/)?.[1],
  };
}

type Session = { userId: string; sessionId: string; accessToken: string; refreshToken?: string };

/** A session as an answer with a token starts one (sign-in, a password or address change, login as user). */
function sessionOf(answer: Awaited<ReturnType<typeof call>>): Session {
  const { access_token: accessToken, user } = answer.body;
  if (answer.status !== 200 || !accessToken || !user?.sessionId) {
    throw new Error(`no session: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return { userId: user._id, sessionId: user.sessionId, accessToken, refreshToken: answer.refreshToken };
}

const signIn = async (user: { email: string; password: string }) =>
  sessionOf(await call(auth.login, { json: { email: user.email, password: user.password } }));

/** An admin signed in, a user signed in, and the admin acting as that user: their three sessions. */
async function startImpersonation() {
  const admin = await h.createUser({ role: 'admin' });
  const user = await h.createUser();
  const adminSession = await signIn(admin);
  const own = await signIn(user);
  const acting = sessionOf(
    await call(impersonationContract.loginAsUser, { token: adminSession.accessToken, json: { id: user.user._id } }),
  );
  return { admin, user, adminSession, own, acting };
}

const channelOf = (session: Session) => realtime.userChannel(session.userId, session.sessionId);

function connect(token: string) {
  const client = bearerPusherClient(h.config.realtime.key, port, token);
  clients.push(client);
  return client;
}

let markers = 0;
/**
 * A socket of `session`, subscribed to its channel as the app is: what it hears there. It also
 * listens on a public channel of its own, where `heardAllSent` sends a marker: a socket's frames
 * arrive in order, so once the marker is in, anything sent to the socket before it is too.
 */
async function listener(session: Session) {
  const client = connect(session.accessToken);
  const channel = channelOf(session);
  expect(await subscribed(client, channel)).toEqual({ ok: true });
  const heard: unknown[] = [];
  client.channel(channel).bind(COMMENTS_CHANGED, (data: unknown) => heard.push(data));
  const markerChannel = `marker-${++markers}`;
  expect(await subscribed(client, markerChannel)).toEqual({ ok: true });
  const marks: unknown[] = [];
  client.channel(markerChannel).bind('Marker', (data: unknown) => marks.push(data));
  return { session, channel, heard, markerChannel, marks };
}
type Listener = Awaited<ReturnType<typeof listener>>;

const sdk = () =>
  new Pusher({
    appId: h.config.realtime.appId,
    key: h.config.realtime.key,
    secret: h.config.realtime.secret,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
  });

async function heardAllSent(listeners: Listener[]) {
  if (listeners.length === 0) return;
  const mark = { n: ++markers };
  await sdk().trigger(
    listeners.map((each) => each.markerChannel),
    'Marker',
    mark,
  );
  for (const each of listeners) await expect.poll(() => each.marks).toContainEqual(mark);
}

let comments = 0;
/** An event that tells what a user's comments say, as the webhooks publish it. */
const commentsChanged = (): CommentsChangedEvent => ({
  channelId: '00000000-0000-4000-8000-000000000001',
  added: 0,
  edited: [{ _id: '00000000-0000-4000-8000-000000000002', message: `a private word ${++comments}` }],
  removed: [],
  refresh: false,
  counted: [],
});

/**
 * Publishes an event to `userId` as the API does: every `live` listener hears it, no `ended` one
 * does, and no trigger named an ended one's channel.
 */
async function expectOnlyLiveHear(userId: string, live: Listener[], ended: Listener[]) {
  const event = commentsChanged();
  const from = published.length;
  await publisher.toUser(userId, COMMENTS_CHANGED, event);
  for (const each of live) await expect.poll(() => each.heard).toContainEqual(event);
  await heardAllSent(ended);
  for (const each of ended) expect(each.heard).not.toContainEqual(event);
  const named = published.slice(from).flatMap((each) => (each.event === COMMENTS_CHANGED ? each.channels : []));
  expect(named.sort()).toEqual(live.map((each) => each.channel).sort());
}

describe('a session that ends hears nothing more of its user', () => {
  it('when it signs out, while the same user in another session goes on hearing', async () => {
    const user = await h.createUser();
    const [a, b] = [await signIn(user), await signIn(user)];
    const [listenA, listenB] = [await listener(a), await listener(b)];
    await expectOnlyLiveHear(user.user._id, [listenA, listenB], []);

    expect((await call(auth.logout, { token: a.accessToken, refreshToken: a.refreshToken })).status).toBe(204);
    await expectOnlyLiveHear(user.user._id, [listenB], [listenA]);
  });

  it('when the user signs out everywhere: every session, and only a later sign-in hears', async () => {
    const user = await h.createUser();
    const [a, b] = [await signIn(user), await signIn(user)];
    const [listenA, listenB] = [await listener(a), await listener(b)];

    expect((await call(userAccount.logoutEverywhere, { token: a.accessToken })).status).toBe(204);
    const later = await listener(await signIn(user));
    await expectOnlyLiveHear(user.user._id, [later], [listenA, listenB]);
  });

  it('when the password changes: the other sessions and the one it was changed in; the new session hears', async () => {
    const user = await h.createUser();
    const [a, b] = [await signIn(user), await signIn(user)];
    const [listenA, listenB] = [await listener(a), await listener(b)];

    const changed = sessionOf(
      await call(userAccount.changePassword, {
        token: a.accessToken,
        json: { currentPassword: user.password, password: 'Another-password-1' },
      }),
    );
    expect(changed.sessionId).not.toBe(a.sessionId);
    await expectOnlyLiveHear(user.user._id, [await listener(changed)], [listenA, listenB]);
  });

  it('when the address changes: every earlier session; the one the link opened goes on in a new one', async () => {
    const user = await h.createUser();
    const [a, b] = [await signIn(user), await signIn(user)];
    const [listenA, listenB] = [await listener(a), await listener(b)];

    const { token } = await requestEmailChange(h.db, user.user._id, `moved-${user.email}`, clock.now());
    const confirmed = sessionOf(await call(userAccount.confirmEmailChange, { token: a.accessToken, json: { token } }));
    await expectOnlyLiveHear(user.user._id, [await listener(confirmed)], [listenA, listenB]);
  });

  it('when it idles out (7 days since its last refresh), its socket still open', async () => {
    const user = await h.createUser();
    const a = await signIn(user);
    const listenA = await listener(a);
    clock.advance(h.config.sessionIdleTtlSeconds * 1000 - DAY);
    const b = await signIn(user);
    const listenB = await listener(b);
    await expectOnlyLiveHear(user.user._id, [listenA, listenB], []);

    clock.advance(DAY + 1000);
    await expectOnlyLiveHear(user.user._id, [listenB], [listenA]);
  });

  it('when it reaches its absolute limit (30 days), however often it was refreshed', async () => {
    const user = await h.createUser();
    const a = await signIn(user);
    const listenA = await listener(a);
    let refreshToken = a.refreshToken;
    for (const _ of [1, 2, 3, 4]) {
      clock.advance(6 * DAY);
      const refreshed = sessionOf(await call(auth.refresh, { refreshToken }));
      expect(refreshed.sessionId).toBe(a.sessionId);
      refreshToken = refreshed.refreshToken;
    }
    const b = await signIn(user);
    const listenB = await listener(b);
    await expectOnlyLiveHear(user.user._id, [listenA, listenB], []);

    // 30 days and an hour after its sign-in, 6 days after its last refresh: past the absolute limit only.
    expect(h.config.sessionAbsoluteTtlSeconds * 1000).toBe(30 * DAY);
    clock.advance(6 * DAY + 3600_000);
    await expectOnlyLiveHear(user.user._id, [listenB], [listenA]);
  });
});

describe("an admin's login as the user hears nothing more of them once it is over", () => {
  async function impersonation() {
    const { admin, user, adminSession, own, acting } = await startImpersonation();
    expect(acting.sessionId).not.toBe(adminSession.sessionId);
    const [listenOwn, listenActing] = [await listener(own), await listener(acting)];
    // While it lasts, the admin hears what the user hears.
    await expectOnlyLiveHear(user.user._id, [listenOwn, listenActing], []);
    return { admin, user, adminSession, own, acting, listenOwn, listenActing };
  }

  it('ended with "Back to my account"', async () => {
    const { user, acting, listenOwn, listenActing } = await impersonation();
    expect((await call(impersonationContract.endImpersonation, { token: acting.accessToken })).status).toBe(204);
    await expectOnlyLiveHear(user.user._id, [listenOwn], [listenActing]);
  });

  it('ended by its time running out', async () => {
    const { user, listenOwn, listenActing } = await impersonation();
    clock.advance((h.config.impersonationTtlSeconds + 1) * 1000);
    await expectOnlyLiveHear(user.user._id, [listenOwn], [listenActing]);
  });

  it("ended by the admin's own session ending", async () => {
    const { user, adminSession, listenOwn, listenActing } = await impersonation();
    expect(
      (await call(auth.logout, { token: adminSession.accessToken, refreshToken: adminSession.refreshToken })).status,
    ).toBe(204);
    await expectOnlyLiveHear(user.user._id, [listenOwn], [listenActing]);
  });

  it("ended by the user's password changing (their every session ends)", async () => {
    const { user, own, listenOwn, listenActing } = await impersonation();
    const changed = sessionOf(
      await call(userAccount.changePassword, {
        token: own.accessToken,
        json: { currentPassword: user.password, password: 'Another-password-1' },
      }),
    );
    await expectOnlyLiveHear(user.user._id, [await listener(changed)], [listenOwn, listenActing]);
  });
});

/** /broadcasting/auth asked for `channel` with `token`, as pusher-js asks it. */
function authorize(token: string, channel: string) {
  return call(realtime.authorizeBroadcasting, { token, json: { socket_id: '123.456', channel_name: channel } });
}

describe('/broadcasting/auth', () => {
  it("signs the channel of the caller's own live session only", async () => {
    const user = await h.createUser();
    const [a, b] = [await signIn(user), await signIn(user)];
    expect((await authorize(a.accessToken, channelOf(a))).status).toBe(200);
    // Another session of the same user, the user's channel of old, another user's session.
    expect((await authorize(a.accessToken, channelOf(b))).status).toBe(403);
    expect((await authorize(a.accessToken, `private-App.Models.User.${user.user._id}`)).status).toBe(403);
    const other = await signIn(await h.createUser());
    expect((await authorize(a.accessToken, channelOf(other))).status).toBe(403);

    // A session that ended: its channel refused to the live one, its token refused outright.
    expect((await call(auth.logout, { token: b.accessToken, refreshToken: b.refreshToken })).status).toBe(204);
    expect((await authorize(a.accessToken, channelOf(b))).status).toBe(403);
    expect((await authorize(b.accessToken, channelOf(b))).status).toBe(401);
  });

  it("signs an impersonation's own channel only, never the user's sessions' nor the admin's", async () => {
    const { adminSession, own, acting } = await startImpersonation();
    expect((await authorize(acting.accessToken, channelOf(acting))).status).toBe(200);
    expect((await authorize(acting.accessToken, channelOf(own))).status).toBe(403);
    expect((await authorize(acting.accessToken, channelOf(adminSession))).status).toBe(403);
    expect((await authorize(own.accessToken, channelOf(acting))).status).toBe(403);
    expect((await call(impersonationContract.endImpersonation, { token: acting.accessToken })).status).toBe(204);
    expect((await authorize(acting.accessToken, channelOf(acting))).status).toBe(401);
  });
});

describe("the publisher's look-up of a user's sessions", () => {
  it('names every live session, 100 channels a trigger at most, and triggers nothing for a user with none', async () => {
    const user = await h.createUser();
    const families = [];
    for (let n = 0; n < 101; n++) {
      const lifetimes = {
        idleSeconds: h.config.sessionIdleTtlSeconds,
        absoluteSeconds: h.config.sessionAbsoluteTtlSeconds,
      };
      families.push(await startFamily(h.db, user.user._id, lifetimes, clock.now()));
    }
    const from = published.length;
    await publisher.toUser(user.user._id, COMMENTS_CHANGED, commentsChanged());
    const triggers = published.slice(from).filter((each) => each.event === COMMENTS_CHANGED);
    expect(triggers.map((each) => each.channels.length).sort()).toEqual([1, 100]);
    expect(triggers.flatMap((each) => each.channels).sort()).toEqual(
      families.map((family) => realtime.userChannel(user.user._id, family.familyId)).sort(),
    );
    // The one the second trigger named hears it like the others.
    const last = families.find((family) =>
      triggers.some((each) => each.channels.length === 1 && each.channels[0]!.endsWith(family.familyId)),
    )!;
    const token = await issueAccessToken(
      { userId: user.user._id, role: 'user', sessionId: last.familyId, tokenVersion: 0 },
      accessTokenOptions(h.config),
      clock.now(),
    );
    const listenLast = await listener({ userId: user.user._id, sessionId: last.familyId, accessToken: token });
    const event = commentsChanged();
    await publisher.toUser(user.user._id, COMMENTS_CHANGED, event);
    await expect.poll(() => listenLast.heard).toEqual([event]);

    const alone = await h.createUser();
    const before = published.length;
    await publisher.toUser(alone.user._id, COMMENTS_CHANGED, commentsChanged());
    expect(published.slice(before)).toEqual([]);
  });
});
