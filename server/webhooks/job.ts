import { z } from 'zod/mini';
import { COMMENTS_CHANGED, type CommentsChangedEvent } from '../../contract/realtime';
import { FacebookWebhookDeliverySchema } from '../../contract/webhooks';
import type { Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { safeError, type Logger } from '../log';
import type { Publisher } from '../realtime/publisher';
import { applyCommentEvents, type ChannelChanges } from './apply';
import { commentEventsOf } from './comment-events';

/** The job that applies one delivery of Meta's webhooks (docs/decisions/044). */
export const APPLY_FACEBOOK_WEBHOOK = 'apply-facebook-webhook';

const JobDataSchema = z.object({ delivery: FacebookWebhookDeliverySchema });

/** Past this many edited or removed comments, the open app reads its page again instead. */
const LISTED_CHANGES_MAX = 50;

export type WebhookJobDeps = { db: Database; log: Logger; publisher?: Publisher | undefined };

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

/** Applies one delivery and tells the owner of each channel that changed. */
export async function applyFacebookWebhook(deps: WebhookJobDeps, data: unknown): Promise<void> {
  const { delivery } = JobDataSchema.parse(data);
  const events = commentEventsOf(delivery);
  if (events.length === 0) return;
  const applied = await applyCommentEvents(deps.db, events);
  for (const [channelId, changes] of applied.byChannel) {
    if (!deps.publisher) break;
    try {
      await deps.publisher.toUser(changes.ownerId, COMMENTS_CHANGED, eventOf(channelId, changes));
    } catch (error) {
      deps.log.warn({ event: COMMENTS_CHANGED, err: safeError(error) }, 'real-time event not published');
    }
  }
  if (applied.waiting > 0) throw new WaitingForParent(applied.waiting);
}

/** Registers the job's handler on `jobs` (the server's queue, or a test's). */
export function workFacebookWebhooks(jobs: JobQueue, deps: WebhookJobDeps): void {
  jobs.work(APPLY_FACEBOOK_WEBHOOK, (data) => applyFacebookWebhook(deps, data), {
    // A reply before its parent waits a few seconds, doubling, five times (about a minute in
    // all): Meta sends the parent's change within that. The rest of the delivery is applied
    // already; running it again changes nothing.
    retryLimit: 5,
    retryDelaySeconds: 2,
    retryBackoff: true,
    // Deliveries come in bursts and each is small: many at once, looked for often, so a new
    // comment is on screen within a second. A queue is read at most a batch each polling
    // interval, so the batch bounds the rate: at 20, a burst was applied at 40 a second while the
    // instance sat idle half the time (`npm run bench -- --ingest`).
    batchSize: 100,
    pollingIntervalSeconds: 0.5,
    expireInSeconds: 60,
  });
}
