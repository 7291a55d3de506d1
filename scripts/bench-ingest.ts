import { createHmac } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import PusherClient from 'pusher-js';
import { OAUTH_RETURN_PATHS } from '../contract/oauth';
import { facebookReturnOverHttp } from '../server/integrations/sandbox/consent-form';
import { pageFeedDelivery, type FeedCommentChange } from '../server/webhooks/meta-deliveries';
import { startBenchServer, type BenchServer } from './bench-server';

/**
 * Comments arriving by themselves, under a burst (docs/decisions/044, 045, 055), for `npm run bench
 * -- --ingest`: one API instance on PGlite in a folder, a user who connected the sandbox's Luca
 * Moretti, whose page then gets 10,000 new comments through signed webhook deliveries, 32 at a
 * time, with 10 % of them delivered again and 5 % edited before their add arrives, while four
 * slow senders hold connections to the webhook. The owner's project page is open in Chromium
 * meanwhile. Each comment is timed from the first 200 of a delivery about it to its own arrival:
 * the event that names it (`addedIds`) at the owner's socket, and the page's first count of new
 * comments that includes it. Then bursts of deliveries of 100 long comments, and of 100 short
 * ones, with the API's health asked all along; then a last burst cut by `kill -9` half way, and
 * the API started again on the same folder.
 */
export const SECRET = 'bench-facebook-app-secret-0123456789abcdef';
export const PAGE = '200000000000007';
const json = { 'content-type': 'application/json' };

/** The ingest API, as `npm start` runs it, on `dataDir` (or the PostgreSQL at `databaseUrl`). */
const startServer = (port: number, dataDir: string, databaseUrl: string | undefined) =>
  startBenchServer(
    port,
    {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      FACEBOOK_APP_SECRET: SECRET,
      COMMENT_SYNC_MINUTES: '0',
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    },
    { name: 'the ingest API' },
  );

const second = 1_800_000_000;
/** A Page feed delivery of one comment change, as Meta sends it. */
const delivery = (n: number, verb: 'add' | 'edited' | 'remove', message: string, time: number) =>
  JSON.stringify(
    pageFeedDelivery(PAGE, [
      {
        verb,
        commentId: `${PAGE}_bench${n}`,
        time,
        createdTime: second + n,
        message,
        from: { id: '9001', name: 'Bench Person' },
      },
    ]),
  );

export async function post(origin: string, body: string): Promise<number> {
  const response = await fetch(`${origin}/webhooks/facebook`, {
    method: 'POST',
    headers: { ...json, 'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}` },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Sends `bodies` 32 at a time; answers each one's 200 time (or -1 when it was not acknowledged)
 * and how long each acknowledged one waited for it.
 */
async function burst(
  origin: string,
  bodies: string[],
  onAck?: (index: number) => void,
  stopped: () => boolean = () => false,
  senders = 32,
): Promise<{ acked: number[]; waited: number[] }> {
  const acked = new Array<number>(bodies.length).fill(-1);
  const waited: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: senders }, async () => {
      while (next < bodies.length && !stopped()) {
        const index = next++;
        const sent = now();
        const status = await post(origin, bodies[index]!).catch(() => 0);
        if (status === 200) {
          acked[index] = now();
          waited.push(acked[index] - sent);
          onAck?.(index);
        }
      }
    }),
  );
  return { acked, waited };
}

/**
 * `count` deliveries of one new comment each on the sandbox's page (numbered from `from`), 32 at a
 * time: the burst other figures are measured under (scripts/bench-scale.ts). Answers how many
 * were acknowledged.
 */
export async function burstOf(origin: string, count: number, from = 0) {
  const bodies = Array.from({ length: count }, (_, n) =>
    delivery(from + n, 'add', `comment ${from + n}`, second + from + n),
  );
  const { acked } = await burst(origin, bodies);
  return { acked: acked.filter((at) => at >= 0).length };
}

/**
 * Senders that open a delivery and send it a byte every two seconds, as a slow or hostile client
 * would (decision 057: they cost only their own connection). Answers how many the server has cut.
 */
function slowSenders(port: number, count: number) {
  const sockets: Socket[] = [];
  let cut = 0;
  for (let n = 0; n < count; n++) {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /webhooks/facebook HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          'X-Hub-Signature-256: sha256=00\r\nContent-Length: 100000\r\n\r\n{',
      );
    });
    const trickle = setInterval(() => socket.writable && socket.write(' '), 2000);
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(trickle);
      cut += 1;
    });
    sockets.push(socket);
  }
  return {
    stop() {
      const cutByServer = cut;
      for (const socket of sockets) socket.destroy();
      return cutByServer;
    },
  };
}

