import { createServer, type Server } from 'node:http';
import { connect as connectTcp } from 'node:net';
import type { AddressInfo } from 'node:net';
import PusherClient from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { isOwnHostName, parseConfig } from '../config';
import { CLOSE, HUB_DEFAULTS, privateChannelAuth, RealtimeHub, type HubOptions } from './hub';

/**
 * The embedded Pusher-protocol server fed what an attacker would send over the socket (the
 * websocket sibling of server/security/hostile-input.test.ts): every frame shape, hostile upgrade
 * requests, and more sockets than one client may hold. The server is attached to a real HTTP
 * server in this process, so a throw out of it is an uncaught exception here, as it would end
 * the API's process. After all of it a pusher-js client still connects and subscribes.
 */
const APP = { appId: 'hostile', key: 'hostile-key', secret: 'hostile-secret-0123456789abcdef' };

/** An uncaught exception is what would have ended the process: none may happen. */
const crashes: unknown[] = [];
const onCrash = (error: unknown) => crashes.push(error);
beforeAll(() => void process.on('uncaughtException', onCrash));
afterAll(() => void process.off('uncaughtException', onCrash));
afterEach(() => expect(crashes.splice(0).map(String)).toEqual([]));

const servers: Array<{ server: Server; hub: RealtimeHub }> = [];
afterAll(async () => {
  for (const { server, hub } of servers) {
    await hub.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A hub attached to a listening HTTP server (whose own answer to any request is 404). */
async function listen(options: HubOptions = {}) {
  const server = createServer((_, response) => response.writeHead(404).end());
  const hub = new RealtimeHub(APP, options);
  hub.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ server, hub });
  return { hub, port: (server.address() as AddressInfo).port };
}

type Frame = { event: string; data?: string; channel?: string };

/** A raw socket on the app's path, once the server said it is connected; its frames, and how it closed. */
async function rawSocket(port: number, headers: Record<string, string> = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${APP.key}?protocol=7&client=js&version=8.4.0`, { headers });
  const frames: Frame[] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('error', () => {});
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
  await expect.poll(() => frames[0]?.event).toBe('pusher:connection_established');
  return { ws, frames, closed };
}

/**
 * Whether `answer` (latin1) is a 101 followed by the whole of the server's first websocket frame:
 * all an accepted upgrade says before the client speaks (the server keeps the socket open).
 */
function switchedWithFirstFrame(answer: string): boolean {
  if (!answer.startsWith('HTTP/1.1 101 ')) return false;
  const end = answer.indexOf('\r\n\r\n');
  if (end === -1) return false;
  const frame = answer.slice(end + 4);
  if (frame.length < 2) return false;
  // A server's frame is unmasked: 2 bytes of header, then 2 or 8 more for a longer payload.
  const length = frame.charCodeAt(1) & 0x7f;
  if (length < 126) return frame.length >= 2 + length;
  if (length === 126)
    return frame.length >= 4 && frame.length >= 4 + ((frame.charCodeAt(2) << 8) | frame.charCodeAt(3));
  return frame.length >= 10;
}

/**
 * Answers to a handcrafted upgrade request: what the server wrote until it closed the connection
 * (`closed`), or, when it accepted the upgrade and keeps the socket, until its first frame.
 */
function rawUpgrade(port: number, request: string) {
  return new Promise<{ answer: string; closed: boolean }>((resolve) => {
    const socket = connectTcp(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (switchedWithFirstFrame(answer)) {
        resolve({ answer, closed: false });
        socket.destroy();
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve({ answer, closed: true }));
    socket.write(request);
  });
}

const upgradeHeaders = (path: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`;

/** pusher-js as the app uses it, on a private channel signed with the app's secret. */
function pusherClient(port: number) {
  return new PusherClient(APP.key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      endpoint: '/unused',
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) =>
        callback(null, { auth: privateChannelAuth(APP, socketId, channelName) }),
    },
  });
}

