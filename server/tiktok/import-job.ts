import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { CHANNEL_FETCHED_EVENTS } from '../../contract/realtime';
import { TIKTOK_IMPORT_PROGRESS } from '../../contract/tiktok-users';
import type { Database } from '../db/client';
import { providerAccounts, type ChannelRow } from '../db/schema';
import type { Clock } from '../http/rate-limiter';
import { saveTokens } from '../integrations/accounts';
import { ACCOUNT_TOKEN_CONTEXT } from '../integrations/channel-fetch';
import { presentChannel } from '../integrations/presenters';
import { ProviderError } from '../integrations/providers/provider-error';
import { TIKTOK_VIDEOS_PAGE, type TikTokClient } from '../integrations/providers/tiktok';
import type { JobQueue } from '../jobs/queue';
import { safeError, type Logger } from '../log';
import type { Publisher } from '../realtime/publisher';
import type { Encryption } from '../security/encryption';
import { findChannel, presentTiktokUser, savePosts, setImportProgress, videoCountOf } from './queries';

/** The job that imports one TikTok user's videos into a project (issue 12; decision 026). */
export const IMPORT_TIKTOK_USER = 'import-tiktok-user';

const JobDataSchema = z.object({ channelId: z.string().uuid(), projectId: z.string().uuid() });
export type ImportTiktokUserJob = z.infer<typeof JobDataSchema>;

export type TiktokImportDeps = {
  db: Database;
  clock: Clock;
  log: Logger;
  tiktok: TikTokClient;
  encryption: Encryption;
  publisher?: Publisher | undefined;
};

export function queueTiktokImport(jobs: JobQueue, job: ImportTiktokUserJob) {
  return jobs.send(IMPORT_TIKTOK_USER, job, { singletonKey: job.channelId });
}

/**
 * Imports every video of the TikTok user, a page at a time, telling the owner's open app how far
 * it is after each page (`TiktokUserImportProgress`, 0 to 99, then 100), and at the end that the
 * user is fetched (`TiktokUserFetched`). How far is also kept on the channel, for a page opened
 * meanwhile. An access token TikTok no longer takes is refreshed once with the refresh token.
 */
export async function importTiktokUser(deps: TiktokImportDeps, channel: ChannelRow, projectId: string) {
  const [account] = channel.accountId
    ? await deps.db.select().from(providerAccounts).where(eq(providerAccounts.id, channel.accountId))
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

  const tell = async (progress: number, row: ChannelRow) => {
    if (!deps.publisher) return;
    const tiktokUser = presentTiktokUser(row, projectId, await videoCountOf(deps.db, row.id));
    try {
      await deps.publisher.toUser(row.ownerId, TIKTOK_IMPORT_PROGRESS, { progress, tiktokUser });
      if (progress === 100) {
        await deps.publisher.toUser(row.ownerId, CHANNEL_FETCHED_EVENTS['tiktok-user'], {
          channel: presentChannel(row),
          tiktokUser,
        });
      }
    } catch (error) {
      deps.log.warn({ channelId: row.id, err: safeError(error) }, 'import progress not published');
    }
  };

  const me = await call((token) => deps.tiktok.me(token));
  let imported = 0;
  let cursor: number | undefined;
  for (;;) {
    const page = await call((token) => deps.tiktok.videos(token, cursor));
    await savePosts(deps.db, channel.id, page.videos, new Date(deps.clock()));
    imported += page.videos.length;
    cursor = page.cursor;
    if (!page.hasMore || page.videos.length === 0) break;
    // Without TikTok's count (no stats scope granted), as far as the pages seen so far say.
    const total = Math.max(me.videoCount ?? imported + TIKTOK_VIDEOS_PAGE, imported + 1);
    const progress = Math.min(99, Math.floor((imported / total) * 100));
    const row = await setImportProgress(deps.db, channel.id, progress, new Date(deps.clock()));
    if (row) await tell(progress, row);
  }
  const done = await setImportProgress(deps.db, channel.id, null, new Date(deps.clock()));
  deps.log.info({ channelId: channel.id, videos: imported }, 'tiktok user imported');
  if (done) await tell(100, done);
}

/** Registers the job's handler on `jobs` (the server's queue, or a test's). */
export function workTiktokImports(jobs: JobQueue, deps: TiktokImportDeps): void {
  jobs.work(
    IMPORT_TIKTOK_USER,
    async (data) => {
      const { channelId, projectId } = JobDataSchema.parse(data);
      const channel = await findChannel(deps.db, channelId);
      if (!channel) return; // deleted meanwhile
      try {
        await importTiktokUser(deps, channel, projectId);
      } catch (error) {
        // A grant TikTok no longer takes: nothing to import until the user connects it again.
        if (error instanceof ProviderError && (error.needsReconnect || error.problem === 'refused')) {
          deps.log.warn({ channelId, problem: error.problem }, 'tiktok import stopped: reconnect the user');
          await setImportProgress(deps.db, channelId, null, new Date(deps.clock()));
          return;
        }
        throw error;
      }
    },
    // Someone is usually watching the progress: looked for often, retried as the channel fetches are.
    { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true, policy: 'stately', pollingIntervalSeconds: 0.5 },
  );
}
