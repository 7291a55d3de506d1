import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import tsconfigPaths from 'vite-tsconfig-paths';

/** The API tests; `env` picks the database they run on (see server/test/database.ts). */
function serverProject(name: string, env: Record<string, string> = {}): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      env,
      include: ['server/**/*.test.ts'],
      environment: 'node',
      // Migrates and seeds once; each file opens a copy (server/test/database.ts).
      globalSetup: ['server/test/global-setup.ts'],
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
          include: ['app/**/*.test.{ts,tsx}', 'tests/setup/*.test.ts', 'scripts/**/*.test.ts'],
          // Pure code needs no DOM; a file that does says `// @vitest-environment jsdom`.
          environment: 'node',
          setupFiles: ['tests/setup/vitest.setup.ts'],
        },
      },
      serverProject('server'),
      // The same API tests against a real PostgreSQL, when one is given (CI starts one).
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', { TEST_DB_BACKEND: 'postgres' })] : []),
    ],
  },
});
