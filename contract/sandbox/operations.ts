import type { Operation } from '../operation';
import { pick } from '../operations';
import * as dev from './dev';
import * as mautic from './mautic';
import * as providers from './providers';

/**
 * The sandbox's operations (docs/decisions/038): the helpers for tests and local development
 * (`/dev`), and the stand-ins for Mautic and the social providers (`/dev/mautic`, `/sandbox`).
 * Mounted in local mode only, never in a deployment; listed in a reference of their own
 * (`/docs/sandbox`), not in the public API's (`/docs`). The route-coverage test holds the server
 * to both lists.
 */
export const SANDBOX_OPERATIONS: Operation[] = [...pick(dev), ...pick(mautic), ...pick(providers)];
