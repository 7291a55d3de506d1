/**
 * What `npm start` builds first (scripts/start.mjs): `npm run build` only when the build is
 * missing or older than something it is made from, so a second `npm start` starts at once; when
 * only the API's sources changed, `npm run build:server` alone (a second, where the app takes
 * minutes). `npm run build` always builds, and ends with `--record` (which notes the VITE_*
 * variables the build saw). Plain Node (no tsx) because it runs before every start.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { refuseOlderNode } from './node-version.mjs';

refuseOlderNode();

/**
 * The app's build. What it writes last: index.html (Remix's pre-render), csp.json (its script
 * hashes), then the brotli copy of index.html (scripts/compress-assets.ts; brotli always shrinks
 * a page of that size, so the copy is always there). A copy takes the time of its file: it never
 * looks newer than the build, and missing it is a build that stopped early.
 */
const CLIENT = {
  outputs: ['build/client/index.html', 'build/client/csp.json', 'build/client/index.html.br'],
  /** Everything the build reads. A missing one is simply not there (.env files are optional). */
  inputs: [
    'app',
    'contract',
    'public',
    'vite.config.ts',
    'pwa.config.ts',
    'tsconfig.json',
    'package.json',
    'package-lock.json',
    'scripts/csp-hashes.ts',
    'scripts/compress-assets.ts',
    'server/precompressed.ts',
    '.env',
    '.env.local',
    '.env.production',
    '.env.production.local',
  ],
};

/** The API's bundle (scripts/build-server.mjs), which `npm start` runs. */
const SERVER = {
  outputs: ['build/api/main.mjs'],
  inputs: [
    'server',
    'contract',
    'tsconfig.json',
    'package.json',
    'package-lock.json',
    'scripts/build-server.mjs',
    'scripts/database-snapshot.mjs',
  ],
};

/** The VITE_* variables are baked into the build: a different set needs a new one. */
const STAMP = 'build/vite-env.json';

/** The newest file under `path` as [mtime, path]; [0] when there is none. */
function newest(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return [0, path];
  }
  if (!stat.isDirectory()) return [stat.mtimeMs, path];
  return (
    readdirSync(path)
      // Tests are not part of either build: editing one rebuilds nothing.
      .filter((name) => !/\.test\.tsx?$/.test(name))
      .map((name) => newest(join(path, name)))
      .reduce((a, b) => (b[0] > a[0] ? b : a), [0, path])
  );
}

function oldestOutput(outputs) {
  try {
    return Math.min(...outputs.map((path) => statSync(path).mtimeMs));
  } catch {
    return undefined;
  }
}

const viteEnv = JSON.stringify(
  Object.fromEntries(
    Object.entries(process.env)
      .filter(([name]) => name.startsWith('VITE_'))
      .sort(([a], [b]) => a.localeCompare(b)),
  ),
);

/** Why a part needs building, or undefined while its outputs are newer than its inputs. */
function staleness({ outputs, inputs }) {
  const built = oldestOutput(outputs);
  if (built === undefined) return 'no build yet';
  const [changed, path] = inputs.map(newest).reduce((a, b) => (b[0] > a[0] ? b : a));
  return changed > built ? `${path} changed since the last build` : undefined;
}

/** Why the whole build must run (the app's part, or the VITE_* variables), or undefined. */
function reasonToBuild() {
  let stamp;
  try {
    stamp = readFileSync(STAMP, 'utf8');
  } catch {
    stamp = undefined;
  }
  const client = staleness(CLIENT);
  if (client) return client;
  if (stamp !== viteEnv) return 'the VITE_* variables differ from the last build';
  return undefined;
}

/** Runs `npm run <script>`, ending this process if it fails. */
function run(script) {
  const build = spawnSync('npm', ['run', script], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/**
 * Builds what is stale: the whole build when the app's part or the VITE_* variables changed, the
 * API's bundle alone when only its sources did, nothing otherwise (scripts/start.mjs, before it
 * runs the API).
 */
export function buildIfStale() {
  const reason = reasonToBuild();
  const serverReason = reason ? undefined : staleness(SERVER);
  if (reason) {
    console.log(`[start] building: ${reason}`);
    run('build');
  } else if (serverReason) {
    console.log(`[start] building the API: ${serverReason}`);
    run('build:server');
  } else {
    console.log('[start] the build is up to date: not rebuilding (`npm run build` forces a build)');
  }
}

// `npm run build` ends with `node scripts/build-if-stale.mjs --record`.
if (process.argv.includes('--record')) {
  mkdirSync('build', { recursive: true });
  writeFileSync(STAMP, viteEnv);
}
