import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments } from '../db/schema';
import { MAINTENANCE_INTERVAL_SECONDS } from '../jobs/queue';
import { startHarness, type Harness } from '../test/harness';
import { dieWhileActive, jobsOf, retriesDueNow } from '../test/jobs';
import { APPLY_FACEBOOK_WEBHOOK, TAKEN_OVER_WITHIN_SECONDS } from './job';
import { pageFeedDelivery } from './meta-deliveries';
import { signatureOf } from './routes';

/**
 * A delivery an instance took and then died with (kill -9) is applied by another within 15 s
 * (server/webhooks/job.ts): its expiry, one maintenance pass and the retry's delay.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe('a crashed instance’s deliveries', () => {
  it('are taken over by a live instance within 15 s, and applied', async () => {
    const { row: owner } = await h.factories.user();
    const page = '2900000000001';
    const channel = await h.factories.channel(owner, { kind: 'facebook-page', externalId: page });
    const body = JSON.stringify(
      pageFeedDelivery(page, [
        {
          verb: 'add',
          commentId: `${page}_1`,
          time: 1_800_000_000,
          message: 'Still here?',
          from: { id: '9', name: 'Tom' },
        },
      ]),
    );
    const taken = await h.call('POST', '/webhooks/facebook', {
      raw: body,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signatureOf(body, h.config.facebookAppSecret),
      },
    });
    expect(taken.status).toBe(200);
    // An instance fetched the batch and died: the job stays active past its expiry.
    const [expiry] = await dieWhileActive(h.db, APPLY_FACEBOOK_WEBHOOK, 60);
    expect(await h.runJobs()).toBe(0);
    // The next maintenance pass of a live instance puts it back, due after its retry delay.
    await h.maintainJobs();
    const [retry] = await jobsOf(h.db, APPLY_FACEBOOK_WEBHOOK);
    expect(retry!.state).toBe('retry');
    expect(expiry! + MAINTENANCE_INTERVAL_SECONDS + retry!.wait).toBeLessThanOrEqual(TAKEN_OVER_WITHIN_SECONDS);
    await retriesDueNow(h.db, APPLY_FACEBOOK_WEBHOOK);
    expect(await h.runJobs()).toBeGreaterThan(0);
    const rows = await h.db.select().from(comments).where(eq(comments.channelId, channel.id));
    expect(rows.map((row) => row.message)).toEqual(['Still here?']);
  });
});
