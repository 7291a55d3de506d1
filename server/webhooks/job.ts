import { z } from 'zod/mini';
import { FacebookWebhookDeliverySchema } from '../../contract/webhooks';
import { writeCommentEvents, writeHiddenMarks, type HiddenMark } from '../comments/writer';
import type { JobQueue } from '../jobs/queue';
import { commentEventsOf, hiddenChangesOf, type CommentEvent } from './comment-events';
import { applyInboxRules, type RuleDeps } from '../inbox/rules';
import { notifyNegativeComments, type AlertDeps } from '../alerts/notify';

/** The job that keeps one delivery of Meta's webhooks, applied a fetched batch at a time (docs/decisions/044, 045). */
export const APPLY_FACEBOOK_WEBHOOK = 'apply-facebook-webhook';

const JobDataSchema = z.object({ delivery: FacebookWebhookDeliverySchema });

/** Deliveries applied at once (`npm run bench -- --ingest` measures it). */
const BATCH_SIZE = 100;

export type WebhookJobDeps = RuleDeps & AlertDeps;

/** A reply came before its parent: the delivery runs again, by when the parent should be here. */
class WaitingForParent extends Error {
  constructor(readonly replies: number) {
    super(`${replies} replies wait for their parent comment`);
  }
}

/**
 * Applies a batch of deliveries in one transaction and tells the owner of each channel that
 * changed, once for the batch. Answers the deliveries to apply again later: those with a reply
 * whose parent has not arrived (the rest of each is applied already; applying it again changes
 * nothing).
 */
export async function applyFacebookWebhooks(
  deps: WebhookJobDeps,
  jobs: Array<{ id: string; data: unknown }>,
): Promise<Array<{ id: string; error: unknown }>> {
  const deliveryOf = new Map<CommentEvent, string>();
  const events: CommentEvent[] = [];
  const hiddenMarks: HiddenMark[] = [];
  const unreadable: Array<{ id: string; error: unknown }> = [];
  for (const job of jobs) {
    const parsed = JobDataSchema.safeParse(job.data);
    // Validated before it was kept; a job this version cannot read fails on its own.
    if (!parsed.success) {
      unreadable.push({ id: job.id, error: parsed.error });
      continue;
    }
    for (const event of commentEventsOf(parsed.data.delivery)) {
      deliveryOf.set(event, job.id);
      events.push(event);
    }
    hiddenMarks.push(...hiddenChangesOf(parsed.data.delivery));
  }
  const applied = await writeCommentEvents(deps, events);
  await writeHiddenMarks(deps, hiddenMarks);
  // The projects' inbox rules, on the comments that arrived (docs/product.md#inbox-rules).
  const added = [...applied.byChannel.values()].flatMap((changes) => changes.addedIds);
  await applyInboxRules(deps, added);
  // Unhappy customers, told to the projects' owners at once (docs/product.md#alerts).
  await notifyNegativeComments(deps, added);
  const waitingIn = new Map<string, number>();
  for (const event of applied.waiting) {
    const id = deliveryOf.get(event)!;
    waitingIn.set(id, (waitingIn.get(id) ?? 0) + 1);
  }
  return [...unreadable, ...[...waitingIn].map(([id, replies]) => ({ id, error: new WaitingForParent(replies) }))];
}

/** How long after its instance died a batch is applied by another, at the most (`npm run bench -- --ingest` measures it). */
export const TAKEN_OVER_WITHIN_SECONDS = 15;

/** Registers the job's handler on `jobs` (the server's queue, or a test's). */
export function workFacebookWebhooks(jobs: JobQueue, deps: WebhookJobDeps): void {
  jobs.workBatch(APPLY_FACEBOOK_WEBHOOK, (batch) => applyFacebookWebhooks(deps, batch), {
    // A reply before its parent waits a few seconds, doubling, five times (about a minute in
    // all): Meta sends the parent's change within that.
    retryLimit: 5,
    retryDelaySeconds: 2,
    retryBackoff: true,
    // Deliveries come in bursts and each is small: a fetched batch is applied in one
    // transaction of a few statements (decision 045). The batch bounds how long that
    // transaction holds PGlite's one connection, which every other request waits for.
    batchSize: BATCH_SIZE,
    pollingIntervalSeconds: 0.5,
    // A batch of short comments takes well under a second. One that an instance took with it
    // when it died is retried by another, or by it restarted, within 15 s: this expiry, the next
    // maintenance pass (MAINTENANCE_INTERVAL_SECONDS) and the retry's 2 to 4 s. A batch of long
    // comments can outlive it (8,000 characters each, a hundred to a delivery: tens of seconds)
    // and is then fetched again, up to the retries' limit. Applying a batch twice changes nothing,
    // and the writer judges no words it holds already, so each repeat costs a look-up, not the
    // judging again.
    expireInSeconds: 5,
  });
}
