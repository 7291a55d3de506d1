/**
 * The API for `npm start` and a deployment (docs/decisions/037): `server/main.ts` and what it
 * imports from `server/`, `contract/` and most npm packages, bundled by esbuild into one ES
 * module that plain Node runs (docs/decisions/060: Node spent about half a second resolving and
 * reading drizzle-orm's, hono's and zod's hundreds of files at every start). The packages in
 * EXTERNAL stay in `node_modules` (as installed), which a deployment still ships. Beside it, what the bundle
 * finds at run time next to itself (`new URL(…, import.meta.url)`): the password and training workers, the
 * Drizzle migrations, the sentiment model and the migrated empty database a first start with PGlite
 * loads (scripts/database-snapshot.mjs). Not `build/server`: Remix's SPA build deletes that folder.
 *
 *   node scripts/build-server.mjs    (part of `npm run build`; `npm run build:server` alone)
 */
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { placeDatabaseSnapshot } from './database-snapshot.mjs';

const SERVER_OUT_DIR = 'build/api';

/**
 * Packages loaded from `node_modules` rather than bundled, each for a reason of its own: files
 * read beside their own module (PGlite's WASM and data, piscina's worker, swagger-ui's assets,
 * pino's transports), a bare `require('punycode')` deep in pusher's node-fetch that Node
 * forgives only inside `node_modules`, and optional native add-ons that are not installed.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'piscina',
  'swagger-ui-dist',
  'swagger-ui-dist/*',
  'pino',
  'pusher',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
];

const started = performance.now();
rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'server/main.ts',
    'password-worker': 'server/auth/password-worker.mjs',
    // A training's thread (server/sentiment/training-thread.ts).
    'sentiment-worker': 'server/sentiment/training-worker.ts',
  },
  outdir: SERVER_OUT_DIR,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  external: EXTERNAL,
  platform: 'node',
  format: 'esm',
  target: 'node22.12',
  // The bundled CommonJS packages (pg, nodemailer, ws…) call `require` for Node's own modules,
  // which an ES module has not got: one made here, for them.
  banner: {
    js: "import { createRequire as bundleCreateRequire } from 'node:module'; const require = bundleCreateRequire(import.meta.url);",
  },
  // The logged stacks name the TypeScript's lines, read from this map when the first is logged
  // (server/log.ts framesInSources; docs/decisions/076).
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('server/db/migrations', `${SERVER_OUT_DIR}/migrations`, { recursive: true });
cpSync('server/sentiment/sentiment-model.bin', `${SERVER_OUT_DIR}/sentiment-model.bin`);
await placeDatabaseSnapshot(`${SERVER_OUT_DIR}/empty-database`);
console.log(`server: ${SERVER_OUT_DIR}/main.mjs in ${Math.round(performance.now() - started)} ms`);
