import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as commentsContract from '../../contract/comments';
import * as inbox from '../../contract/inbox';
import type { Database } from '../db/client';
import { comments, projectChannels } from '../db/schema';
import { BackgroundTasks } from '../http/background';
import { startHarness, type Harness } from '../test/harness';
import { createCommentJudge } from '../sentiment/judge';
import { mergePendingSearchEntries, mergeSearchEntriesAfterAnswer } from './search-entries';
import { MERGE_AFTER_COMMENTS, writeCommentEvents, type CommentUpsert } from './writer';

/**
 * The search indexes' pending lists (./search-entries.ts, docs/decisions/073): merged after every
 * change to many comments, so the next one never pays for a merge itself.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

/** Merges what is pending now, and says how many pages that was. */
const pendingPages = () => mergePendingSearchEntries(h.db);

/** A change's answer, once it says it changed `updated` comments and the merge left nothing pending. */
async function mergedAfter<T extends { updated: number }>(change: Promise<{ body: T }>, updated: number) {
  const { body } = await change;
  expect(body.updated).toBe(updated);
  expect(await pendingPages()).toBe(0);
  return body;
}

/** `count` negative comments in review with long messages, on a channel of a new user's project. */
async function manyComments(count: number) {
  const owner = await h.signedInUser();
  const me = { id: owner.user._id };
  const project = await h.factories.project(me);
  const channel = await h.factories.channel(me);
  await h.db.insert(projectChannels).values({ projectId: project.id, channelId: channel.id });
  const mark = `q${Math.random().toString(36).slice(2, 8)}`;
  const rows = await h.factories.comments(
    channel,
    Array.from({ length: count }, (_, n) => ({
      message: `${mark} ${n}: the espresso was burnt, the waiter forgot our order and the bill was wrong twice`,
      authorName: `Customer number ${n}`,
      sentiment: 'NEGATIVE' as const,
      proposedSentiment: 'NEGATIVE' as const,
    })),
  );
  return { owner, mark, ids: rows.map((row) => row.id) };
}

describe('the search indexes after a change to many comments', () => {
  it('hold entries pending after a plain change, which is what the merge is for', async () => {
    const { ids } = await manyComments(200);
    await pendingPages();
    // A change to an indexed column writes every index again, the search indexes' lists included.
    await h.db
      .update(comments)
      .set({ reviewBatchId: sql`gen_random_uuid()` })
      .where(inArray(comments.id, ids));
    expect(await pendingPages()).toBeGreaterThan(0);
  });

  // PGlite's writer leaves the merge to PostgreSQL's own limit (./writer.ts mergeWhatWasWritten).
  it.runIf(process.env.TEST_DB_BACKEND === 'postgres')(
    'have nothing pending once comments have arrived, MERGE_AFTER_COMMENTS at a time on PostgreSQL',
    async () => {
      const owner = await h.signedInUser();
      const channel = await h.factories.channel({ id: owner.user._id });
      const at = new Date();
      const arrived = (externalId: string, message: string): CommentUpsert => ({
        type: 'upsert',
        on: { channelId: channel.id },
        externalId,
        parentExternalId: null,
        message,
        authorName: `Customer ${externalId}`,
        publishedAt: at,
        changedAt: at,
        fromChannel: false,
      });
      const burst = Array.from({ length: MERGE_AFTER_COMMENTS }, (_, n) =>
        arrived(`a${n}`, `The tiramisu was lovely but the espresso came cold and late, table ${n}`),
      );
      const deps = { db: h.db, log: h.logs.log, judge: createCommentJudge({ threshold: 0.7 }) };
      // One batch of the mark's size merges whatever earlier writes in this process left counted.
      await writeCommentEvents(
        deps,
        burst.map((event) => ({ ...event, externalId: `earlier-${event.externalId}` })),
      );
      await pendingPages();

      // Fewer than the mark: left pending for the next batch to merge.
      const first = await writeCommentEvents(deps, burst.slice(0, 300));
      expect(first.byChannel.get(channel.id)?.added).toBe(300);
      expect(await pendingPages()).toBeGreaterThan(0);
      // The rest, and the mark is reached: merged.
      await writeCommentEvents(deps, burst.slice(300));
      expect(await pendingPages()).toBe(0);
      // Edited, they are written again, and merged again.
      await writeCommentEvents(
        deps,
        burst.map((event) => ({
          ...event,
          message: `${event.message}, edited`,
          changedAt: new Date(at.getTime() + 1000),
        })),
      );
      expect(await pendingPages()).toBe(0);
    },
  );

  it('have nothing pending once a review, all matching reviewed, "done" and their undos have answered', async () => {
    const admin = await h.signedInUser({ role: 'admin' });
    const { owner, mark, ids } = await manyComments(300);
    await pendingPages();
    const half = ids.slice(0, 150);

    const reviewed = await mergedAfter(
      h.call(commentsContract.bulkUpdateComments, {
        token: admin.accessToken,
        body: { comments: half.map((id) => ({ id, sentiment: { inReview: false } })) },
      }),
      150,
    );
    await mergedAfter(
      h.call(commentsContract.undoReview, { token: admin.accessToken, params: { batchId: reviewed.batchId! } }),
      150,
    );
    await mergedAfter(
      h.call(commentsContract.reviewMatchingComments, {
        token: admin.accessToken,
        body: { filter: { message: mark }, action: 'accept', expectedTotal: 300 },
      }),
      300,
    );
    const done = await mergedAfter(
      h.call(inbox.markInboxComments, { token: owner.accessToken, body: { ids: half, done: true } }),
      150,
    );
    await mergedAfter(
      h.call(inbox.undoInboxDone, { token: owner.accessToken, params: { batchId: done.batchId! } }),
      150,
    );
    await mergedAfter(
      h.call(inbox.markMatchingInboxDone, {
        token: owner.accessToken,
        body: { filter: { message: mark }, expectedTotal: 300 },
      }),
      300,
    );
  });
});

describe('mergeSearchEntriesAfterAnswer', () => {
  it('merges once at a time in a process, and once more after it when asked meanwhile', async () => {
    let statements = 0;
    let finish: () => void = () => {};
    const db = {
      execute: () => {
        statements += 1;
        return new Promise((resolve) => (finish = () => resolve({ rows: [{ pages: 1 }] })));
      },
    } as unknown as Database;
    const background = new BackgroundTasks((error) => {
      throw error;
    });

    mergeSearchEntriesAfterAnswer(db, background);
    await new Promise((resolve) => setImmediate(resolve));
    expect(statements).toBe(1);
    // Three more asked while the first runs: one more merge, after it.
    for (let n = 0; n < 3; n++) mergeSearchEntriesAfterAnswer(db, background);
    await new Promise((resolve) => setImmediate(resolve));
    expect(statements).toBe(1);
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(statements).toBe(2);
    finish();
    await background.idle();
    expect(statements).toBe(2);
    // Once it is over, the next one asked for runs again.
    mergeSearchEntriesAfterAnswer(db, background);
    await new Promise((resolve) => setImmediate(resolve));
    expect(statements).toBe(3);
    finish();
    await background.idle();
  });
});
