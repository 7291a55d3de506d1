import type { JobQueue } from '../jobs/queue';
import type { Mailer } from '../mail/mailer';
import { mailDigests, type AlertDeps } from './notify';

/** The job that mails the hourly digests (docs/product.md#alerts): one at a time across instances. */
export const MAIL_ALERT_DIGESTS = 'mail-alert-digests';

const HOUR_MS = 3_600_000;

/** Seconds from `now` to the next full hour, so a digest goes at :00 whenever the server started. */
export const secondsToNextHour = (now: number): number => Math.max(1, Math.ceil((HOUR_MS - (now % HOUR_MS)) / 1000));

/** Registers the digest: each run mails what waits, then queues the next at the next full hour. */
export function workAlertDigests(
  jobs: JobQueue,
  deps: AlertDeps & { mailer: Mailer; config: { appUrl: string }; clock: () => number },
): void {
  jobs.work(
    MAIL_ALERT_DIGESTS,
    async () => {
      const mailed = await mailDigests(deps);
      if (mailed > 0) deps.log.info({ users: mailed }, 'hourly alert digests mailed');
      await scheduleAlertDigests(jobs, deps.clock());
    },
    { policy: 'stately', retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 300 },
  );
}

/** Queues the next digest at the next full hour, unless one is already waiting (the server calls it at start). */
export async function scheduleAlertDigests(jobs: JobQueue, now: number): Promise<void> {
  await jobs.send(MAIL_ALERT_DIGESTS, {}, { singletonKey: 'digest', startAfter: secondsToNextHour(now) });
}
