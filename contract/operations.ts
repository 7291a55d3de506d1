import * as auth from './auth';
import * as coupons from './coupons';
import * as dev from './dev';
import { health } from './health';
import type { Operation } from './operation';
import * as projects from './projects';

const pick = (module: Record<string, unknown>) =>
  Object.values(module).filter(
    (value): value is Operation =>
      typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value,
  );

/**
 * Every operation of the API: what the OpenAPI reference lists and what the route-coverage
 * test holds the server to. Server-side only (the app imports single resources).
 */
export const OPERATIONS: Operation[] = [...pick(auth), ...pick(coupons), ...pick(projects), health];

/** Mounted only outside production. */
export const DEV_OPERATIONS: Operation[] = pick(dev);
