/**
 * Speed and size figures (npm run bench). Prints, asserts nothing:
 * - the production build time;
 * - the API's cold start on a fresh in-memory database (spawn → health answers);
 * - the JavaScript a cold /login loads: files, raw and gzip bytes;
 * - how long a cold /login takes until the sign-in form is usable.
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
  env: { ...process.env, PORT: String(PORT), DATA_DIR: 'memory://', NODE_ENV: 'test', APP_URL: base },
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
  for (const file of scripts.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${kib(file.gzip).padStart(10)}  ${file.url}`);
  }
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}
