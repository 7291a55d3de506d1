import { and, eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import { connectedAccounts } from '../db/schema';
import type { Database } from '../db/client';
import type { Clock } from '../http/rate-limiter';
import type { JobQueue } from '../jobs/queue';
import type { Logger } from '../log';
import { findDeletionRequest, markDeleted } from './queries';

/** The job that deletes one request's Facebook data. */
export const FACEBOOK_DATA_DELETION = 'facebook-data-deletion';

const JobDataSchema = z.object({ requestId: z.string() });
export type FacebookDataDeletionJob = z.infer<typeof JobDataSchema>;

type Deps = { db: Database; clock: Clock; log: Logger };

/**
 * Deletes what we hold of the request's Facebook user and marks the request deleted, in one
 * transaction. Safe to run twice (pg-boss retries a failed attempt, and may run a job again
 * after a crash): a request already deleted is left alone.
 */
export async function deleteFacebookData({ db, clock, log }: Deps, data: unknown): Promise<void> {
  const { requestId } = JobDataSchema.parse(data);
  const request = await findDeletionRequest(db, requestId);
  if (!request || request.status === 'deleted') return;
  await db.transaction(async (tx) => {
    // Every user's connection of this Facebook user goes: the account with its tokens, and its
    // pages, Instagram and ad accounts with their comments (the foreign keys cascade).
    await tx
      .delete(connectedAccounts)
      .where(and(eq(connectedAccounts.provider, 'facebook'), eq(connectedAccounts.externalId, request.facebookUserId)));
    await markDeleted(tx, request.id, new Date(clock()));
  });
  // The request's id only: the Facebook user id is personal data, and the log outlives it.
  log.info({ requestId: request.id }, 'facebook data deleted');
}

/** Registers the job's handler on `jobs` (the server's queue, or a test's). */
export function workFacebookDataDeletion(jobs: JobQueue, deps: Deps): void {
  // Five retries, a minute apart at first and doubling: a database hiccup does not lose it.
  jobs.work(FACEBOOK_DATA_DELETION, (data) => deleteFacebookData(deps, data), {
    retryLimit: 5,
    retryDelaySeconds: 60,
    retryBackoff: true,
  });
}
