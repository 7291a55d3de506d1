/**
 * `npm start`'s prestart: runs `npm run build` only when the build is missing or older than
 * something it is made from, so a second `npm start` starts at once. `npm run build` always
 * builds, and ends with `--record` (which notes the VITE_* variables the build saw). Plain Node
 * (no tsx) because it runs before every start.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the build writes last: index.html (Remix's pre-render), csp.json (its script hashes), then
 * the brotli copy of index.html (scripts/compress-assets.ts; brotli always shrinks a page of that
 * size, so the copy is always there). A copy takes the time of its file: it never looks newer
 * than the build, and missing it is a build that stopped early.
 */
const OUTPUTS = ['build/client/index.html', 'build/client/csp.json', 'build/client/index.html.br'];

/** Everything the build reads. A missing one is simply not there (.env files are optional). */
const INPUTS = [
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
];

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
  return readdirSync(path)
    .map((name) => newest(join(path, name)))
    .reduce((a, b) => (b[0] > a[0] ? b : a), [0, path]);
}

function oldestOutput() {
  try {
    return Math.min(...OUTPUTS.map((path) => statSync(path).mtimeMs));
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

function reasonToBuild() {
  const built = oldestOutput();
  if (built === undefined) return 'no build yet';
  let stamp;
  try {
    stamp = readFileSync(STAMP, 'utf8');
  } catch {
    stamp = undefined;
  }
  if (stamp !== viteEnv) return 'the VITE_* variables differ from the last build';
  const [changed, path] = INPUTS.map(newest).reduce((a, b) => (b[0] > a[0] ? b : a));
  return changed > built ? `${path} changed since the last build` : undefined;
}

if (process.argv.includes('--record')) {
  mkdirSync('build', { recursive: true });
  writeFileSync(STAMP, viteEnv);
} else {
  const reason = reasonToBuild();
  if (!reason) {
    console.log('[prestart] build/client is up to date: not rebuilding (`npm run build` forces a build)');
  } else {
    console.log(`[prestart] building: ${reason}`);
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
