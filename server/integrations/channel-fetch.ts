import { z } from 'zod/mini';
import { CHANNEL_KINDS, type ChannelKind, type JobFailureReason } from '../../contract/fields';
import type { Database } from '../db/client';
import type { ChannelRow, ConnectedAccountRow } from '../db/schema';
import { and, eq } from 'drizzle-orm';
import { channels, connectedAccounts } from '../db/schema';
import type { Clock } from '../http/rate-limiter';
import type { JobQueue } from '../jobs/queue';
import { safeError, type Logger } from '../log';
import {
  ACCOUNT_CHANNELS_FETCH_FAILED,
  ACCOUNT_CHANNELS_FETCHED,
  CHANNEL_FETCHED_EVENTS,
} from '../../contract/realtime';
import { writeListing } from '../comments/writer';
import type { CommentJudge } from '../sentiment/judge';
import { followInProject, projectsFollowing } from '../projects/queries';
import type { Publisher } from '../realtime/publisher';
import { presentChannel } from './presenters';
import type { Encryption } from '../security/encryption';
import {
  clearChannelPending,
  markChannelsPending,
  markFetchFailed,
  markNeedsReconnect,
  replaceChannels,
  saveTokens,
} from './accounts';
import { COMMENTED_KINDS, type Adapters } from './adapters';
import { asJobFailureReason, jobFailureReason, ProviderError } from './providers/provider-error';

/** The job that fetches one kind of channel of one account (decision 025). */
export const FETCH_ACCOUNT_CHANNELS = 'fetch-account-channels';

const JobDataSchema = z.object({
  accountId: z.uuid(),
  kind: z.enum(CHANNEL_KINDS),
  /** The project the channels join as they are fetched (a channel connection started from it). */
  projectId: z.nullish(z.uuid()),
});
export type FetchAccountChannelsJob = z.infer<typeof JobDataSchema>;

/** Where each token is kept, bound into its encryption (as Mautic's are). */
export const ACCOUNT_TOKEN_CONTEXT = {
  access: 'connected_accounts.access_token',
  refresh: 'connected_accounts.refresh_token',
} as const;

export type ChannelFetchDeps = {
  db: Database;
  clock: Clock;
  log: Logger;
  adapters: Adapters;
  encryption: Encryption;
  /** What a new comment's sentiment is born as (server/sentiment/judge.ts). */
  judge: CommentJudge;
  /**
   * Tells the owner's open app of each channel fetched (docs/product.md#live-updates); absent,
   * nobody is told.
   */
  publisher?: Publisher | undefined;
};

/** Tells the owner's open app; a failure to publish is logged, never fatal (it re-reads after a reconnect). */
async function announce(deps: ChannelFetchDeps, ownerId: string, event: string, payload: unknown) {
  if (!deps.publisher) return;
  try {
    await deps.publisher.toUser(ownerId, event, payload);
  } catch (error) {
    deps.log.warn({ event, err: safeError(error) }, 'real-time event not published');
  }
}

/**
 * Each channel new to its owner with its kind's event (a channel the user already had is not
 * announced again on each refresh), then `ACCOUNT_CHANNELS_FETCHED`: the list changed.
 */
async function announceFetched(
  deps: ChannelFetchDeps,
  account: ConnectedAccountRow,
  kind: ChannelKind,
  rows: Array<ChannelRow & { isNew?: boolean }>,
) {
  const fresh = rows.filter((each) => each.isNew);
  const following =
    fresh.length > 0
      ? await projectsFollowing(
          deps.db,
          account.ownerId,
          fresh.map((row) => row.id),
        )
      : new Map();
  for (const row of fresh) {
    await announce(deps, account.ownerId, CHANNEL_FETCHED_EVENTS[row.kind], {
      channel: presentChannel(row),
      projects: following.get(row.id) ?? [],
    });
  }
  await announce(deps, account.ownerId, ACCOUNT_CHANNELS_FETCHED, {
    account: { _id: account.id, provider: account.provider, kind },
  });
}

/**
 * One kind's fetch stopped short: kept on the account (what the screen shows after a reload),
 * then told, so "Fetching channels…" ends there with why.
 */
