import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/client';
import { seed } from '../db/seed';
import { databaseUrlFor, withAdmin } from './postgres-admin';
import { testPasswords } from './passwords';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated, seeded PGlite data directory (dumpDataDir), for the `server` project. */
    pgliteSnapshot: string;
    /** A migrated, seeded PostgreSQL database to copy, for the `server-postgres` project. */
    postgresTemplate: string;
  }
}

/**
 * Migrates and seeds once; every test file then starts from a copy (server/test/database.ts)
 * instead of paying for its own migration and seed. The PGlite snapshot is kept between runs
 * under node_modules/.cache, named by a hash of what it is made from (delete the folder to
 * force a new one).
 */
export default async function setup(project: TestProject) {
  const adminUrl = project.config.env.TEST_DB_BACKEND === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  return adminUrl ? setupPostgres(project, adminUrl) : setupPglite(project);
}

const fromRoot = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const CACHE_DIR = fromRoot('node_modules/.cache/server-tests');

/** What the seeded database is made of: the migrations, the seed and its helpers, PGlite. */
async function snapshotKey(): Promise<string> {
  const migrations = (await readdir(fromRoot('server/db/migrations'), { recursive: true }))
    .filter((file) => /\.(sql|json)$/.test(file))
    .sort()
    .map((file) => `server/db/migrations/${file}`);
  const inputs = [
    ...migrations,
    'server/db/schema.ts',
    'server/db/seed.ts',
    // How the database is opened and dumped (its settings, the checkpoint before the dump).
    'server/db/client.ts',
    'server/users/queries.ts',
    'server/auth/passwords.ts',
    'server/test/passwords.ts',
    'contract/fields.ts',
    // The seed's comments are judged by the classifier: a new model or feature is a new seed.
    'server/sentiment/sentiment-model.bin',
    ...(await readdir(fromRoot('server/sentiment')))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .sort()
      .map((file) => `server/sentiment/${file}`),
    'node_modules/@electric-sql/pglite/package.json',
  ];
  const hash = createHash('sha256');
  for (const input of inputs) hash.update(input).update(await readFile(fromRoot(input)));
  return hash.digest('hex').slice(0, 16);
}

async function setupPglite(project: TestProject) {
  const file = join(CACHE_DIR, `seeded-${await snapshotKey()}.tar`);
  if (!existsSync(file)) {
    const handle = await createDatabase({ dataDir: 'memory://' });
    try {
      await handle.migrate();
      await seed(handle.db, testPasswords());
      await mkdir(CACHE_DIR, { recursive: true });
      for (const old of await readdir(CACHE_DIR)) await rm(join(CACHE_DIR, old), { force: true });
      // Written aside and renamed, so a run started meanwhile never reads half a file.
      const partial = `${file}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, Buffer.from(await (await handle.dump!()).arrayBuffer()));
      await rename(partial, file);
    } finally {
      await handle.close();
    }
  }
  project.provide('pgliteSnapshot', file);
}

async function setupPostgres(project: TestProject, adminUrl: string) {
  const name = `test_template_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  const dropTemplate = () =>
    withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {});
  const handle = await createDatabase({ databaseUrl: databaseUrlFor(adminUrl, name), dataDir: 'memory://' });
  try {
    await handle.migrate();
    await seed(handle.db, testPasswords());
  } catch (error) {
    await handle.close();
    await dropTemplate();
    throw error;
  }
  // A template must have no connections while it is copied.
  await handle.close();
  project.provide('postgresTemplate', name);
  return dropTemplate;
}