async function pusherJsStillWorks(hub: RealtimeHub, port: number) {
  const client = pusherClient(port);
  try {
    const channel = client.subscribe('private-App.Models.User.1');
    await new Promise<void>((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', () => resolve());
      channel.bind('pusher:subscription_error', (error: unknown) => reject(new Error(JSON.stringify(error))));
    });
    const received = new Promise((resolve) => channel.bind('Hello', resolve));
    hub.publish(['private-App.Models.User.1'], 'Hello', JSON.stringify({ ok: true }));
    expect(await received).toEqual({ ok: true });
  } finally {
    client.disconnect();
  }
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const subscribe = (data: unknown) => JSON.stringify({ event: 'pusher:subscribe', data });

/** Text frames: JSON that is not a message, messages missing or mistyping each field, not JSON at all. */
const HOSTILE_TEXT = [
  'null',
  '[]',
  '[{"event":"pusher:ping"}]',
  '42',
  '-1e309',
  '"pusher:ping"',
  'true',
  '{}',
  '',
  'not json',
  '{"event":',
  nested(4000),
  '{"event":null}',
  '{"event":42}',
  '{"event":["pusher:ping"]}',
  '{"event":{"toString":"x"}}',
  '{"event":{"toString":{"valueOf":1}}}',
  '{"__proto__":{"event":"pusher:ping"},"constructor":{"prototype":{"x":1}}}',
  '{"event":"pusher:subscribe"}',
  subscribe(null),
  subscribe('null'),
  subscribe('[]'),
  subscribe('{"channel":'),
  subscribe(42),
  subscribe([]),
  subscribe({ channel: null }),
  subscribe({ channel: 42 }),
  subscribe({ channel: ['private-a'] }),
  subscribe({ channel: { toString: 'x' } }),
  subscribe({ channel: 'private-App.Models.User.1', auth: 42 }),
  subscribe({ channel: 'private-App.Models.User.1', auth: { key: 'x' } }),
  subscribe({ channel: 'private-App.Models.User.1', auth: `${APP.key}:${'é'.repeat(64)}` }),
  subscribe({ channel: 'presence-room', auth: 'x', channel_data: { user_id: null } }),
  subscribe({ channel: 'a\u0000b' }),
  subscribe({ channel: 'x'.repeat(9_000) }),
  JSON.stringify({ event: 'pusher:unsubscribe', data: null }),
  JSON.stringify({ event: 'pusher:unsubscribe', data: 'null' }),
  JSON.stringify({ event: 'pusher:unsubscribe', data: { channel: { a: 1 } } }),
  JSON.stringify({ event: 'pusher:ping', data: null }),
  JSON.stringify({ event: 'client-typing', channel: 'private-App.Models.User.1', data: null }),
  JSON.stringify({ event: 'pusher:signin', data: { auth: null, user_data: null } }),
  JSON.stringify({ event: 'x'.repeat(5_000), data: '\ud800' }),
];

describe('every frame a client may send', () => {
  it.each(HOSTILE_TEXT.map((text) => [text.slice(0, 60), text]))('text %j leaves the server up', async (_, text) => {
    const { port } = await sharedHub();
    const { ws, frames } = await rawSocket(port);
    ws.send(text);
    // The socket itself still answers a ping afterwards.
    ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    await expect.poll(() => frames.some((frame) => frame.event === 'pusher:pong')).toBe(true);
    ws.close();
  });

  it('binary frames are refused with an error, never read', async () => {
    const { port } = await sharedHub();
    const { ws, frames } = await rawSocket(port);
    ws.send(Buffer.from('{"event":"pusher:ping","data":{}}'), { binary: true });
    ws.send(Buffer.from([0xff, 0x00, 0xfe, 0x7b]), { binary: true });
    await expect.poll(() => frames.filter((frame) => frame.event === 'pusher:error').length).toBe(2);
    expect(frames.some((frame) => frame.event === 'pusher:pong')).toBe(false);
    ws.close();
  });

  it('a frame over 10 KiB, and text that is not UTF-8, close that socket (1009, 1007) and nothing else', async () => {
    const { port } = await sharedHub();
    const big = await rawSocket(port);
    big.ws.send(JSON.stringify({ event: 'pusher:ping', data: 'x'.repeat(20_000) }));
    expect(await big.closed).toBe(1009);
    const invalid = await rawSocket(port);
    invalid.ws.send(Buffer.from([0x7b, 0xc3, 0x28, 0x7d]), { binary: false });
    expect(await invalid.closed).toBe(1007);
  });

  it('hostile upgrade requests are answered and closed; none ends the server', async () => {
    const { hub, port } = await sharedHub();
    const answers: Record<string, { answer: string; closed: boolean }> = {};
    const cases: Record<string, string> = {
      'a malformed escape in the key': upgradeHeaders('/app/%E0%A4%A'),
      'a lone percent': upgradeHeaders('/app/%'),
      'an escaped key': upgradeHeaders(`/app/${encodeURIComponent(APP.key)}%00`),
      'another path': upgradeHeaders('/v1.0/health'),
      'the root': upgradeHeaders('/'),
      'a long path': upgradeHeaders(`/app/${'x'.repeat(6_000)}`),
      'a traversal': upgradeHeaders('/app/../app/hostile-key'),
      'no websocket key': `GET /app/${APP.key} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      'an unknown version': upgradeHeaders(`/app/${APP.key}`).replace('Version: 13', 'Version: 99'),
      'another protocol': upgradeHeaders(`/app/${APP.key}`).replace('Upgrade: websocket', 'Upgrade: h2c'),
      'a POST': upgradeHeaders(`/app/${APP.key}`).replace('GET', 'POST'),
      'bad extensions': upgradeHeaders(
        `/app/${APP.key}`,
        'Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits=abc;;\r\n',
      ),
      'bad subprotocols': upgradeHeaders(`/app/${APP.key}`, 'Sec-WebSocket-Protocol: a,,b, ,\r\n'),
      'a forged forwarded-for': upgradeHeaders(`/app/${APP.key}`, `X-Forwarded-For: ${'%00,'.repeat(2_000)}\r\n`),
    };
    await Promise.all(
      Object.entries(cases).map(async ([name, request]) => (answers[name] = await rawUpgrade(port, request))),
    );
    const status = (name: string) => answers[name].answer.split('\r\n')[0];
    // Not this server's path: answered at once, and closed.
    for (const name of ['another path', 'the root', 'a traversal']) {
      expect(status(name), name).toBe('HTTP/1.1 404 Not Found');
      expect(answers[name].closed, name).toBe(true);
    }
    // Malformed handshakes: ws answers 400, 405 or 426 and closes.
    for (const name of ['no websocket key', 'an unknown version', 'another protocol', 'a POST', 'bad subprotocols']) {
      expect(status(name), name).toMatch(/^HTTP\/1\.1 4\d\d /);
      expect(answers[name].closed, name).toBe(true);
    }
    // A key that is not this app's (escapes are not decoded): connected, then told 4001, as at Pusher.
    for (const name of ['a malformed escape in the key', 'a lone percent', 'an escaped key', 'a long path']) {
      expect(status(name), name).toMatch(/^HTTP\/1\.1 (101|4\d\d) /);
      if (status(name).includes('101')) expect(answers[name].answer, name).toContain('App key does not exist');
    }
    expect(status('a forged forwarded-for')).toBe('HTTP/1.1 101 Switching Protocols');
    await pusherJsStillWorks(hub, port);
  });

  it('after all of it, pusher-js connects, subscribes to a private channel and hears an event', async () => {
    const { hub, port } = await sharedHub();
    await pusherJsStillWorks(hub, port);
  });
});

let shared: Promise<{ hub: RealtimeHub; port: number }> | undefined;
const sharedHub = () => (shared ??= listen());

describe('what one client may hold', () => {
  it('past the cap per address an upgrade is answered 503; another address, and a pusher-js client, still get in', async () => {
    const { hub, port } = await listen({ maxConnectionsPerAddress: 3, maxConnections: 6, trustProxy: true });
    const flood = { 'X-Forwarded-For': '203.0.113.7' };
    const held = [await rawSocket(port, flood), await rawSocket(port, flood), await rawSocket(port, flood)];
    const refused = await rawUpgrade(port, upgradeHeaders(`/app/${APP.key}`, 'X-Forwarded-For: 203.0.113.7\r\n'));
    expect(refused.answer).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(refused.closed).toBe(true);
    expect(hub.connections).toBe(3);

    // The address comes from the proxy's last entry: a client cannot claim another one.
    const forged = await rawUpgrade(
      port,
      upgradeHeaders(`/app/${APP.key}`, 'X-Forwarded-For: 198.51.100.1, 203.0.113.7\r\n'),
    );
    expect(forged.answer).toMatch(/^HTTP\/1\.1 503/);

    // Someone else (pusher-js from 127.0.0.1) is not blocked by that address's flood.
    await pusherJsStillWorks(hub, port);

    // One socket closed frees its place.
    held[0].ws.close();
    await held[0].closed;
    await expect.poll(() => hub.connections).toBe(2);
    held.push(await rawSocket(port, flood));
    for (const each of held) each.ws.close();
  });

  it('past the cap in all an upgrade is answered 503, whatever the address', async () => {
    const { port } = await listen({ maxConnectionsPerAddress: 10, maxConnections: 2, trustProxy: true });
    const held = [
      await rawSocket(port, { 'X-Forwarded-For': '192.0.2.1' }),
      await rawSocket(port, { 'X-Forwarded-For': '192.0.2.2' }),
    ];
    const refused = await rawUpgrade(port, upgradeHeaders(`/app/${APP.key}`, 'X-Forwarded-For: 192.0.2.3\r\n'));
    expect(refused.answer).toMatch(/^HTTP\/1\.1 503/);
    for (const each of held) each.ws.close();
  });

  it("in local mode, an upgrade addressed to a name that is not the server's own is answered 421 (DNS rebinding)", async () => {
    const names = parseConfig({}).ownHostNames!;
    const { port } = await listen({ acceptsHostName: (hostname) => isOwnHostName(names, hostname) });
    const upgradeTo = (host: string) =>
      rawUpgrade(port, upgradeHeaders(`/app/${APP.key}`).replace('Host: 127.0.0.1', `Host: ${host}`));
    for (const host of ['rebind.evil.example', 'rebind.evil.example:3000', '192.0.2.2:3000', '', '[::1']) {
      const refused = await upgradeTo(host);
      expect(refused.answer, host).toMatch(/^HTTP\/1\.1 421/);
      expect(refused.closed, host).toBe(true);
    }
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'orbita.localhost']) {
      expect((await upgradeTo(host)).answer, host).toMatch(/^HTTP\/1\.1 101/);
    }
  });

  it('a socket that never subscribes is closed with 4202; one that subscribed stays', async () => {
    // The hub's window runs on the test's clock: both sockets' windows pass when it is moved.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { port } = await listen();
      const idle = await rawSocket(port);
      const listening = await rawSocket(port);
      listening.ws.send(subscribe({ channel: 'public-news' }));
      await expect.poll(() => listening.frames.at(-1)?.event).toBe('pusher_internal:subscription_succeeded');
      vi.advanceTimersByTime(HUB_DEFAULTS.subscribeWithinSeconds * 1000);
      expect(await idle.closed).toBe(CLOSE.inactive);
      // Past its own window too, and it still answers: a close sent before would have come first.
      listening.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
      await expect.poll(() => listening.frames.at(-1)?.event).toBe('pusher:pong');
      expect(listening.ws.readyState).toBe(WebSocket.OPEN);
      listening.ws.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