async function stopFetch(deps: ChannelFetchDeps, job: FetchAccountChannelsJob, reason: JobFailureReason) {
  const account = await markFetchFailed(deps.db, job.accountId, job.kind, reason, new Date(deps.clock()));
  if (!account) return; // deleted meanwhile
  deps.log.warn({ accountId: account.id, kind: job.kind, reason }, 'account channels not fetched');
  await announce(deps, account.ownerId, ACCOUNT_CHANNELS_FETCH_FAILED, {
    account: { _id: account.id, provider: account.provider, kind: job.kind },
    reason,
  });
}

/** A token that expires within this long is refreshed first, where the provider can. */
const REFRESH_MARGIN_MS = 5 * 60_000;

/**
 * The account's access token, refreshed first when it is (about to be) out of date and the
 * provider has refresh tokens (LinkedIn's); Facebook's user tokens are not refreshed, they are
 * re-authorised (the account needs a reconnect).
 */
export async function accessTokenOf(
  deps: ChannelFetchDeps,
  account: ConnectedAccountRow,
  force = false,
): Promise<string> {
  const adapter = deps.adapters[account.provider]!;
  const now = deps.clock();
  const stale =
    force || (account.tokenExpiresAt !== null && account.tokenExpiresAt.getTime() - REFRESH_MARGIN_MS <= now);
  if (stale && adapter.refresh && account.refreshToken) {
    const refreshed = await adapter.refresh(
      deps.encryption.decrypt(account.refreshToken, ACCOUNT_TOKEN_CONTEXT.refresh),
    );
    await saveTokens(
      deps.db,
      account.id,
      {
        accessToken: deps.encryption.encrypt(refreshed.accessToken, ACCOUNT_TOKEN_CONTEXT.access),
        refreshToken: refreshed.refreshToken
          ? deps.encryption.encrypt(refreshed.refreshToken, ACCOUNT_TOKEN_CONTEXT.refresh)
          : account.refreshToken,
        tokenExpiresAt: new Date(now + refreshed.expiresIn * 1000),
      },
      new Date(now),
    );
    return refreshed.accessToken;
  }
  return deps.encryption.decrypt(account.accessToken, ACCOUNT_TOKEN_CONTEXT.access);
}

/**
 * Fetches one kind of channel of an account from its provider and keeps what it lists. A token
 * the provider no longer takes marks the account `needs_reconnect` and throws that ProviderError
 * (the caller says so; a job stops there, as retrying cannot help); a rate limit or no answer
 * throws too, for the job to be retried later.
 */
export async function fetchAccountChannels(
  deps: ChannelFetchDeps,
  account: ConnectedAccountRow,
  kind: ChannelKind,
  options: { projectId?: string | null } = {},
): Promise<ChannelRow[]> {
  const adapter = deps.adapters[account.provider];
  if (!adapter) throw new ProviderError(account.provider, 'unreachable');
  try {
    let listed;
    try {
      listed = await adapter.channels(kind, await accessTokenOf(deps, account));
    } catch (error) {
      // A token taken back before its time: where there is a refresh token, one new token, once.
      const refreshable = error instanceof ProviderError && error.problem === 'expired' && adapter.refresh;
      if (!refreshable || !account.refreshToken) throw error;
      listed = await adapter.channels(kind, await accessTokenOf(deps, account, true));
    }
    const rows = await replaceChannels(deps.db, account, kind, listed, new Date(deps.clock()));
    await subscribeChannels(deps, account, kind, rows);
    await fetchChannelComments(deps, account, kind, rows);
    // Before announcing: the open app reads the project again on the event and finds them there.
    if (options.projectId) {
      // Up to the owner's plan's channels a project (decision 031): the rest stay theirs to
      // attach, and the project's channels page says the project is full.
      const leftOut = await followInProject(deps.db, account.ownerId, options.projectId, rows);
      if (leftOut.length > 0) {
        deps.log.info(
          { accountId: account.id, kind, projectId: options.projectId, leftOut: leftOut.length },
          'project full: channels not followed',
        );
      }
    }
    await announceFetched(deps, account, kind, rows);
    return rows;
  } catch (error) {
    if (error instanceof ProviderError && (error.needsReconnect || error.problem === 'refused')) {
      await markNeedsReconnect(deps.db, account.id, new Date(deps.clock()));
    }
    throw error;
  }
}

