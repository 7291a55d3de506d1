import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { JobFailureReason } from '../../contract/fields';
import type { z } from 'zod/mini';
import type { TiktokUserSchema } from '../../contract/tiktok-users';
import type { Database } from '../db/client';
import { channelPosts, channels, projectChannels, type ChannelRow } from '../db/schema';
import type { TikTokVideo } from '../integrations/providers/tiktok';
import { lockProjectChannels, planLimitReached } from '../projects/limits';

/**
 * An import that has not moved for this long is stalled: each page is a job of 30 s at most,
 * whose instance, if it dies, is taken over within a minute (server/tiktok/import-job.ts); past
 * twice that, nothing will move it, and the owner may start it again.
 */
export const IMPORT_STALLS_AFTER_MS = 2 * 60_000;

/** A new import run, from the first page: any job of an earlier run finds itself stale and stops. */
const freshImport = (now: Date) => ({
  importProgress: 0,
  importRun: randomUUID(),
  importCursor: null,
  importSeen: 0,
  importMovedAt: now,
  importFailure: null,
  importFailedAt: null,
});

/**
 * The TikTok user as the owner's channel (one row per owner and TikTok user, whichever project),
 * joined to the project, its import starting (progress 0, a new run): in one transaction, so a
 * project never shows a user without its import. A user new to a project already following as
 * many channels as the owner's plan includes is refused (403) and nothing is kept; the project
 * locked meanwhile. Undefined when the project is gone.
 */
export async function connectTiktokUser(
  db: Database,
  { ownerId, projectId, accountId }: { ownerId: string; projectId: string; accountId: string },
  user: { externalId: string; name: string },
  now: Date,
): Promise<ChannelRow | undefined> {
  return db.transaction(async (tx) => {
    const locked = await lockProjectChannels(tx, ownerId, projectId);
    if (!locked) return undefined;
    const [channel] = await tx
      .insert(channels)
      .values({
        ownerId,
        kind: 'tiktok-user',
        externalId: user.externalId,
        name: user.name,
        accountId,
        ...freshImport(now),
      })
      .onConflictDoUpdate({
        target: [channels.ownerId, channels.kind, channels.externalId],
        set: { name: user.name, accountId, ...freshImport(now) },
      })
      .returning();
    if (!locked.followed.has(channel!.id) && locked.room === 0) {
      throw planLimitReached(locked.plan, 'channelsPerProject');
    }
    await tx.insert(projectChannels).values({ projectId, channelId: channel!.id }).onConflictDoNothing();
    return channel!;
  });
}

export async function findChannel(db: Database, id: string): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(channels).where(eq(channels.id, id));
  return row;
}

/** One page of videos kept (a video imported again gets its new counts). */
export async function savePosts(db: Database, channelId: string, videos: TikTokVideo[], now: Date) {
  if (videos.length === 0) return;
  await db
    .insert(channelPosts)
    .values(
      videos.map((video) => ({
        channelId,
        externalId: video.id,
        caption: video.caption,
        publishedAt: video.publishedAt,
        viewCount: video.views,
        likeCount: video.likes,
        commentCount: video.comments,
        shareCount: video.shares,
        importedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [channelPosts.channelId, channelPosts.externalId],
      set: {
        caption: sql`excluded.caption`,
        viewCount: sql`excluded.view_count`,
        likeCount: sql`excluded.like_count`,
        commentCount: sql`excluded.comment_count`,
        shareCount: sql`excluded.share_count`,
        importedAt: now,
      },
    });
}

/** Starts the channel's import again from the first page (a new run). */
export async function restartImport(db: Database, channelId: string, now: Date) {
  const [row] = await db.update(channels).set(freshImport(now)).where(eq(channels.id, channelId)).returning();
  return row;
}

/** Whether an import runs and moves (not stalled): then it is not started again. */
export const importRunning = (row: ChannelRow, now: number) => row.importProgress !== null && !importStalled(row, now);

const importStalled = (row: ChannelRow, now: number) =>
  row.importProgress !== null && (row.importMovedAt?.getTime() ?? 0) + IMPORT_STALLS_AFTER_MS < now;

/**
 * One page of the run is done: where the next starts, how many videos were seen, how far it is
 * (0 to 99), or done (`progress` null: when it ended). Only from the state the page was read
 * from (`from`), so two attempts at the same page (an instance thought dead that was only slow)
 * move it once: the other gets nothing back and stops.
 */
export async function advanceImport(
  db: Database,
  from: ChannelRow,
  next: { cursor: number; seen: number; progress: number | null },
  now: Date,
) {
  const done = next.progress === null;
  const [row] = await db
    .update(channels)
    .set(
      done
        ? { importProgress: null, importedAt: now, importRun: null, importCursor: null, importSeen: next.seen }
        : { importProgress: next.progress, importCursor: next.cursor, importSeen: next.seen, importMovedAt: now },
    )
    .where(
      and(
        eq(channels.id, from.id),
        eq(channels.importRun, from.importRun!),
        eq(channels.importSeen, from.importSeen),
        sql`${channels.importCursor} is not distinct from ${from.importCursor}`,
      ),
    )
    .returning();
  return row;
}

/** The run stopped short, and why: no longer running; said until an import runs again. */
export async function failImport(db: Database, channelId: string, run: string, reason: JobFailureReason, now: Date) {
  const [row] = await db
    .update(channels)
    .set({ importProgress: null, importRun: null, importCursor: null, importFailure: reason, importFailedAt: now })
    .where(and(eq(channels.id, channelId), eq(channels.importRun, run)))
    .returning();
  return row;
}

export async function videoCountOf(db: Database, channelId: string): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(channelPosts)
    .where(eq(channelPosts.channelId, channelId));
  return total;
}

/** The TikTok user as the contract has it; `now` tells whether a running import has stalled. */
export const presentTiktokUser = (
  row: ChannelRow,
  projectId: string,
  videoCount: number,
  now: number,
): z.input<typeof TiktokUserSchema> => ({
  _id: row.id,
  name: row.name,
  projectId,
  importProgress: row.importProgress,
  importStalled: importStalled(row, now),
  importFailure:
    row.importFailure && row.importFailedAt
      ? { reason: row.importFailure, failedAt: row.importFailedAt.toISOString() }
      : null,
  importedAt: row.importedAt?.toISOString() ?? null,
  videoCount,
});

/** A project's TikTok users, oldest first, with their videos counted. */
export async function listProjectTiktokUsers(db: Database, projectId: string, now: number) {
  const rows = await db
    .select({
      channel: channels,
      videoCount: sql<number>`(select count(*)::int from ${channelPosts} where ${channelPosts.channelId} = ${channels.id})`,
    })
    .from(projectChannels)
    .innerJoin(channels, eq(channels.id, projectChannels.channelId))
    .where(and(eq(projectChannels.projectId, projectId), eq(channels.kind, 'tiktok-user')))
    .orderBy(asc(projectChannels.createdAt), asc(channels.id));
  return rows.map(({ channel, videoCount }) => presentTiktokUser(channel, projectId, videoCount, now));
}
