import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import PusherClient from 'pusher-js';
import { OAUTH_RETURN_PATHS } from '../contract/oauth';
import { facebookReturnOverHttp } from '../server/integrations/sandbox/consent-form';
import { pageFeedDelivery } from '../server/webhooks/meta-deliveries';

/**
 * Comments arriving by themselves, under a burst (docs/decisions/044), for `npm run bench --
 * --ingest`: one API instance on PGlite in a folder, a user who connected the sandbox's Luca
 * Moretti, whose page then gets 10,000 new comments through signed webhook deliveries, 32 at a
 * time, with 10 % of them delivered again and 5 % edited before their add arrives. The owner's
 * project page is open in Chromium meanwhile: a comment is on screen when the page's "Show N new
 * comments" counts it. Then a second burst is cut by `kill -9` half way, and the API started again
 * on the same folder.
 */
const SECRET = 'bench-facebook-app-secret-0123456789abcdef';
const PAGE = '200000000000007';
const json = { 'content-type': 'application/json' };

type Server = { process: ChildProcess; origin: string };

async function startServer(port: number, dataDir: string, databaseUrl: string | undefined): Promise<Server> {
  const origin = `http://localhost:${port}`;
  const child = spawn('node', ['build/api/main.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      APP_URL: origin,
      FACEBOOK_APP_SECRET: SECRET,
      COMMENT_SYNC_MINUTES: '0',
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    },
    stdio: 'ignore',
    detached: true,
  });
  const start = performance.now();
  for (;;) {
    const up = await fetch(`${origin}/v1.0/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { process: child, origin };
    if (performance.now() - start > 120_000) throw new Error('the ingest server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const stop = (server: Server, signal: NodeJS.Signals = 'SIGTERM') => {
  if (server.process.pid) process.kill(-server.process.pid, signal);
  return new Promise((resolve) => server.process.once('exit', resolve));
};

const second = 1_800_000_000;
/** A Page feed delivery of one comment change, as Meta sends it. */
const delivery = (n: number, verb: 'add' | 'edited', message: string, time: number) =>
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

async function post(origin: string, body: string): Promise<number> {
  const response = await fetch(`${origin}/webhooks/facebook`, {
    method: 'POST',
    headers: { ...json, 'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}` },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

/** Sends `bodies` 32 at a time; answers each one's 200 time (or -1 when it was not acknowledged). */
async function burst(
  origin: string,
  bodies: string[],
  onAck?: (index: number) => void,
  stopped: () => boolean = () => false,
): Promise<number[]> {
  const acked = new Array<number>(bodies.length).fill(-1);
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < bodies.length && !stopped()) {
        const index = next++;
        const status = await post(origin, bodies[index]!).catch(() => 0);
        if (status === 200) {
          acked[index] = now();
          onAck?.(index);
        }
      }
    }),
  );
  return acked;
}

/** The wall clock in ms, as the browser's `performance.timeOrigin + performance.now()` reads it. */
const now = () => performance.timeOrigin + performance.now();

/** For each of the `count` first acknowledged, how long until `seen` (times at which a count was reached) covered it. */
function latenciesOf(acks: number[], seen: Array<[at: number, count: number]>): number[] {
  const latencies: number[] = [];
  let k = 0;
  for (const [at, count] of seen) {
    for (; k < Math.min(count, acks.length); k++) latencies.push(at - acks[k]!);
  }
  return latencies;
}

const ms = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return `${at(0.5).toFixed(0)} / ${at(0.95).toFixed(0)} ms`;
};

