/**
 * The empty database a first start with PGlite begins from (docs/decisions/061): a PGlite data
 * directory made and migrated here, at build time, and put beside the API's bundle. Making one at
 * the start is PGlite's initdb in WASM (3 to 4 s) and every migration; copying this one takes a
 * quarter of a second (a tarball for PGlite's `loadDataDir` took a second and a half: PGlite
 * writes its files through its WASM file system). It is remade only when what it is made of
 * changes (the migrations, PGlite), and kept under node_modules/.cache between builds. Plain
 * Node: part of scripts/build-server.mjs, which runs before every `npm start` that finds the API
 * changed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const MIGRATIONS = 'server/db/migrations';
const CACHE_DIR = 'node_modules/.cache/database-snapshot';

/** What the snapshot is made of: the migrations' files and PGlite's version. */
function snapshotKey() {
  const hash = createHash('sha256');
  const files = readdirSync(MIGRATIONS, { recursive: true })
    .map(String)
    .filter((file) => /\.(sql|json)$/.test(file))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(join(MIGRATIONS, file)));
  hash.update(readFileSync('node_modules/@electric-sql/pglite/package.json'));
  return hash.digest('hex').slice(0, 16);
}

async function makeSnapshot(dir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  mkdirSync(CACHE_DIR, { recursive: true });
  for (const old of readdirSync(CACHE_DIR)) rmSync(join(CACHE_DIR, old), { recursive: true, force: true });
  // Made aside and renamed: a build started meanwhile never copies half a database.
  const partial = `${dir}.${randomBytes(4).toString('hex')}`;
  // The same extensions the API opens its PGlite with (server/db/client.ts).
  const client = new PGlite({ dataDir: partial, extensions: { pg_trgm, unaccent, btree_gin } });
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.close();
  }
  renameSync(partial, dir);
}

/** Puts the empty database for the current migrations at `target`, making it first if need be. */
export async function placeDatabaseSnapshot(target) {
  const dir = join(CACHE_DIR, `empty-${snapshotKey()}`);
  if (!existsSync(dir)) await makeSnapshot(dir);
  rmSync(target, { recursive: true, force: true });
  cpSync(dir, target, { recursive: true });
}
