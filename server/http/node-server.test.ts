import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { HTTP_TIMEOUTS, serveApi, type ServeOptions } from './node-server';

/**
 * The API's HTTP server's deadlines, on every route (docs/decisions/057), over real sockets
 * against a server on an ephemeral port of 127.0.0.1, with short deadlines.
 */
const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const app = new Hono();
app.get('/slow', async (c) => {
  await sleep(Number(c.req.query('ms')));
  return c.text('done');
});
app.get('/', (c) => c.text('ok'));

const SHORT = { headersMs: 300, requestMs: 600, keepAliveMs: 200, checkEveryMs: 50 };

async function listening(timeouts?: ServeOptions['timeouts']) {
  let server: Server | undefined;
  const port = await new Promise<number>((resolve) => {
    server = serveApi({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', timeouts }, (info) => resolve(info.port));
  });
  servers.push(server!);
  return { server: server!, port };
}

/** A raw connection: what it was sent back, and the milliseconds from connecting to its end. */
function client(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  const started = performance.now();
  const seen = { socket, answer: '', closed: undefined as unknown as Promise<number> };
  socket.on('data', (chunk: Buffer) => (seen.answer += chunk.toString('latin1')));
  socket.on('error', () => {});
  seen.closed = new Promise((resolve) => socket.on('close', () => resolve(performance.now() - started)));
  return seen;
}

const within = (closed: Promise<number>, ms: number) => Promise.race([closed, sleep(ms).then(() => Infinity)]);

describe('serveApi', () => {
  it('sets the deadlines of HTTP_TIMEOUTS', async () => {
    const { server } = await listening();
    expect(server.headersTimeout).toBe(HTTP_TIMEOUTS.headersMs);
    expect(server.requestTimeout).toBe(HTTP_TIMEOUTS.requestMs);
    expect(server.keepAliveTimeout).toBe(HTTP_TIMEOUTS.keepAliveMs);
    expect(HTTP_TIMEOUTS.headersMs).toBeLessThanOrEqual(HTTP_TIMEOUTS.requestMs);
  });

  it('answers 408 and closes a connection whose headers do not end in time', async () => {
    const { port } = await listening(SHORT);
    const slow = client(port);
    slow.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const ticker = setInterval(() => slow.socket.write('X-A: b\r\n'), 50);
    const closedAfter = await within(slow.closed, 10_000);
    clearInterval(ticker);
    expect(closedAfter).toBeGreaterThanOrEqual(250);
    expect(closedAfter).toBeLessThan(10_000);
    expect(slow.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that never sends a byte', async () => {
    const { port } = await listening(SHORT);
    expect(await within(client(port).closed, 10_000)).toBeLessThan(10_000);
  });

  it('counts only the receiving: a handler slower than the deadline is still answered', async () => {
    const { port } = await listening(SHORT);
    const res = await fetch(`http://127.0.0.1:${port}/slow?ms=1000`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('done');
  });

  it('closes a keep-alive connection left idle past its time', async () => {
    const { port } = await listening(SHORT);
    const idle = client(port);
    idle.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    // Node adds a second to the keep-alive time, for a client's request already on its way.
    expect(await within(idle.closed, 10_000)).toBeLessThan(10_000);
    expect(idle.answer).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('leaves an upgraded connection (a websocket) open past every deadline', async () => {
    const { server, port } = await listening(SHORT);
    server.on('upgrade', (_request, socket: Socket) => {
      // Upgraded, it is no longer the server's to close: closed after the test like the client's.
      sockets.push(socket);
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    });
    const upgraded = client(port);
    upgraded.socket.write(
      'GET /app/key HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
    );
    expect(await within(upgraded.closed, 2_500)).toBe(Infinity);
    expect(upgraded.answer).toMatch(/^HTTP\/1\.1 101 /);
  });
});
