/**
 * `npm test`: the unit tests, the API's tests (on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set), the build and the end-to-end tests, stopping at the first failure,
 * then how long each phase took. The build runs beside the unit and API tests (its output kept
 * back unless it fails): the end-to-end tests need it, the others do not. Plain Node, no packages.
 *
 *   npm test                      (CI: scripts/with-postgres.sh npm test)
 *   npm test -- --smoke           the same, but only the end-to-end tests tagged @smoke (CI on the
 *                                 newer Node line: the build there too, beside the other phases)
 */
import { spawn } from 'node:child_process';

const times = [];

/** Runs a phase; resolves with its exit code (its output shown, or kept back unless it fails). */
function run(phase, command, { quiet = false } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      shell: process.platform === 'win32',
    });
    let kept = '';
    child.stdout?.on('data', (chunk) => (kept += chunk));
    child.stderr?.on('data', (chunk) => (kept += chunk));
    child.on('close', (code) => {
      times.push([phase, (performance.now() - started) / 1000, code === 0]);
      if (code !== 0 && quiet) process.stdout.write(kept);
      resolve(code ?? 1);
    });
  });
}

function report() {
  console.log('\nnpm test, each phase:');
  for (const [phase, seconds, ok] of times) {
    console.log(`  ${phase.padEnd(12)} ${seconds.toFixed(1).padStart(6)} s${ok ? '' : '  FAILED'}`);
  }
  console.log(`  ${'in all'.padEnd(12)} ${((performance.now() - suiteStarted) / 1000).toFixed(1).padStart(6)} s`);
}

const suiteStarted = performance.now();
const npm = ['npm', 'run', '--silent'];
const built = run('build', [...npm, 'build'], { quiet: true });
let code = await run('unit', [...npm, 'test:unit']);
if (code === 0) code = await run('api', [...npm, 'test:api']);
const buildCode = await built;
if (code === 0) code = buildCode;
const smoke = process.argv.includes('--smoke') ? ['--grep', '@smoke'] : [];
if (code === 0) code = await run(smoke.length ? 'smoke' : 'end-to-end', ['npx', 'playwright', 'test', ...smoke]);
report();
process.exit(code);
