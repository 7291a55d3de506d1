/**
 * Speed and size figures (npm run bench). Prints, asserts nothing:
 * - the production build time;
 * - the API's cold start on a fresh in-memory database (spawn → health answers);
 * - the JavaScript a cold /login loads: files, raw and gzip bytes;
 * - how long a cold /login takes until the sign-in form is usable;
 * - GET /v1.0/auth/me latency (p50 / p95) alone and while 60 sign-ups run at once, and how
 *   many sign-ins a second the API answers.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const PORT = Number(process.env.BENCH_PORT ?? 3199);
const base = `http://localhost:${PORT}`;

function seconds(ms: number) {
  return `${(ms / 1000).toFixed(2)} s`;
}

function kib(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

const buildStart = performance.now();
const build = spawnSync('npm', ['run', 'build'], { stdio: 'ignore' });
if (build.status !== 0) throw new Error('build failed');
const buildMs = performance.now() - buildStart;

const serverStart = performance.now();
const server = spawn('npx', ['tsx', 'server/main.ts'], {
  // TRUST_PROXY: the load below comes from many addresses, as a real burst would (per-IP limits).
  env: { ...process.env, PORT: String(PORT), DATA_DIR: 'memory://', NODE_ENV: 'test', APP_URL: base, TRUST_PROXY: '1' },
  stdio: 'ignore',
  detached: true,
});

try {
  let ready = false;
  while (!ready && performance.now() - serverStart < 120_000) {
    ready = await fetch(`${base}/v1.0/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!ready) throw new Error('server did not start');
  const serverMs = performance.now() - serverStart;

  const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const runs: number[] = [];
  let scripts: Array<{ url: string; raw: number; gzip: number }> = [];
  for (let run = 0; run < 5; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const seen: Array<Promise<{ url: string; raw: number; gzip: number }>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      seen.push(
        response.body().then((body) => ({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    const start = performance.now();
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    runs.push(performance.now() - start);
    scripts = await Promise.all(seen);
    await context.close();
  }
  await browser.close();

  const api = await apiFigures();

  const raw = scripts.reduce((sum, file) => sum + file.raw, 0);
  const gzip = scripts.reduce((sum, file) => sum + file.gzip, 0);
  runs.sort((a, b) => a - b);
  console.log('figure                                   value');
  console.log(`build time (remix vite:build)            ${seconds(buildMs)}`);
  console.log(`API cold start, fresh in-memory DB       ${seconds(serverMs)}`);
  console.log(`cold /login JavaScript files             ${scripts.length}`);
  console.log(`cold /login JavaScript, raw              ${kib(raw)}`);
  console.log(`cold /login JavaScript, gzip -9          ${kib(gzip)}`);
  console.log(
    `cold /login until the form shows, median ${seconds(runs[Math.floor(runs.length / 2)])} (of ${runs.length})`,
  );
  console.log(`GET /v1.0/auth/me alone, p50 / p95         ${api.alone}`);
  console.log(`GET /v1.0/auth/me during 60 sign-ups      ${api.underLoad} (${api.signUps})`);
  console.log(`sign-ins per second (4 at a time)         ${api.signInsPerSecond}`);
  for (const file of scripts.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${kib(file.gzip).padStart(10)}  ${file.url}`);
  }
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `${at(0.5).toFixed(1)} / ${at(0.95).toFixed(1)} ms (n=${sorted.length})`;
}

/** Times `GET /v1.0/auth/me` one request after another until `until` settles. */
async function timeMe(token: string, until: Promise<unknown> | number) {
  const samples: number[] = [];
  let done = false;
  if (typeof until === 'number') setTimeout(() => (done = true), until);
  else void until.finally(() => (done = true));
  while (!done) {
    const start = performance.now();
    const response = await fetch(`${base}/v1.0/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET /v1.0/auth/me answered ${response.status}`);
    samples.push(performance.now() - start);
  }
  return samples;
}

async function apiFigures() {
  const signIn = (ip: string) =>
    fetch(`${base}/v1.0/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email: 'demo@example.com', password: 'Demo1234' }),
    });
  const first = await signIn('10.9.0.1');
  const { access_token: token } = (await first.json()) as { access_token: string };

  const alone = await timeMe(token, 3_000);

  const statuses = new Map<number, number>();
  const signUps = Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      fetch(`${base}/v1.0/auth/register`, {
        method: 'POST',
        // Sixty visitors, each from an address of their own.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.8.${Math.floor(i / 250)}.${i % 250}` },
        body: JSON.stringify({
          firstName: 'Bench',
          lastName: `User${i}`,
          email: `bench-${i}-${Date.now()}@example.test`,
          password: 'Bench-Pass1',
        }),
      }).then((response) => statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)),
    ),
  );
  const underLoad = await timeMe(token, signUps);

  const signInStart = performance.now();
  let signedIn = 0;
  await Promise.all(
    Array.from({ length: 4 }, async (_, worker) => {
      for (let i = 0; i < 5; i++) {
        const response = await signIn(`10.7.${worker}.${i}`);
        if (response.ok) signedIn++;
        await response.arrayBuffer();
      }
    }),
  );
  const perSecond = signedIn / ((performance.now() - signInStart) / 1000);

  return {
    alone: percentiles(alone),
    underLoad: percentiles(underLoad),
    signUps: [...statuses].map(([status, count]) => `${count}× ${status}`).join(', '),
    signInsPerSecond: perSecond.toFixed(1),
  };
}
