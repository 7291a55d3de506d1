import * as account from './user-account';
import * as accounts from './integrations';
import * as auth from './auth';
import * as comments from './comments';
import * as coupons from './coupons';
import * as facebookDeletion from './facebook-deletion';
import * as health from './health';
import * as mautic from './mautic';
import * as notifications from './notifications';
import * as impersonation from './impersonation';
import * as inbox from './inbox';
import * as inboxRules from './inbox-rules';
import type { Operation } from './operation';
import * as projects from './projects';
import * as realtime from './realtime';
import * as reports from './reports';
import * as savedReplies from './saved-replies';
import * as sentimentModel from './sentiment-model';
import * as subscription from './subscription';
import * as tiktokUsers from './tiktok-users';
import * as users from './users';
import * as webhooks from './webhooks';

const names = new Map<Operation, string>();

const isOperation = (value: unknown): value is Operation =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value;

/** A module's operations; each keeps its export name as its OpenAPI operationId. */
export const pick = (module: Record<string, unknown>): Operation[] =>
  Object.entries(module).flatMap(([name, value]) => {
    if (!isOperation(value)) return [];
    names.set(value, name);
    return [value];
  });

/**
 * Every operation of the public API: what the API reference (`/docs`) lists and, with the
 * sandbox's (`contract/sandbox/operations.ts`), what the route-coverage test holds the server to.
 * Server-side only (the app imports single resources).
 */
export const OPERATIONS: Operation[] = [
  ...pick(auth),
  ...pick(account),
  ...pick(impersonation),
  ...pick(coupons),
  ...pick(projects),
  ...pick(tiktokUsers),
  ...pick(subscription),
  ...pick(users),
  ...pick(facebookDeletion),
  ...pick(health),
  ...pick(mautic),
  ...pick(comments),
  ...pick(inbox),
  ...pick(inboxRules),
  ...pick(notifications),
  ...pick(savedReplies),
  ...pick(sentimentModel),
  ...pick(accounts),
  ...pick(realtime),
  ...pick(reports),
  ...pick(webhooks),
];

/** The operation's export name (`login`, `listProjects`). */
export const operationName = (operation: Operation): string | undefined => names.get(operation);