async function signedInOwner(origin: string) {
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

async function waitForTotal(
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

/** `GET /v1.0/auth/me` one after another until `until` settles. */
async function timeMe(origin: string, token: string, until: Promise<unknown>) {
  const samples: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    const start = performance.now();
    const response = await fetch(`${origin}/v1.0/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    samples.push(performance.now() - start);
  }
  return samples;
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

    // The owner's open app, as pusher-js hears it: when each added comment is told.
    const told: number[] = [];
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
    subscription.bind('CommentsChanged', (event: { added: number }) => {
      for (let n = 0; n < event.added; n++) told.push(now());
    });

    // The owner's project page in Chromium: when its offer first counts each new comment.
    const shown: Array<[number, number]> = [];
    const context = await browser.newContext({ baseURL: server.origin, reducedMotion: 'reduce' });
    await context.addInitScript((token) => localStorage.setItem('access_token', token), owner.token);
    const page = await context.newPage();
    await page.exposeBinding('benchShown', (_source, at: number, count: number) => void shown.push([at, count]));
    const listening = new Promise<void>((resolve) =>
      page.on('websocket', (socket) =>
        socket.on('framereceived', (frame) => {
          if (String(frame.payload).includes('pusher_internal:subscription_succeeded')) resolve();
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

    // 10,000 comments; 5 % edited, the edit sent first; 10 % delivered again, later.
    const COUNT = 10_000;
    const bodies: string[] = [];
    const firstAdd = new Map<number, number>();
    for (let n = 0; n < COUNT; n++) {
      if (n % 20 === 0) bodies.push(delivery(n, 'edited', `edited ${n}`, second + n + 1));
      firstAdd.set(bodies.length, n);
      bodies.push(delivery(n, 'add', `comment ${n}`, second + n));
      if (n % 10 === 5) bodies.push(bodies[Math.floor(Math.random() * bodies.length)]!);
    }
    const start = performance.now();
    const sending = burst(server.origin, bodies);
    const [acked, meSamples] = await Promise.all([sending, timeMe(server.origin, owner.token, sending)]);
    const sentMs = performance.now() - start;
    const stored = await waitForTotal(server.origin, owner.headers, owner.projectId, before + COUNT);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await total(server.origin, owner.headers, owner.projectId);
    const admin = await (
      await fetch(`${server.origin}/v1.0/auth/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'admin@example.com', password: 'Admin1234' }),
      })
    ).json();
    const editedShown = (
      await (
        await fetch(`${server.origin}/v1.0/comments?message=edited`, {
          headers: { authorization: `Bearer ${admin.access_token}` },
        })
      ).json()
    ).meta?.total;
    client.disconnect();
    await context.close();
    const addAcks = [...firstAdd.keys()].map((index) => acked[index]!).sort((a, b) => a - b);
    const latencies = told.slice(0, addAcks.length).map((at, k) => at - addAcks[k]!);
    const onPage = latenciesOf(addAcks, shown);

    // The second burst, cut by kill -9 half way: every delivery that got a 200 is there after.
    const SECOND = 2_000;
    const cut = Array.from({ length: SECOND }, (_, n) => delivery(COUNT + n, 'add', `after ${n}`, second + COUNT + n));
    let ackedBeforeKill = 0;
    let killed = false;
    const killing = new Promise<void>((resolve) => {
      void burst(
        server.origin,
        cut,
        () => {
          ackedBeforeKill += 1;
          if (!killed && ackedBeforeKill >= SECOND / 2) {
            killed = true;
            void stop(server, 'SIGKILL').then(() => resolve());
          }
        },
        () => killed,
      );
    });
    await killing;
    const acknowledged = ackedBeforeKill;
    // A batch the killed instance had fetched is active until its expiry, then retried.
    server = await startServer(port, dataDir, databaseUrl);
    const afterRestart = await waitForTotal(
      server.origin,
      owner.headers,
      owner.projectId,
      after + acknowledged,
      180_000,
    );

    return {
      acked: `${bodies.length} deliveries in ${(sentMs / 1000).toFixed(1)} s: ${(bodies.length / (sentMs / 1000)).toFixed(0)} a second (${acked.filter((at) => at < 0).length} not acknowledged)`,
      stored: `${(stored.ms / 1000).toFixed(1)} s after the last 200 (${sentMs > 0 ? ((sentMs + stored.ms) / 1000).toFixed(1) : '?'} s from the first)`,
      exact: `${after - before} rows for ${COUNT} comments (lost ${Math.max(0, COUNT - (after - before))}, doubled ${Math.max(0, after - before - COUNT)}); edited text kept on ${editedShown} of ${COUNT / 20}`,
      told: `${ms(latencies)} (p50 / p95, ${latencies.length} told)`,
      onScreen: `${ms(onPage)} (p50 / p95, ${onPage.length} counted on the page)`,
      me: `${ms(meSamples)} (n=${meSamples.length})`,
      kill: `${acknowledged} acknowledged before kill -9; ${afterRestart.now - after} stored ${(afterRestart.ms / 1000).toFixed(0)} s after the restart (lost ${Math.max(0, acknowledged - (afterRestart.now - after))})`,
    };
  } finally {
    await stop(server).catch(() => {});
    rmSync(folder, { recursive: true, force: true });
  }
}
