import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod/mini';
import { pruneReplyAttempts } from '../comments/reply-attempts';
import { pruneRemovals, writeListing } from '../comments/writer';
import { applyInboxRules } from '../inbox/rules';
import { notifyNegativeComments, type AlertDeps } from '../alerts/notify';
import { channels, connectedAccounts } from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import { markNeedsReconnect } from './accounts';
import { COMMENTED_KINDS } from './adapters';
import { accessTokenOf, type ChannelFetchDeps } from './channel-fetch';
import { jobFailureReason, ProviderError } from './providers/provider-error';

/**
 * The scheduled sync (docs/decisions/044): the webhooks' safety net. Every period a round queues
 * one job per followed channel whose comments the product reads, spread over the period so the
 * providers see a trickle, not a burst; each reads the channel's comments since its last sync
 * (a little before, to miss nothing) and keeps the new ones, telling the owner. A job per channel
 * under its own key on a `stately` queue: two instances never sync the same channel at once.
 */
export const SYNC_COMMENTS_ROUND = 'sync-comments-round';
export const SYNC_CHANNEL_COMMENTS = 'sync-channel-comments';

/** How far before the last sync the next one reads: a comment Meta dated a little late is still read. */
const OVERLAP_MS = 10 * 60_000;

const ChannelJobSchema = z.object({ channelId: z.uuid() });

/** Queues the round, unless one is already waiting (the server calls it at start). */
export async function scheduleCommentSync(jobs: JobQueue): Promise<void> {
  await jobs.send(SYNC_COMMENTS_ROUND, {}, { singletonKey: 'round' });
}

/** One round: a job per channel, spread over `periodSeconds`, then the next round. */
export async function runCommentSyncRound(deps: ChannelFetchDeps, jobs: JobQueue, periodSeconds: number) {
  const followed = await deps.db
    .select({ id: channels.id })
    .from(channels)
    .innerJoin(connectedAccounts, eq(connectedAccounts.id, channels.accountId))
    .where(
      and(
        inArray(channels.kind, [...COMMENTED_KINDS]),
        isNotNull(channels.accountId),
        eq(connectedAccounts.status, 'authorized'),
      ),
    )
    .orderBy(channels.id);
  for (const [n, channel] of followed.entries()) {
    await jobs.send(
      SYNC_CHANNEL_COMMENTS,
      { channelId: channel.id },
      { singletonKey: channel.id, startAfter: Math.floor((n * periodSeconds) / followed.length) },
    );
  }
  await jobs.send(SYNC_COMMENTS_ROUND, {}, { singletonKey: 'round', startAfter: periodSeconds });
  // Removals are remembered long enough for any late delivery of what they removed; a reply's
  // attempt for a retry's few minutes.
  const now = new Date(deps.clock());
  const pruned = { removals: await pruneRemovals(deps.db, now), replyAttempts: await pruneReplyAttempts(deps.db, now) };
  deps.log.info({ channels: followed.length, pruned }, 'comment sync round queued');
}

/**
 * Reads one channel's comments since its last sync and keeps the new ones; answers how many. A
 * token the provider no longer takes marks the account as needing a reconnect and ends there; a
 * rate limit or no answer throws, for the job to be retried later.
 */
export async function syncChannelComments(
  deps: ChannelFetchDeps & AlertDeps & { jobs?: JobQueue },
  channelId: string,
): Promise<number> {
  const [found] = await deps.db
    .select({ channel: channels, account: connectedAccounts })
    .from(channels)
    .innerJoin(connectedAccounts, eq(connectedAccounts.id, channels.accountId))
    .where(eq(channels.id, channelId));
  if (!found || found.account.status !== 'authorized') return 0; // gone, or waiting for a reconnect
  const { channel, account } = found;
  const adapter = deps.adapters[account.provider];
  if (!adapter?.comments || !COMMENTED_KINDS.includes(channel.kind)) return 0;
  const startedAt = new Date(deps.clock());
  const since = channel.commentsSyncedAt ? new Date(channel.commentsSyncedAt.getTime() - OVERLAP_MS) : undefined;
  let added: number;
  try {
    const listed = await adapter.comments(channel.kind, await accessTokenOf(deps, account), channel.externalId, {
      since,
    });
    // What the provider lists now: new comments are added, changed ones take the listed text
    // (Instagram sends no webhook for an edit), a removed one stays removed.
    const addedIds = await writeListing(deps, channel.id, listed, startedAt);
    added = addedIds.length;
    // The projects' inbox rules, on the comments that arrived (docs/product.md#inbox-rules).
    await applyInboxRules(deps, addedIds);
    await notifyNegativeComments(deps, addedIds);
  } catch (error) {
    if (error instanceof ProviderError && (error.needsReconnect || error.problem === 'refused')) {
      await markNeedsReconnect(deps.db, account.id, startedAt);
      deps.log.warn({ accountId: account.id, channelId, problem: error.problem }, 'account needs reconnecting');
      return 0;
    }
    throw error;
  }
  await deps.db.update(channels).set({ commentsSyncedAt: startedAt }).where(eq(channels.id, channel.id));
  return added;
}

/** Registers the round and the channel jobs on `jobs`; nothing runs while `periodMinutes` is 0. */
export function workCommentSync(
  jobs: JobQueue,
  deps: ChannelFetchDeps & AlertDeps & { jobs?: JobQueue },
  periodMinutes: number,
): void {
  if (periodMinutes <= 0) return;
  const periodSeconds = periodMinutes * 60;
  jobs.work(SYNC_COMMENTS_ROUND, () => runCommentSyncRound(deps, jobs, periodSeconds), {
    policy: 'stately',
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  jobs.work(
    SYNC_CHANNEL_COMMENTS,
    async (data) => {
      const { channelId } = ChannelJobSchema.parse(data);
      await syncChannelComments(deps, channelId);
    },
    // A rate limit or an outage passes: from 30 s, doubling, five times (about 15 minutes), then
    // the next round tries again. One channel is one provider call, 10 s at most.
    {
      policy: 'stately',
      retryLimit: 5,
      retryDelaySeconds: 30,
      retryBackoff: true,
      batchSize: 4,
      expireInSeconds: 60,
      reasonOf: jobFailureReason,
    },
  );
}
