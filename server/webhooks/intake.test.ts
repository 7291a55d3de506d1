import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serveApi, type ServeOptions } from '../http/node-server';
import { startHarness, type Harness } from '../test/harness';
import { pageFeedDelivery } from './meta-deliveries';
import { INTAKE_LIMIT, signatureOf } from './routes';

/**
 * The webhook's intake on the real HTTP server, over real sockets (docs/decisions/057): a sender
 * that trickles its body holds its own connection and nothing else, and the server's deadline
 * ends it.
 */
let h: Harness;
const servers: Server[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  h = await startHarness();
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
afterAll(async () => {
  await h?.stop();
});

/**
 * The API's own server (as `server/main.ts` starts it) on an ephemeral port of 127.0.0.1, with
 * `timeouts` if given; `arrived` counts the requests whose headers reached the app, `reading` those
 * whose body the app has started to read.
 */
async function listening(timeouts?: ServeOptions['timeouts']) {
  const counter = { arrived: 0, reading: 0 };
  let server: Server | undefined;
  const port = await new Promise<number>((resolve) => {
    server = serveApi(
      {
        fetch: (request, env) => {
          counter.arrived++;
          const body = request.body;
          if (body) {
            const getReader = body.getReader.bind(body);
            body.getReader = ((...args: Parameters<typeof getReader>) => {
              counter.reading++;
              return getReader(...args);
            }) as typeof body.getReader;
          }
          return h.app.fetch(request, env);
        },
        port: 0,
        hostname: '127.0.0.1',
        timeouts,
      },
      (info) => resolve(info.port),
    );
  });
  servers.push(server!);
  return { port, counter };
}

let senders = 0;

/**
 * A sender that declares 100,000 bytes and sends one every `everyMs`: days to finish. `answer`
 * is what it was sent back; `closed` resolves with the milliseconds from its first byte to its
 * connection's end; `requestId` is the X-Request-Id it sends, which the app's log lines carry.
 */
function slowSender(port: number, everyMs = 100) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  const requestId = `slow-sender-${++senders}`;
  const sender = { socket, requestId, answer: '', closed: undefined as unknown as Promise<number> };
  let ticker: NodeJS.Timeout | undefined;
  let started = performance.now();
  socket.on('connect', () => {
    started = performance.now();
    socket.write(
      'POST /webhooks/facebook HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `X-Request-Id: ${requestId}\r\n` +
        `X-Hub-Signature-256: sha256=${'0'.repeat(64)}\r\nContent-Length: 100000\r\n\r\n{`,
    );
    ticker = setInterval(() => socket.write(' '), everyMs);
  });
  socket.on('data', (chunk: Buffer) => (sender.answer += chunk.toString('latin1')));
  socket.on('error', () => {});
  sender.closed = new Promise((resolve) =>
    socket.on('close', () => {
      clearInterval(ticker);
      resolve(performance.now() - started);
    }),
  );
  return sender;
}

/** Resolves once `done()` holds; fails, saying `what`, after `ms`. */
async function until(done: () => boolean, what: string, ms = 10_000) {
  const deadline = performance.now() + ms;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`still waiting for ${what} after ${ms} ms`);
    await sleep(20);
  }
}

/** A signed delivery of one comment on a page nobody follows: acknowledged and kept. */
function signedDelivery(port: number) {
  const body = JSON.stringify(
    pageFeedDelivery('3000000000001', [
      { verb: 'add', commentId: '3000000000001_1', message: 'Ciao', time: 1_800_000_000, from: { id: '1', name: 'A' } },
    ]),
  );
  return fetch(`http://127.0.0.1:${port}/webhooks/facebook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': signatureOf(body, h.config.facebookAppSecret),
    },
    body,
    // Far past "at once", far short of the slow senders' days: a held intake fails here, clearly.
    signal: AbortSignal.timeout(15_000),
  });
}

describe('POST /webhooks/facebook on the real server', () => {
  it('answers a signed delivery at once while slow senders hold more connections than it has intake slots', async () => {
    const { port, counter } = await listening();
    // Once on its own: the first request pays for what loads lazily.
    expect((await signedDelivery(port)).status).toBe(200);
    const arrivedBefore = counter.arrived;
    const readingBefore = counter.reading;

    const slow = Array.from({ length: INTAKE_LIMIT.postgres + 2 }, () => slowSender(port));
    await until(() => counter.arrived - arrivedBefore === slow.length, 'the slow senders to reach the app');
    // Each as far as it can go into the route: reading its body. (A route that took a turn of the
    // intake before the body would leave the last ones waiting for a turn, never read.)
    await until(() => counter.reading - readingBefore === slow.length, 'the route to read every slow sender');

    const res = await signedDelivery(port);
    expect(res.status).toBe(200);
    // Answered while they are all still sending (days from done, and long before the server's
    // deadline would cut them off): none was answered, none cut off, none done. The delivery was
    // held behind none of them.
    for (const sender of slow) {
      expect(sender.answer).toBe('');
      expect(sender.socket.destroyed).toBe(false);
    }
    expect(await h.runJobs()).toBe(2);
  });

  it("ends a sender slower than the server's deadline with a 408 and its connection closed, logging no failure", async () => {
    const { port } = await listening({ requestMs: 600, headersMs: 300, checkEveryMs: 50 });
    const sender = slowSender(port);
    // The deadline is the behaviour: not before 600 ms of sending, and well before its days are up.
    const closedAfter = await sender.closed;
    expect(closedAfter).toBeGreaterThanOrEqual(500);
    expect(closedAfter).toBeLessThan(10_000);
    expect(sender.answer).toMatch(/^HTTP\/1\.1 408 /);
    // The intake never waited for it, and the app saw a client gone, not a failure of its own.
    expect((await signedDelivery(port)).status).toBe(200);
    const cutOff = () => h.logs.lines().find((line) => line.requestId === sender.requestId && line.msg === 'request');
    await until(() => cutOff() !== undefined, "the app's answer to the sender it lost");
    expect(h.logs.lines().filter((line) => line.level === 'error' || line.level === 'warn')).toEqual([]);
    expect(await h.runJobs()).toBe(1);
  });
});
