import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import Pusher from 'pusher';
import PusherClient from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ResponseBody } from '../../contract/operation';
import * as realtime from '../../contract/realtime';
import { createApp } from '../app';
import { JobQueue } from '../jobs/queue';
import { createPublisher } from './publisher';
import { ConsoleMailer } from '../mail/mailer';
import { bearerPusherClient, subscribed } from '../test/pusher-clients';
import { startHarness, type Harness } from '../test/harness';
import { CLOSE, RealtimeHub } from './hub';
import { facebookReturnOverHttp } from '../integrations/sandbox/consent-form';

/**
 * The embedded Pusher-protocol server against the real clients: pusher-js subscribing
 * to a private channel signed by /broadcasting/auth, and the official `pusher` SDK publishing
 * through the signed HTTP events API, over a real socket on this machine.
 */
let h: Harness;
let server: Server;
let port: number;
let hub: RealtimeHub;
let jobs: JobQueue;
const clients: PusherClient[] = [];

beforeAll(async () => {
  h = await startHarness();
  hub = new RealtimeHub(h.config.realtime, { activityTimeoutSeconds: 120 });
  // The port is known once listening; the app (and its publisher to that port) is built after.
  server = createAdaptorServer({ fetch: (request: Request) => app.fetch(request) }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  jobs = new JobQueue(h.db, { onError: () => {} });

  const app = createApp({
    db: h.db,
    config: h.config,
    mailer: new ConsoleMailer(() => {}),
    realtime: hub,
    publisher: createPublisher({ ...h.config, port }, { db: h.db, clock: h.clock.now }),
    jobs,
  });
  hub.attach(server);
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await hub?.close();
  await jobs?.stop();
  await new Promise((resolve) => server?.close(resolve));
  await h?.stop();
});

const publisher = () =>
  new Pusher({
    appId: h.config.realtime.appId,
    key: h.config.realtime.key,
    secret: h.config.realtime.secret,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
  });

/** The private channel of a signed-in user's session (theirs alone: decision 056). */
const channelOf = (signedIn: { user: { _id: string; sessionId?: string } }) =>
  realtime.userChannel(signedIn.user._id, signedIn.user.sessionId!);

function connect(token: string) {
  const client = bearerPusherClient(h.config.realtime.key, port, token);
  clients.push(client);
  return client;
}

describe('the embedded Pusher-protocol server', () => {
  it("delivers an event published through the SDK to the session's private channel, and only there", async () => {
    const alice = await h.signedInUser();
    const bob = await h.signedInUser();
    const aliceClient = connect(alice.accessToken);
    const bobClient = connect(bob.accessToken);
    expect(await subscribed(aliceClient, channelOf(alice))).toEqual({ ok: true });
    expect(await subscribed(bobClient, channelOf(bob))).toEqual({ ok: true });

    const received: unknown[] = [];
    const bobReceived: unknown[] = [];
    aliceClient.channel(channelOf(alice)).bind('FacebookPageFetched', (data: unknown) => received.push(data));
    bobClient.channel(channelOf(bob)).bind('FacebookPageFetched', (data: unknown) => bobReceived.push(data));
    await publisher().trigger(channelOf(alice), 'FacebookPageFetched', {
      channel: { name: 'Espresso' },
    });
    await expect.poll(() => received).toEqual([{ channel: { name: 'Espresso' } }]);
    expect(bobReceived).toEqual([]);
  });

  it("refuses a subscription to another user's channel (403 at /broadcasting/auth) and a forged signature", async () => {
    const alice = await h.signedInUser();
    const bob = await h.signedInUser();
    const client = connect(alice.accessToken);
    expect(await subscribed(client, channelOf(bob))).toEqual({ ok: false, status: 403 });

    // Straight to the socket with a made-up signature: the server refuses it.
    const raw = new WebSocket(`ws://127.0.0.1:${port}/app/${h.config.realtime.key}?protocol=7`);
    const messages: Array<{ event: string; data: string }> = [];
    raw.on('message', (data) => messages.push(JSON.parse(data.toString())));
    await expect.poll(() => messages[0]?.event).toBe('pusher:connection_established');
    raw.send(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel: channelOf(bob), auth: `${h.config.realtime.key}:${'0'.repeat(64)}` },
      }),
    );
    await expect.poll(() => messages[1]?.event).toBe('pusher:subscription_error');
    raw.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    await expect.poll(() => messages[2]?.event).toBe('pusher:pong');
    raw.close();
  });

  it('closes a socket for an unknown app key with 4001', async () => {
    const raw = new WebSocket(`ws://127.0.0.1:${port}/app/no-such-key?protocol=7`);
    const code = await new Promise<number>((resolve) => raw.on('close', (closeCode) => resolve(closeCode)));
    expect(code).toBe(CLOSE.appUnknown);
  });

  it('/broadcasting/auth takes JSON too, and refuses a guest or a malformed socket id', async () => {
    const alice = await h.signedInUser();
    const channel = channelOf(alice);
    // The operation declares no body schema (it takes a form too), so the JSON goes as is.
    const json = await h.call(realtime.authorizeBroadcasting.method, realtime.authorizeBroadcasting.path, {
      token: alice.accessToken,
      json: { socket_id: '123.456', channel_name: channel },
    });
    expect(json.status).toBe(200);
    expect((JSON.parse(json.text) as ResponseBody<typeof realtime.authorizeBroadcasting>).auth).toMatch(
      new RegExp(`^${h.config.realtime.key}:[0-9a-f]{64}$`),
    );
    expect(
      (await h.call('POST', '/broadcasting/auth', { json: { socket_id: '1.2', channel_name: channel } })).status,
    ).toBe(401);
    const malformed = await h.call('POST', '/broadcasting/auth', {
      token: alice.accessToken,
      json: { socket_id: 'x<script>', channel_name: channel },
    });
    expect(malformed.status).toBe(422);
    const presence = await h.call('POST', '/broadcasting/auth', {
      token: alice.accessToken,
      raw: new URLSearchParams({ socket_id: '1.2', channel_name: 'private-admin' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(presence.status).toBe(403);
  });

  it('refuses an events request with a bad signature, a stale timestamp or a wrong body_md5', async () => {
    const path = `/apps/${h.config.realtime.appId}/events`;
    const body = JSON.stringify({ name: 'x', channels: ['public'], data: '{}' });
    const unsigned = await fetch(
      `http://127.0.0.1:${port}${path}?auth_key=${h.config.realtime.key}&auth_timestamp=${Math.floor(Date.now() / 1000)}&auth_version=1.0&body_md5=0&auth_signature=00`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      },
    );
    expect(unsigned.status).toBe(401);
    // A signature of as many characters but other bytes (not hex) is refused, never a 500.
    const accented = await fetch(
      `http://127.0.0.1:${port}${path}?auth_key=${h.config.realtime.key}&auth_timestamp=${Math.floor(Date.now() / 1000)}&auth_version=1.0&body_md5=0&auth_signature=${encodeURIComponent('é'.repeat(64))}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body },
    );
    expect(accented.status).toBe(401);
    const wrongApp = await fetch(`http://127.0.0.1:${port}/apps/other/events`, { method: 'POST', body });
    expect(wrongApp.status).toBe(404);
    // The SDK's own request, well signed, is accepted.
    await expect(publisher().trigger('public', 'x', {})).resolves.toBeTruthy();
  });
});

describe('the channel jobs', () => {
  it("announce each channel they fetch on the owner's private channel, as Laravel names the events", async () => {
    const owner = await h.signedInUser();
    const client = connect(owner.accessToken);
    expect(await subscribed(client, channelOf(owner))).toEqual({ ok: true });
    const events: Array<{ event: string; name: string }> = [];
    const finished: string[] = [];
    client
      .channel(channelOf(owner))
      .bind_global((event: string, data: { channel?: { name: string }; account?: { kind: string } }) => {
        if (data?.channel) events.push({ event, name: data.channel.name });
        if (event === 'AccountChannelsFetched') finished.push(data.account!.kind);
      });

    // Giulia Rossi's account, connected through this server's sandbox, over HTTP as the app does.
    const base = `http://127.0.0.1:${port}`;
    const headers = { authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json' };
    const back = await facebookReturnOverHttp(base, owner.accessToken, '100000000000001');
    const stored = await fetch(`${base}/v1.0/facebook-accounts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
        facebook_redirect_uri: `${h.config.appUrl}/integrations/facebook-account/callback`,
      }),
    });
    expect(stored.status).toBe(200);
    await jobs.runPending();
    await expect
      .poll(() => events.map((each) => `${each.event}: ${each.name}`).sort())
      .toEqual([
        'FacebookAdAccountFetched: Espresso Bar Milano Ads',
        'FacebookPageFetched: Espresso Bar Milano',
        'FacebookPageFetched: Trattoria Roma',
        'InstagramAccountFetched: espressobarmilano',
      ]);
    // Each kind says it is done, the ad accounts too.
    await expect.poll(() => finished.sort()).toEqual(['facebook-ad-account', 'facebook-page', 'instagram-account']);

    // A refresh brings nothing new: no channel is announced again, each kind says it is done.
    const { account } = (await stored.json()) as { account: { _id: string } };
    events.length = 0;
    finished.length = 0;
    const refreshed = await fetch(`${base}/v1.0/facebook-accounts/${account._id}/refresh`, { method: 'POST', headers });
    expect(refreshed.status).toBe(200);
    await expect.poll(() => finished.length).toBe(3);
    expect(events).toEqual([]);
  });
});
