import { execFile } from 'node:child_process';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * Which API test files run on which database, as `vitest.config.ts` sets them up from the
 * environment (decision 095): CI relies on `API_TESTS_DATABASE=postgres` leaving no file out.
 * Read from Vitest's own listing, which neither starts a database nor runs a test.
 */
const root = new URL('..', import.meta.url).pathname;
const vitest = join(root, 'node_modules/vitest/vitest.mjs');

async function apiTestFiles(env: Record<string, string>) {
  // Vitest's own variables would tell the child it runs inside a test; the two settings are the test's.
  const childEnv = { ...process.env };
  for (const name of Object.keys(childEnv))
    if (name.startsWith('VITEST') || ['TEST_DATABASE_URL', 'API_TESTS_DATABASE', 'NODE_OPTIONS'].includes(name))
      delete childEnv[name];
  Object.assign(childEnv, env);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [vitest, 'list', '--filesOnly', '--json', '--project', 'server', '--project', 'server-postgres'],
    { cwd: root, env: childEnv, maxBuffer: 10 * 1024 * 1024 },
  );
  const listed: { file: string; projectName: string }[] = JSON.parse(stdout);
  const on = (project: string) =>
    listed
      .filter((entry) => entry.projectName === project)
      .map((entry) => relative(root, entry.file))
      .sort();
  return { pglite: on('server'), postgres: on('server-postgres') };
}

// The URL is never connected to: listing the files opens no database.
const TEST_DATABASE_URL = 'postgres://nobody@127.0.0.1:1/none';

describe('the API test files on each database', () => {
  it('without a PostgreSQL, all on PGlite; with one, those that reach a database on both; with API_TESTS_DATABASE=postgres, each on one', async () => {
    const [alone, both, once] = await Promise.all([
      apiTestFiles({}),
      apiTestFiles({ TEST_DATABASE_URL }),
      apiTestFiles({ TEST_DATABASE_URL, API_TESTS_DATABASE: 'postgres' }),
    ]);
    expect(alone.postgres).toEqual([]);
    expect(alone.pglite.length).toBeGreaterThan(50);

    expect(both.pglite).toEqual(alone.pglite);
    expect(both.postgres.length).toBeGreaterThan(0);
    expect(both.postgres.length).toBeLessThan(alone.pglite.length);
    expect(alone.pglite).toEqual(expect.arrayContaining(both.postgres));

    expect(once.postgres).toEqual(both.postgres);
    expect(once.pglite.filter((file) => once.postgres.includes(file))).toEqual([]);
    expect([...once.pglite, ...once.postgres].sort()).toEqual(alone.pglite);
  });
});
