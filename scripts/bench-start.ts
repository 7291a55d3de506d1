/**
 * What a user waits for after `npm start` on a built tree (`npm run bench -- --start`): the real
 * command (npm, then scripts/start.mjs: its staleness check, then the API), on PGlite fresh (a new data folder:
 * created, migrated and seeded with the demo), PGlite with an existing `.data/`, and PostgreSQL
 * when `TEST_DATABASE_URL` is given (`scripts/with-postgres.sh npm run bench -- --start`). Each a
 * median of five starts: to the first answer (GET /v1.0/health answers 200, the port open and the
 * app built), and to ready (its `status` says `ok`: the database set up, the jobs polling), with
 * where the start went as the server logs it (docs/decisions/060).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Start {
  firstAnswerMs: number;
  readyMs: number;
  /** The server's own account of the start, in ms (its "ready" log line). */
  parts: Record<string, number>;
}

/** Whether a process of the group `pid` leads is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One `npm start` until ready, then stopped. */
async function timeStart(port: number, env: Record<string, string>): Promise<Start> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    env: { ...process.env, ...env, PORT: String(port), APP_URL: `http://localhost:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
  let firstAnswerMs: number | undefined;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${printed}`);
      if (performance.now() - started > 60_000) throw new Error(`npm start did not get ready in 60 s:\n${printed}`);
      const body = await fetch(`http://localhost:${port}/v1.0/health`).then(
        (answer) => (answer.ok ? (answer.json() as Promise<{ status: string }>) : undefined),
        () => undefined,
      );
      if (body) firstAnswerMs ??= performance.now() - started;
      if (body?.status === 'ok') break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const readyMs = performance.now() - started;
    // The "ready" line may follow the health check's `ok` by a moment.
    for (let wait = 0; wait < 100 && !/"startUp":/.test(printed); wait++) await new Promise((r) => setTimeout(r, 10));
    const parts = JSON.parse(/"startUp":(\{[^}]*\})/.exec(printed)?.[1] ?? '{}') as Record<string, number>;
    return { firstAnswerMs: firstAnswerMs!, readyMs, parts };
  } finally {
    // npm, its shell and the API are one process group.
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    // The API's own exit, after npm's: PGlite closing its database took longer than the 300 ms
    // this once waited, so the next start was timed beside it.
    for (let wait = 0; wait < 1000 && groupAlive(child.pid!); wait++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function summary(name: string, starts: Start[]): string[] {
  const parts = Object.keys(starts[0]!.parts)
    .map((part) => `${part} ${median(starts.map((start) => start.parts[part] ?? 0))}`)
    .join(', ');
  return [
    `${name.padEnd(30)} first answer ${(median(starts.map((s) => s.firstAnswerMs)) / 1000).toFixed(2)} s, ` +
      `ready ${(median(starts.map((s) => s.readyMs)) / 1000).toFixed(2)} s`,
    `  where it went (ms, medians): ${parts}`,
  ];
}

/** The lines to print; the build must be current (`npm start` would build first otherwise). */
export async function startFigures(port: number, runs = 5): Promise<string[]> {
  const lines: string[] = [];
  const folders: string[] = [];
  const newDataDir = () => {
    const folder = mkdtempSync(join(tmpdir(), 'bench-start-'));
    folders.push(folder);
    return join(folder, '.data', 'pglite');
  };
  try {
    const fresh: Start[] = [];
    for (let run = 0; run < runs; run++) fresh.push(await timeStart(port, { DATA_DIR: newDataDir() }));
    lines.push(...summary('PGlite, a fresh .data/', fresh));
    const existing = newDataDir();
    await timeStart(port, { DATA_DIR: existing });
    const again: Start[] = [];
    for (let run = 0; run < runs; run++) again.push(await timeStart(port, { DATA_DIR: existing }));
    lines.push(...summary('PGlite, an existing .data/', again));
    const databaseUrl = process.env.TEST_DATABASE_URL;
    if (databaseUrl) {
      await timeStart(port, { DATABASE_URL: databaseUrl, DATA_DIR: newDataDir() });
      const postgres: Start[] = [];
      for (let run = 0; run < runs; run++) {
        postgres.push(await timeStart(port, { DATABASE_URL: databaseUrl, DATA_DIR: newDataDir() }));
      }
      lines.push(...summary('PostgreSQL, set up already', postgres));
    } else {
      lines.push('PostgreSQL: not measured (scripts/with-postgres.sh npm run bench -- --start)');
    }
  } finally {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
  return lines;
}
