import type { CommentJudge } from '../sentiment/judge';
import { z } from 'zod/mini';
import { COMMENTS_CHANGED, type CommentsChangedEvent } from '../../contract/realtime';
import { FacebookWebhookDeliverySchema } from '../../contract/webhooks';
import { tellAdminsCommentsArrived } from '../comments/arrivals';
import type { Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { safeError, type Logger } from '../log';
import type { Publisher } from '../realtime/publisher';
import { applyCommentEvents, type ChannelChanges } from './apply';
import { commentEventsOf, type CommentEvent } from './comment-events';
import { judgedAhead } from '../sentiment/judge';

/** The job that keeps one delivery of Meta's webhooks, applied a fetched batch at a time (docs/decisions/044, 045). */
export const APPLY_FACEBOOK_WEBHOOK = 'apply-facebook-webhook';

const JobDataSchema = z.object({ delivery: FacebookWebhookDeliverySchema });

/** Deliveries applied at once (`npm run bench -- --ingest` measures it). */
const BATCH_SIZE = 100;

/** Past this many edited or removed comments, the open app reads its page again instead. */
const LISTED_CHANGES_MAX = 50;

export type WebhookJobDeps = { db: Database; log: Logger; judge: CommentJudge; publisher?: Publisher | undefined };

/** A reply came before its parent: the delivery runs again, by when the parent should be here. */
class WaitingForParent extends Error {
  constructor(readonly replies: number) {
    super(`${replies} replies wait for their parent comment`);
  }
}

export function eventOf(channelId: string, changes: ChannelChanges): CommentsChangedEvent {
  const tooMany = changes.edited.size + changes.removed.size > LISTED_CHANGES_MAX;
  return {
    channelId,
    added: changes.added,
    edited: tooMany ? [] : [...changes.edited].map(([_id, message]) => ({ _id, message })),
    removed: tooMany ? [] : [...changes.removed],
    refresh: tooMany,
  };
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
  }
  const judge =
    events.length > 0
      ? await judgedAhead(
          deps.judge,
          events.filter((event) => event.type === 'upsert'),
        )
      : deps.judge;
  const applied =
    events.length > 0 ? await deps.db.transaction((tx) => applyCommentEvents(tx, events, judge)) : undefined;
  if (applied && deps.publisher) {
    for (const [channelId, changes] of applied.byChannel) {
      try {
        await deps.publisher.toUser(changes.ownerId, COMMENTS_CHANGED, eventOf(channelId, changes));
      } catch (error) {
        deps.log.warn({ event: COMMENTS_CHANGED, err: safeError(error) }, 'real-time event not published');
      }
    }
  }
  if (applied) {
    const added = [...applied.byChannel.values()].reduce((sum, changes) => sum + changes.added, 0);
    await tellAdminsCommentsArrived(deps, { added, toReview: applied.addedToReview });
  }
  const waitingIn = new Map<string, number>();
  for (const event of applied?.waiting ?? []) {
    const id = deliveryOf.get(event)!;
    waitingIn.set(id, (waitingIn.get(id) ?? 0) + 1);
  }
  return [...unreadable, ...[...waitingIn].map(([id, replies]) => ({ id, error: new WaitingForParent(replies) }))];
}

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
    // A batch takes well under a second; one that an instance took with it when it died is
    // retried by another (or by it, restarted) within half a minute.
    expireInSeconds: 15,
  });
}
