import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { TiktokUserSchema } from '../../contract/tiktok-users';
import type { Database } from '../db/client';
import { channelPosts, channels, projectChannels, type ChannelRow } from '../db/schema';
import type { TikTokVideo } from '../integrations/providers/tiktok';
import { lockProjectChannels, planLimitReached } from '../projects/limits';

/**
 * The TikTok user as the owner's channel (one row per owner and TikTok user, whichever project),
 * joined to the project, its import starting (progress 0): in one transaction, so a project never
 * shows a user without its import. A user new to a project already following as many channels as
 * the owner's plan includes is refused (403) and nothing is kept; the project locked meanwhile.
 * Undefined when the project is gone.
 */
export async function connectTiktokUser(
  db: Database,
  { ownerId, projectId, accountId }: { ownerId: string; projectId: string; accountId: string },
  user: { externalId: string; name: string },
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
        importProgress: 0,
      })
      .onConflictDoUpdate({
        target: [channels.ownerId, channels.kind, channels.externalId],
        set: { name: user.name, accountId, importProgress: 0 },
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

/** How far the import is (0 to 99), or done (null, and when). */
export async function setImportProgress(db: Database, channelId: string, progress: number | null, now: Date) {
  const [row] = await db
    .update(channels)
    .set(progress === null ? { importProgress: null, importedAt: now } : { importProgress: progress })
    .where(eq(channels.id, channelId))
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

export const presentTiktokUser = (
  row: ChannelRow,
  projectId: string,
  videoCount: number,
): z.input<typeof TiktokUserSchema> => ({
  _id: row.id,
  name: row.name,
  projectId,
  importProgress: row.importProgress,
  importedAt: row.importedAt?.toISOString() ?? null,
  videoCount,
});

/** A project's TikTok users, oldest first, with their videos counted. */
export async function listProjectTiktokUsers(db: Database, projectId: string) {
  const rows = await db
    .select({
      channel: channels,
      videoCount: sql<number>`(select count(*)::int from ${channelPosts} where ${channelPosts.channelId} = ${channels.id})`,
    })
    .from(projectChannels)
    .innerJoin(channels, eq(channels.id, projectChannels.channelId))
    .where(and(eq(projectChannels.projectId, projectId), eq(channels.kind, 'tiktok-user')))
    .orderBy(asc(projectChannels.createdAt), asc(channels.id));
  return rows.map(({ channel, videoCount }) => presentTiktokUser(channel, projectId, videoCount));
}
