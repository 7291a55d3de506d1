import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import tsconfigPaths from 'vite-tsconfig-paths';

/** What in an API test file reaches a database: the harness, a test database, a database URL. */
const REACHES_A_DATABASE =
  /test\/(harness|database|jobs|pusher-clients|postgres-admin|sandbox)|createDatabase|openDatabase|DATABASE_URL|TEST_DB_BACKEND/;

/** The test files (`*.test.ts`, `*.test.tsx`) under `dir` whose text matches `pattern`. */
function testFilesMatching(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFilesMatching(path, pattern);
    return /\.test\.tsx?$/.test(entry.name) && pattern.test(readFileSync(path, 'utf8')) ? [path] : [];
  });
}

/**
 * When a PostgreSQL is given, the API test files that reach a database: the only ones the
 * PostgreSQL run repeats. The others (the classifier, the mail templates, the socket framing…) run
 * the same on either, once.
 */
const databaseTestFiles = process.env.TEST_DATABASE_URL ? testFilesMatching('server', REACHES_A_DATABASE) : [];

/**
 * `API_TESTS_DATABASE=postgres` with `TEST_DATABASE_URL`: the files that reach a database run on
 * PostgreSQL alone, not on PGlite as well. CI does so on the older Node line and runs them all on
 * PGlite on the newer one, so each runs on each database and on each Node line (decision 095).
 */
const onPostgresAlone = process.env.API_TESTS_DATABASE === 'postgres' && !!process.env.TEST_DATABASE_URL;

/** The app's, the setup's and the scripts' test files. */
const APP_TESTS = ['app/**/*.test.{ts,tsx}', 'tests/setup/*.test.ts', 'scripts/**/*.test.ts'];

/** The app's test files that replace a module with `vi.mock`: each needs a module cache of its own. */
const MOCKING_TESTS = ['app', 'tests/setup', 'scripts'].flatMap((dir) => testFilesMatching(dir, /vi\.mock\(/));

/** The API tests; `env` picks the database they run on (see server/test/database.ts). */
function serverProject(
  name: string,
  { env = {}, include = ['server/**/*.test.ts'], exclude = [] as string[], reachesADatabase = true } = {},
): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      env,
      include,
      exclude: [...configDefaults.exclude, ...exclude],
      environment: 'node',
      // Migrates and seeds once; each file opens a copy (server/test/database.ts).
      globalSetup: reachesADatabase ? ['server/test/global-setup.ts'] : [],
      isolate: false,
      // An unexpected console.error or console.warn fails the test (tests/setup/console.ts).
      setupFiles: ['tests/setup/vitest.setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

// Kept apart from vite.config.ts so the Remix plugin never runs under Vitest.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Each API test file opens its own copy of the seeded database; two at once fit the 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          include: APP_TESTS,
          exclude: [...configDefaults.exclude, ...MOCKING_TESTS],
          // Pure code needs no DOM; a file that does says `// @vitest-environment happy-dom`
          // (docs/decisions/093).
          environment: 'node',
          // The files share a worker's module cache instead of a process each: 10 s against 19 s
          // for the whole project. Each file still gets a fresh DOM, and the renders of a test are
          // unmounted after it (app/test/render.tsx); files run shuffled
          // (`--sequence.shuffle`) passed.
          isolate: false,
          setupFiles: ['tests/setup/vitest.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // A module replaced in one file would stay replaced for the next in a shared cache.
          name: 'app-isolated',
          include: MOCKING_TESTS,
          environment: 'node',
          setupFiles: ['tests/setup/vitest.setup.ts'],
        },
      },
      // On PostgreSQL alone, PGlite runs every other API test, and needs no seeded database.
      onPostgresAlone
        ? serverProject('server', { exclude: databaseTestFiles, reachesADatabase: false })
        : serverProject('server'),
      // The API tests that reach a database again, against a real PostgreSQL, when one is given
      // (CI starts one).
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server-postgres', { env: { TEST_DB_BACKEND: 'postgres' }, include: databaseTestFiles })]
        : []),
    ],
  },
});
