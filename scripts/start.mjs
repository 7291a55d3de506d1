/**
 * `npm start`: refuses a Node older than `engines` (scripts/node-version.mjs), builds what is stale
 * (scripts/build-if-stale.mjs), then runs the API's bundle in this same process, as production. One
 * Node process where a `prestart` made two: a tenth of a second of every start
 * (docs/decisions/076). A deployment runs `NODE_ENV=production node build/api/main.mjs`, which is
 * the same bundle without the check (docs/deploy.md).
 */
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
process.env.NODE_ENV = 'production';
await import('../build/api/main.mjs');
