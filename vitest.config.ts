import { defineConfig } from 'vitest/config';
import tsconfigPaths from 'vite-tsconfig-paths';

// Kept apart from vite.config.ts so the Remix plugin never runs under Vitest.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Each API test file opens its own embedded database; two at once fit the 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'app', include: ['app/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
