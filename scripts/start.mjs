/**
 * `npm start`: refuses a Node older than `engines` (scripts/node-version.mjs), builds what is stale
 * (scripts/build-if-stale.mjs), then runs the API's bundle in this same process, as production. One
 * Node process where a `prestart` made two: a tenth of a second of every start
 * (docs/decisions/076). A deployment runs `NODE_ENV=production node build/api/main.mjs`, which is
 * the same bundle without the check (docs/deploy.md).
 */
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
// The API's start-up line tells this part (Node starting, the staleness check above and any build
// it ran) apart from loading the bundle after it: `check` and `load` (server/main.ts).
globalThis.orbitaStartChecked = performance.now();
process.env.NODE_ENV = 'production';
await import('../build/api/main.mjs');