/**
 * Posts the channel's reply under a comment at its provider, as the account that brought the
 * channel (docs/product.md#replies): the reply's provider id. A token the provider no longer takes
 * marks the account `needs_reconnect` and throws that ProviderError, as a fetch does.
 */
export async function postReply(
  deps: ChannelFetchDeps,
  account: ConnectedAccountRow,
  kind: ChannelKind,
  commentExternalId: string,
  message: string,
): Promise<string> {
  const adapter = deps.adapters[account.provider];
  if (!adapter?.reply) throw new ProviderError(account.provider, 'unreachable');
  try {
    return await adapter.reply(kind, await accessTokenOf(deps, account), commentExternalId, message);
  } catch (error) {
    if (error instanceof ProviderError && (error.needsReconnect || error.problem === 'refused')) {
      await markNeedsReconnect(deps.db, account.id, new Date(deps.clock()));
    }
    throw error;
  }
}

/**
 * What people say on the channels just fetched, kept with them. A provider that will
 * not list them now (a rate limit, a permission declined) leaves the channels fetched all the
 * same: their comments come with the next fetch.
 */
async function fetchChannelComments(
  deps: ChannelFetchDeps,
  account: ConnectedAccountRow,
  kind: ChannelKind,
  rows: ChannelRow[],
): Promise<void> {
  const adapter = deps.adapters[account.provider];
  if (!adapter?.comments || !COMMENTED_KINDS.includes(kind) || rows.length === 0) return;
  try {
    const token = await accessTokenOf(deps, account);
    for (const channel of rows) {
      const askedAt = new Date(deps.clock());
      await writeListing(deps, channel.id, await adapter.comments(kind, token, channel.externalId), askedAt);
    }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.log.warn({ accountId: account.id, kind, problem: error.problem }, 'channel comments not fetched');
  }
}

/**
 * Has the provider deliver the channels' new comments to the app's webhooks (docs/decisions/044).
 * A subscription that fails leaves the channels fetched: the scheduled sync reads their comments.
 */
async function subscribeChannels(
  deps: ChannelFetchDeps,
  account: ConnectedAccountRow,
  kind: ChannelKind,
  rows: ChannelRow[],
): Promise<void> {
  const adapter = deps.adapters[account.provider];
  if (!adapter?.subscribe || rows.length === 0) return;
  try {
    const token = await accessTokenOf(deps, account);
    for (const channel of rows) await adapter.subscribe(kind, token, channel.externalId);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.log.warn({ accountId: account.id, kind, problem: error.problem }, 'channels not subscribed to webhooks');
  }
}

/**
 * After an account is deleted: its channels that nobody else follows stop being delivered to the
 * app's webhooks (another user's account on the same page keeps it subscribed). Best effort: a
 * failure is logged, and Meta's deliveries for a page nobody follows are acknowledged and ignored.
 */
export async function unsubscribeLeftChannels(
  deps: ChannelFetchDeps,
  account: ConnectedAccountRow,
  left: Array<Pick<ChannelRow, 'kind' | 'externalId'>>,
): Promise<void> {
  const adapter = deps.adapters[account.provider];
  if (!adapter?.unsubscribe || left.length === 0) return;
  try {
    const token = deps.encryption.decrypt(account.accessToken, ACCOUNT_TOKEN_CONTEXT.access);
    for (const channel of left) {
      const [followed] = await deps.db
        .select({ id: channels.id })
        .from(channels)
        .where(and(eq(channels.kind, channel.kind), eq(channels.externalId, channel.externalId)))
        .limit(1);
      if (!followed) await adapter.unsubscribe(channel.kind, token, channel.externalId);
    }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.log.warn({ accountId: account.id, problem: error.problem }, 'channels not unsubscribed from webhooks');
  }
}

