/**
 * The API for `npm start` and a deployment (docs/decisions/037): `server/main.ts` and what it
 * imports from `server/` and `contract/`, bundled by esbuild into one ES module that plain Node
 * runs, with every npm package left to `node_modules` (as installed). Beside it, what the bundle
 * finds at run time next to itself (`new URL(…, import.meta.url)`): the password and training workers, the
 * Drizzle migrations and the sentiment model. Not `build/server`: Remix's SPA build deletes that folder.
 *
 *   node scripts/build-server.mjs    (part of `npm run build`; `npm run build:server` alone)
 */
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const SERVER_OUT_DIR = 'build/api';

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
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // `node --enable-source-maps` (npm start) reports a stack in the TypeScript's lines.
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('server/db/migrations', `${SERVER_OUT_DIR}/migrations`, { recursive: true });
cpSync('server/sentiment/sentiment-model.bin', `${SERVER_OUT_DIR}/sentiment-model.bin`);
console.log(`server: ${SERVER_OUT_DIR}/main.mjs in ${Math.round(performance.now() - started)} ms`);
