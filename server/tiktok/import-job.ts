import { eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { JobFailureReason } from '../../contract/fields';
import { CHANNEL_FETCHED_EVENTS } from '../../contract/realtime';
import { projectsFollowing } from '../projects/queries';
import { TIKTOK_IMPORT_FAILED, TIKTOK_IMPORT_PROGRESS } from '../../contract/tiktok-users';
import type { Database } from '../db/client';
import { connectedAccounts, type ChannelRow } from '../db/schema';
import type { Clock } from '../http/rate-limiter';
import { markNeedsReconnect, saveTokens } from '../integrations/accounts';
import { ACCOUNT_TOKEN_CONTEXT } from '../integrations/channel-fetch';
import { presentChannel } from '../integrations/presenters';
import { asJobFailureReason, jobFailureReason, ProviderError } from '../integrations/providers/provider-error';
import { TIKTOK_VIDEOS_PAGE, type TikTokClient } from '../integrations/providers/tiktok';
import type { JobQueue } from '../jobs/queue';
import { safeError, type Logger } from '../log';
import type { Publisher } from '../realtime/publisher';
import type { Encryption } from '../security/encryption';
import { advanceImport, failImport, findChannel, presentTiktokUser, savePosts, videoCountOf } from './queries';

/**
 * The job that imports one page of a TikTok user's videos into a project, then queues the next
 * (decisions 026 and 033).
 */
export const IMPORT_TIKTOK_USER = 'import-tiktok-user';

const JobDataSchema = z.object({
  channelId: z.uuid(),
  projectId: z.uuid(),
  /** The import run it belongs to (the channel's `import_run`): a job of an older run stops. */
  run: z.uuid(),
  /** The user's video count, as TikTok said at the first page (null: not granted). */
  total: z.nullish(z.number().check(z.int())),
});
export type ImportTiktokUserJob = z.infer<typeof JobDataSchema>;

/**
 * A page is two provider calls (and a token refresh) of 10 s at most each: past this, the attempt
 * is lost, and another instance takes it over. With the maintenance pass every 15 s and the first
 * retry 3 to 6 s later, a page whose instance died runs again within a minute.
 */
const PAGE_EXPIRY_SECONDS = 30;

export type TiktokImportDeps = {
  db: Database;
  clock: Clock;
  log: Logger;
  tiktok: TikTokClient;
  encryption: Encryption;
  publisher?: Publisher | undefined;
};

/** Queues a run's first page (its channel was given the run: `connectTiktokUser`, `restartImport`). */
export function queueTiktokImport(jobs: JobQueue, channel: ChannelRow, projectId: string) {
  const job: ImportTiktokUserJob = { channelId: channel.id, projectId, run: channel.importRun! };
  return jobs.send(IMPORT_TIKTOK_USER, job, { singletonKey: `${channel.id}:${job.run}` });
}

/** Tells the owner's open app; a failure to publish is logged, never fatal. */
async function tell(deps: TiktokImportDeps, row: ChannelRow, projectId: string, event: string, progress?: number) {
  if (!deps.publisher) return;
  const tiktokUser = presentTiktokUser(row, projectId, await videoCountOf(deps.db, row.id), deps.clock());
  try {
    if (event === TIKTOK_IMPORT_FAILED) {
      await deps.publisher.toUser(row.ownerId, TIKTOK_IMPORT_FAILED, { tiktokUser });
      return;
    }
    await deps.publisher.toUser(row.ownerId, TIKTOK_IMPORT_PROGRESS, { progress, tiktokUser });
    if (progress === 100) {
      const following = await projectsFollowing(deps.db, row.ownerId, [row.id]);
      await deps.publisher.toUser(row.ownerId, CHANNEL_FETCHED_EVENTS['tiktok-user'], {
        channel: presentChannel(row),
        projects: following.get(row.id) ?? [],
        tiktokUser,
      });
    }
  } catch (error) {
    deps.log.warn({ channelId: row.id, err: safeError(error) }, 'import event not published');
  }
}

/**
 * Imports the next page of the run from where the channel says it is, keeps it, and queues the
 * page after it, telling the owner's open app how far it is (`TiktokUserImportProgress`, 0 to
 * 99, then 100) and at the end that the user is fetched (`TiktokUserFetched`). An access token
 * TikTok no longer takes is refreshed once with the refresh token. A retry (this page's instance
 * died, or TikTok failed) starts from that same page, never from the first.
 */
export async function importTiktokPage(deps: TiktokImportDeps, jobs: JobQueue, job: ImportTiktokUserJob) {
  const channel = await findChannel(deps.db, job.channelId);
  // Deleted meanwhile, or started again since (a newer run carries on).
  if (!channel || channel.importRun !== job.run) return;
  const [account] = channel.accountId
    ? await deps.db.select().from(connectedAccounts).where(eq(connectedAccounts.id, channel.accountId))
    : [];
  if (!account) return;
  let accessToken = deps.encryption.decrypt(account.accessToken, ACCOUNT_TOKEN_CONTEXT.access);
  let refreshed = false;
  const call = async <T>(work: (token: string) => Promise<T>): Promise<T> => {
    try {
      return await work(accessToken);
    } catch (error) {
      if (!(error instanceof ProviderError) || error.problem !== 'expired' || refreshed || !account.refreshToken) {
        throw error;
      }
      refreshed = true;
      const tokens = await deps.tiktok.refresh(
        deps.encryption.decrypt(account.refreshToken, ACCOUNT_TOKEN_CONTEXT.refresh),
      );
      accessToken = tokens.accessToken;
      await saveTokens(
        deps.db,
        account.id,
        {
          accessToken: deps.encryption.encrypt(tokens.accessToken, ACCOUNT_TOKEN_CONTEXT.access),
          refreshToken: deps.encryption.encrypt(tokens.refreshToken, ACCOUNT_TOKEN_CONTEXT.refresh),
          tokenExpiresAt: new Date(deps.clock() + tokens.expiresIn * 1000),
        },
        new Date(deps.clock()),
      );
      return work(accessToken);
    }
  };

  const total =
    job.total === undefined ? ((await call((token) => deps.tiktok.me(token))).videoCount ?? null) : job.total;
  const page = await call((token) => deps.tiktok.videos(token, channel.importCursor ?? undefined));
  await savePosts(deps.db, channel.id, page.videos, new Date(deps.clock()));
  const seen = channel.importSeen + page.videos.length;
  const done = !page.hasMore || page.videos.length === 0;
  // Without TikTok's count (no stats scope granted), as far as the pages seen so far say.
  const progress = done
    ? null
    : Math.min(99, Math.floor((seen / Math.max(total ?? seen + TIKTOK_VIDEOS_PAGE, seen + 1)) * 100));
  const row = await advanceImport(deps.db, channel, { cursor: page.cursor, seen, progress }, new Date(deps.clock()));
  // Another attempt at this page moved the run on first: it carries on from there.
  if (!row) return;
  if (done) {
    deps.log.info({ channelId: channel.id, videos: seen }, 'tiktok user imported');
    await tell(deps, row, job.projectId, TIKTOK_IMPORT_PROGRESS, 100);
    return;
  }
  await tell(deps, row, job.projectId, TIKTOK_IMPORT_PROGRESS, progress!);
  await jobs.send(IMPORT_TIKTOK_USER, { ...job, total }, { singletonKey: `${channel.id}:${job.run}` });
}

/** The run stopped short: kept on the channel (what the page shows after a reload) and told. */
async function stopImport(deps: TiktokImportDeps, job: ImportTiktokUserJob, reason: JobFailureReason) {
  const row = await failImport(deps.db, job.channelId, job.run, reason, new Date(deps.clock()));
  if (!row) return; // started again meanwhile, or gone
  deps.log.warn({ channelId: job.channelId, reason }, 'tiktok import stopped');
  await tell(deps, row, job.projectId, TIKTOK_IMPORT_FAILED);
}

/** Registers the job's handler on `jobs` (the server's queue, or a test's). */
export function workTiktokImports(jobs: JobQueue, deps: TiktokImportDeps): void {
  jobs.work(
    IMPORT_TIKTOK_USER,
    async (data) => {
      const job = JobDataSchema.parse(data);
      try {
        await importTiktokPage(deps, jobs, job);
      } catch (error) {
        // A grant TikTok no longer takes: nothing to import until the user is connected again.
        if (jobFailureReason(error) === 'reconnect') {
          const channel = await findChannel(deps.db, job.channelId);
          if (channel?.accountId) await markNeedsReconnect(deps.db, channel.accountId, new Date(deps.clock()));
          return stopImport(deps, job, 'reconnect');
        }
        throw error;
      }
    },
    // Someone is usually watching the progress: each page is sent from the last, which wakes
    // this instance's worker (decision 091). A page is short, so is its expiry; a rate limit or
    // an outage is retried from 3 s, doubling, eight times (about 25 minutes in all), then the
    // import is given up and the owner told why.
    {
      retryLimit: 8,
      retryDelaySeconds: 3,
      retryBackoff: true,
      policy: 'stately',
      expireInSeconds: PAGE_EXPIRY_SECONDS,
      reasonOf: jobFailureReason,
      onGivenUp: async (data, reason) => {
        const parsed = JobDataSchema.safeParse(data);
        if (parsed.success) await stopImport(deps, parsed.data, asJobFailureReason(reason));
      },
    },
  );
}