/** Queues one job per kind of channel the account's provider brings; the account is fetching until they end. */
export async function queueChannelFetches(
  db: Database,
  jobs: JobQueue,
  account: ConnectedAccountRow,
  kinds: readonly ChannelKind[],
  options: { projectId?: string | null } = {},
) {
  await markChannelsPending(db, account.id, kinds);
  await jobs.sendEach(
    FETCH_ACCOUNT_CHANNELS,
    kinds.map((kind) => {
      const data: FetchAccountChannelsJob = { accountId: account.id, kind, projectId: options.projectId ?? null };
      // One fetch of a kind at a time per account; one bound for a project is its own (a plain
      // fetch already queued must not swallow it, or the project would never follow its channels).
      return { data, options: { singletonKey: [account.id, kind, options.projectId].filter(Boolean).join(':') } };
    }),
  );
}

/** Registers the job's handler on `jobs` (the server's queue, or a test's). */
export function workAccountChannelFetches(jobs: JobQueue, deps: ChannelFetchDeps): void {
  jobs.work(
    FETCH_ACCOUNT_CHANNELS,
    async (data) => {
      const job = JobDataSchema.parse(data);
      const { accountId, kind, projectId } = job;
      const [account] = await deps.db.select().from(connectedAccounts).where(eq(connectedAccounts.id, accountId));
      if (!account) return; // deleted meanwhile
      // Waiting for a reconnect: nothing to fetch until it is authorised again.
      if (account.status !== 'authorized') {
        await clearChannelPending(deps.db, account.id, kind);
        return announceFetched(deps, account, kind, []);
      }
      try {
        const channels = await fetchAccountChannels(deps, account, kind, { projectId });
        deps.log.info({ accountId, kind, channels: channels.length, projectId }, 'account channels fetched');
      } catch (error) {
        if (jobFailureReason(error) === 'reconnect') {
          deps.log.warn({ accountId, kind, problem: (error as ProviderError).problem }, 'account needs reconnecting');
          return stopFetch(deps, job, 'reconnect');
        }
        throw error;
      }
    },
    // A rate limit or an outage passes: from 3 s, doubling, eight times (about 25 minutes in
    // all), then the fetch is given up and the owner told why. Someone is usually looking at the
    // screen waiting for these: an account's kinds are sent together, which wakes this instance's
    // worker to fetch them at once and run them side by side (decision 091). One kind is a
    // few provider calls (the channels, then each one's comments), 10 s at most each: past 40 s
    // the attempt is lost, and an instance that died mid-fetch is taken over within a minute.
    {
      retryLimit: 8,
      retryDelaySeconds: 3,
      retryBackoff: true,
      policy: 'stately',
      batchSize: 6,
      expireInSeconds: 40,
      reasonOf: jobFailureReason,
      onGivenUp: async (data, reason) => {
        const parsed = JobDataSchema.safeParse(data);
        if (parsed.success) await stopFetch(deps, parsed.data, asJobFailureReason(reason));
      },
    },
  );
}

/**
 * What the channel does to one of its comments at the provider (docs/product.md#inbox): hide it,
 * show it again, or delete it. A token the provider no longer takes marks the account
 * `needs_reconnect` and throws that ProviderError, as a reply does.
 */
export type ProviderCommentAction = { hide: boolean } | 'delete';

export async function actAtProvider(
  deps: ChannelFetchDeps,
  account: ConnectedAccountRow,
  kind: ChannelKind,
  commentExternalId: string,
  action: ProviderCommentAction,
): Promise<void> {
  const adapter = deps.adapters[account.provider];
  const can = action === 'delete' ? adapter?.remove : adapter?.hide;
  if (!adapter || !can) throw new ProviderError(account.provider, 'unreachable');
  try {
    const token = await accessTokenOf(deps, account);
    await (action === 'delete'
      ? adapter.remove!(kind, token, commentExternalId)
      : adapter.hide!(kind, token, commentExternalId, action.hide));
  } catch (error) {
    if (error instanceof ProviderError && (error.needsReconnect || error.problem === 'refused')) {
      await markNeedsReconnect(deps.db, account.id, new Date(deps.clock()));
    }
    throw error;
  }
}