/** The wall clock in ms, as the browser's `performance.timeOrigin + performance.now()` reads it. */
const now = () => performance.timeOrigin + performance.now();

export const ms = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return `${at(0.5).toFixed(0)} / ${at(0.95).toFixed(0)} ms`;
};

export async function signedInOwner(origin: string) {
  const made = await (await fetch(`${origin}/dev/users`, { method: 'POST', body: '{}', headers: json })).json();
  const login = await fetch(`${origin}/v1.0/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: made.user.email, password: made.password }),
  });
  const signedIn = (await login.json()) as { access_token: string; user: { sessionId: string } };
  const token = signedIn.access_token;
  const headers = { ...json, authorization: `Bearer ${token}` };
  const back = await facebookReturnOverHttp(origin, token, '100000000000007');
  const stored = await fetch(`${origin}/v1.0/facebook-accounts`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      facebook_redirect_uri: `${origin}${OAUTH_RETURN_PATHS['facebook-account']}`,
    }),
  });
  if (stored.status !== 200) throw new Error(`store answered ${stored.status}`);
  for (;;) {
    const listed = await (await fetch(`${origin}/v1.0/facebook-accounts`, { headers })).json();
    if (!listed.data[0].fetchingChannels) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const channels = (await (await fetch(`${origin}/v1.0/channels`, { headers })).json()).data as Array<{
    _id: string;
    type: string;
  }>;
  const page = channels.find((channel) => channel.type === 'facebook-page')!;
  const project = await (
    await fetch(`${origin}/v1.0/projects`, { method: 'POST', headers, body: JSON.stringify({ name: 'Ingest' }) })
  ).json();
  await fetch(`${origin}/v1.0/projects/${project._id}/channels`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ channelId: page._id }),
  });
  return {
    token,
    headers,
    userId: made.user._id as string,
    sessionId: signedIn.user.sessionId,
    projectId: project._id as string,
  };
}

/** The project's top-level comments, as its list counts them. */
async function total(origin: string, headers: Record<string, string>, projectId: string): Promise<number> {
  const answer = await (await fetch(`${origin}/v1.0/projects/${projectId}/comments`, { headers })).json();
  return answer.meta.total as number;
}

export async function waitForTotal(
  origin: string,
  headers: Record<string, string>,
  projectId: string,
  expected: number,
  timeoutMs = 600_000,
) {
  const start = performance.now();
  for (;;) {
    const now = await total(origin, headers, projectId);
    if (now >= expected) return { now, ms: performance.now() - start };
    if (performance.now() - start > timeoutMs) return { now, ms: performance.now() - start };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `GET path` one after another until `until` settles; answers each one's time. */
export async function timeGets(origin: string, path: string, headers: Record<string, string>, until: Promise<unknown>) {
  const samples: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    const start = performance.now();
    const response = await fetch(`${origin}${path}`, { headers });
    await response.arrayBuffer();
    samples.push(performance.now() - start);
  }
  return samples;
}

/** Every comment of the project: its message, by id. */
async function messagesOf(origin: string, headers: Record<string, string>, projectId: string) {
  const messages = new Map<string, string>();
  let after: string | undefined;
  for (;;) {
    const query = after ? `?after=${encodeURIComponent(after)}` : '';
    const page = (await (await fetch(`${origin}/v1.0/projects/${projectId}/comments${query}`, { headers })).json()) as {
      data: Array<{ id: string; message: string; publishedAt: string }>;
    };
    for (const comment of page.data) messages.set(comment.id, comment.message);
    const last = page.data.at(-1);
    if (!last || page.data.length < 50) return messages;
    after = `${last.publishedAt}_${last.id}`;
  }
}

/** The number of the burst's comment a message is about (`comment 12`, `edited 40 b`). */
const numberIn = (message: string) => {
  const match = /^(?:comment|edited) (\d+)/.exec(message);
  return match ? Number(match[1]) : undefined;
};

/** Words a customer might write, `length` characters of them, the same for the same `seed`. */
function longText(seed: number, length: number) {
  const words = ['caffè', 'ottimo', 'servizio', 'lento', 'prezzo', 'alto', 'staff', 'friendly', 'pasta', 'cold'];
  let state = seed;
  let text = '';
  while (text.length < length) {
    state = (state * 1103515245 + 12345) % 2147483648;
    text += `${words[state % words.length]} ${state % 997} `;
  }
  return text.slice(0, length);
}

/**
 * `deliveries` deliveries of 100 new comments of `length` characters each, 4 at a time, while
 * `/v1.0/health` is asked one call after another: how fast they are stored, and how the API
 * answers meanwhile.
 */
async function batchBurst(
  server: BenchServer,
  owner: { headers: Record<string, string>; projectId: string },
  { deliveries, length, from }: { deliveries: number; length: number; from: number },
) {
  const before = await total(server.origin, owner.headers, owner.projectId);
  const bodies = Array.from({ length: deliveries }, (_, d) =>
    JSON.stringify(
      pageFeedDelivery(
        PAGE,
        Array.from({ length: 100 }, (_, c): FeedCommentChange => ({
          verb: 'add',
          commentId: `${PAGE}_batch${from + d * 100 + c}`,
          time: second + from + d * 100 + c,
          message: longText(from + d * 100 + c, length),
          from: { id: '9001', name: 'Bench Person' },
        })),
      ),
    ),
  );
  const start = performance.now();
  const stored = (async () => {
    await burst(server.origin, bodies, undefined, undefined, 4);
    return waitForTotal(server.origin, owner.headers, owner.projectId, before + deliveries * 100, 300_000);
  })();
  const health = await timeGets(server.origin, '/v1.0/health', {}, stored);
  const done = await stored;
  const seconds = (performance.now() - start) / 1000;
  return {
    rate: `${((done.now - before) / seconds).toFixed(0)} comments a second (${done.now - before} of ${deliveries * 100} in ${seconds.toFixed(1)} s)`,
    health: `${ms(health)} (n=${health.length})`,
  };
}

/** On PGlite in a folder, or on the PostgreSQL at `databaseUrl` (an empty database). */
export async function ingestFigures(port: number, browser: Browser, databaseUrl?: string) {
  // A folder of its own: the secrets local mode keeps go beside the database, for the restart.
  const folder = mkdtempSync(join(tmpdir(), 'bench-ingest-'));
  const dataDir = join(folder, 'pglite');
  let server = await startServer(port, dataDir, databaseUrl);
  try {
    const owner = await signedInOwner(server.origin);
    const before = await total(server.origin, owner.headers, owner.projectId);

    // The owner's open app, as pusher-js hears it: when each added comment is told, by its id.
    const toldAt = new Map<string, number>();
    const client = new PusherClient('orbita-key', {
      cluster: 'mt1',
      wsHost: 'localhost',
      wsPort: port,
      forceTLS: false,
      enabledTransports: ['ws'],
      channelAuthorization: {
        endpoint: `${server.origin}/broadcasting/auth`,
        transport: 'ajax',
        headers: { Authorization: `Bearer ${owner.token}` },
      },
    });
    // The session's own channel (decision 056).
    const subscription = client.subscribe(`private-App.Models.User.${owner.userId}.${owner.sessionId}`);
    await new Promise<void>((resolve) => subscription.bind('pusher:subscription_succeeded', () => resolve()));
    subscription.bind('CommentsChanged', (event: { addedIds?: string[] }) => {
      const at = now();
      for (const id of event.addedIds ?? []) toldAt.set(id, at);
    });

    // The owner's project page in Chromium: the events its socket receives (which comments each
    // adds), and when its offer first counts each new total ("Show N new comments").
    const received: Array<{ ids: string[]; added: number }> = [];
    const shown: Array<[number, number]> = [];
    const context = await browser.newContext({ baseURL: server.origin, reducedMotion: 'reduce' });
    await context.addInitScript((token) => localStorage.setItem('access_token', token), owner.token);
    const page = await context.newPage();
    await page.exposeBinding('benchShown', (_source, at: number, count: number) => void shown.push([at, count]));
    const listening = new Promise<void>((resolve) =>
      page.on('websocket', (socket) =>
        socket.on('framereceived', (frame) => {
          const text = String(frame.payload);
          if (text.includes('pusher_internal:subscription_succeeded')) resolve();
          if (!text.includes('"CommentsChanged"')) return;
          const data = JSON.parse(JSON.parse(text).data as string) as { added: number; addedIds?: string[] };
          received.push({ ids: data.addedIds ?? [], added: data.added });
        }),
      ),
    );
    await page.goto(`/projects/${owner.projectId}/comments`);
    await listening;
    await page.getByRole('heading', { level: 1, name: 'Ingest: comments' }).waitFor();
    await page.evaluate(() => {
      let last = 0;
      const report = (window as unknown as { benchShown: (at: number, count: number) => void }).benchShown;
      new MutationObserver(() => {
        const offer = [...document.querySelectorAll('button')]
          .map((button) => /^Show ([\d,]+) new comments?$/.exec(button.textContent?.trim() ?? ''))
          .find(Boolean);
        const count = offer ? Number(offer[1]!.replace(/,/g, '')) : 0;
        if (count > last) {
          last = count;
          report(performance.timeOrigin + performance.now(), count);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    // 10,000 comments; 5 % edited, the edit sent first; 2 % edited twice in one second, the later
    // words first; 1 % removed, the removal sent before the add; 10 % delivered again, later.
    // What each must end as is `expected`, as the writer's rules say (docs/decisions/055). Four
    // slow senders hold connections to the webhook all along.
    const COUNT = 10_000;
    const bodies: string[] = [];
    const numberOf: number[] = [];
    const expected = new Map<number, string | undefined>();
    for (let n = 0; n < COUNT; n++) {
      expected.set(n, `comment ${n}`);
      if (n % 20 === 0) {
        bodies.push(delivery(n, 'edited', `edited ${n}`, second + n + 1));
        numberOf.push(n);
        expected.set(n, `edited ${n}`);
      }
      if (n % 50 === 7) {
        // Meta's whole seconds cannot order them: the greater words win, whichever comes last.
        for (const words of [`edited ${n} b`, `edited ${n} a`]) {
          bodies.push(delivery(n, 'edited', words, second + n + 1));
          numberOf.push(n);
        }
        expected.set(n, `edited ${n} b`);
      }
      if (n % 100 === 3) {
        bodies.push(delivery(n, 'remove', '', second + n + 2));
        numberOf.push(n);
        expected.set(n, undefined);
      }
      bodies.push(delivery(n, 'add', `comment ${n}`, second + n));
      numberOf.push(n);
      if (n % 10 === 5) {
        const again = Math.floor(Math.random() * bodies.length);
        bodies.push(bodies[again]!);
        numberOf.push(numberOf[again]!);
      }
    }
    const slow = slowSenders(port, 4);
    const start = performance.now();
    const sending = burst(server.origin, bodies);
    const [{ acked, waited }, meSamples] = await Promise.all([
      sending,
      timeGets(server.origin, '/v1.0/auth/me', { authorization: `Bearer ${owner.token}` }, sending),
    ]);
    const sentMs = performance.now() - start;
    const slowCut = slow.stop();
    server.alive();
    const kept = [...expected.values()].filter((message) => message !== undefined).length;
    const stored = await waitForTotal(server.origin, owner.headers, owner.projectId, before + kept);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await total(server.origin, owner.headers, owner.projectId);
    client.disconnect();
    await context.close();

    // Each comment, from the first 200 of a delivery about it to its own arrival: told to the
    // owner's socket, and counted on the open page (the page's first count that includes the
    // event that named it).
    const firstAck = new Map<number, number>();
    acked.forEach((at, index) => {
      if (at < 0) return;
      const n = numberOf[index]!;
      firstAck.set(n, Math.min(firstAck.get(n) ?? Infinity, at));
    });
    const messages = await messagesOf(server.origin, owner.headers, owner.projectId);
    const numbers = new Map<string, number>();
    const ended = new Map<number, string>();
    for (const [id, message] of messages) {
      const n = numberIn(message);
      if (n === undefined) continue;
      numbers.set(id, n);
      ended.set(n, message);
    }
    const wrong = [...expected].filter(([n, message]) => ended.get(n) !== message).length;
    const toldLatencies: number[] = [];
    for (const [id, at] of toldAt) {
      const n = numbers.get(id);
      if (n !== undefined && firstAck.has(n)) toldLatencies.push(at - firstAck.get(n)!);
    }
    const pageLatencies: number[] = [];
    let counted = 0;
    let k = 0;
    for (const event of received) {
      counted += event.added;
      while (k < shown.length && shown[k]![1] < counted) k++;
      if (k === shown.length) break;
      for (const id of event.ids) {
        const n = numbers.get(id);
        if (n !== undefined && firstAck.has(n)) pageLatencies.push(shown[k]![0] - firstAck.get(n)!);
      }
    }

    // Bursts of whole deliveries of 100 comments: long ones (8,000 characters, Facebook's most)
    // and short ones, the API asked for its health all along.
    const long = await batchBurst(server, owner, { deliveries: 20, length: 8000, from: 100_000 });
    const short = await batchBurst(server, owner, { deliveries: 20, length: 80, from: 200_000 });

    // The last burst, cut by kill -9 half way: the work the instance had taken and not done is
    // taken over when it is started again on the same data; every delivery that got a 200 is there.
    const base = await total(server.origin, owner.headers, owner.projectId);
    const SECOND = 2_000;
    const cut = Array.from({ length: SECOND }, (_, n) => delivery(COUNT + n, 'add', `after ${n}`, second + COUNT + n));
    let ackedBeforeKill = 0;
    let killed = false;
    let unapplied = 0;
    let killedAt = 0;
    await new Promise<void>((resolve) => {
      void burst(
        server.origin,
        cut,
        () => {
          ackedBeforeKill += 1;
          if (!killed && ackedBeforeKill >= SECOND / 2) {
            killed = true;
            void (async () => {
              const applied = await total(server.origin, owner.headers, owner.projectId);
              unapplied = base + ackedBeforeKill - applied;
              killedAt = performance.now();
              await server.stop('SIGKILL');
              resolve();
            })();
          }
        },
        () => killed,
      );
    });
    const acknowledged = ackedBeforeKill;
    server = await startServer(port, dataDir, databaseUrl);
    const restartedAt = performance.now();
    const afterRestart = await waitForTotal(
      server.origin,
      owner.headers,
      owner.projectId,
      base + acknowledged,
      180_000,
    );
    const takenOver = performance.now();

    return {
      acked: `${bodies.length} deliveries in ${(sentMs / 1000).toFixed(1)} s: ${(bodies.length / (sentMs / 1000)).toFixed(0)} a second (${acked.filter((at) => at < 0).length} not acknowledged)`,
      waited: `${ms(waited)} (p50 / p95) with 4 slow senders holding connections (${slowCut} of them cut by the server)`,
      stored: `${(stored.ms / 1000).toFixed(1)} s after the last 200 (${sentMs > 0 ? ((sentMs + stored.ms) / 1000).toFixed(1) : '?'} s from the first)`,
      exact: `${after - before} rows for the ${kept} comments not removed (lost ${Math.max(0, kept - (after - before))}, doubled ${Math.max(0, after - before - kept)}); ${wrong} of ${COUNT} not as the rules say (edits, same-second edits, removals before adds)`,
      told: `${ms(toldLatencies)} (p50 / p95, each comment from its own 200; ${toldLatencies.length} of ${COUNT} named)`,
      onScreen: `${ms(pageLatencies)} (p50 / p95, each comment from its own 200; ${pageLatencies.length} of ${COUNT} named)`,
      me: `${ms(meSamples)} (n=${meSamples.length})`,
      long: `${long.rate}; GET /v1.0/health ${long.health}`,
      short: `${short.rate}; GET /v1.0/health ${short.health}`,
      kill: `${acknowledged} acknowledged before kill -9, ${unapplied} of them not yet applied; all there ${((takenOver - killedAt) / 1000).toFixed(1)} s after the kill, ${((takenOver - restartedAt) / 1000).toFixed(1)} s after the restart answered (lost ${Math.max(0, acknowledged - (afterRestart.now - base))})`,
    };
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
