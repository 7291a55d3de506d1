import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { channels, projectChannels, projects, type ChannelRow, type ProjectRow } from '../db/schema';
import { assertRoomForProject, lockProjectChannels, planLimitReached } from './limits';

export async function countProjectsOf(db: Database, ownerId: string): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(projects).where(eq(projects.ownerId, ownerId));
  return total;
}

/** Oldest first; names and ids break ties, so pages never overlap. */
export function listProjectsOf(
  db: Database,
  ownerId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<ProjectRow[]> {
  return db
    .select()
    .from(projects)
    .where(eq(projects.ownerId, ownerId))
    .orderBy(asc(projects.createdAt), asc(projects.name), asc(projects.id))
    .limit(limit)
    .offset(offset);
}

/** A new project, if the owner's plan includes one more (a 403 otherwise). */
export async function insertProject(db: Database, ownerId: string, name: string): Promise<ProjectRow> {
  return db.transaction(async (tx) => {
    await assertRoomForProject(tx, ownerId);
    const [row] = await tx.insert(projects).values({ ownerId, name }).returning();
    return row!;
  });
}

/** The channels each of `projectIds` follows, by kind then name. */
export async function channelsOfProjects(db: Database, projectIds: string[]): Promise<Map<string, ChannelRow[]>> {
  const byProject = new Map<string, ChannelRow[]>(projectIds.map((id) => [id, []]));
  if (projectIds.length === 0) return byProject;
  const rows = await db
    .select({ projectId: projectChannels.projectId, channel: channels })
    .from(projectChannels)
    .innerJoin(channels, eq(channels.id, projectChannels.channelId))
    .where(inArray(projectChannels.projectId, projectIds))
    .orderBy(asc(channels.kind), asc(channels.name), asc(channels.id));
  for (const { projectId, channel } of rows) byProject.get(projectId)!.push(channel);
  return byProject;
}

/** The caller's project `id`, or undefined: another user's is not theirs to see (the routes' 404). */
export async function findOwnProject(db: Database, ownerId: string, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.ownerId, ownerId)));
  return row;
}

export async function renameProject(db: Database, id: string, name: string): Promise<ProjectRow> {
  const [row] = await db.update(projects).set({ name }).where(eq(projects.id, id)).returning();
  return row!;
}

/**
 * Deletes the project (its channel links go with it, by cascade) and the TikTok users no other
 * project follows: they were connected into this one, and nothing else shows them.
 */
export async function deleteProject(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const tiktok = await tx
      .select({ id: channels.id })
      .from(projectChannels)
      .innerJoin(channels, eq(channels.id, projectChannels.channelId))
      .where(and(eq(projectChannels.projectId, id), eq(channels.kind, 'tiktok-user')));
    await tx.delete(projects).where(eq(projects.id, id));
    const candidates = tiktok.map((row) => row.id);
    if (candidates.length === 0) return;
    const stillFollowed = await tx
      .select({ channelId: projectChannels.channelId })
      .from(projectChannels)
      .where(inArray(projectChannels.channelId, candidates));
    const orphans = candidates.filter((channelId) => !stillFollowed.some((row) => row.channelId === channelId));
    if (orphans.length > 0) await tx.delete(channels).where(inArray(channels.id, orphans));
  });
}

/** The owner's channels, by kind then name. */
export function channelsOf(db: Database, ownerId: string): Promise<ChannelRow[]> {
  return db
    .select()
    .from(channels)
    .where(eq(channels.ownerId, ownerId))
    .orderBy(asc(channels.kind), asc(channels.name), asc(channels.id));
}

export async function findOwnChannel(db: Database, ownerId: string, id: string): Promise<ChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.id, id), eq(channels.ownerId, ownerId)));
  return row;
}

/**
 * The owner's project follows the channel, if their plan includes one more channel a project (a
 * 403 otherwise); one it already follows changes nothing. False when the project is gone.
 */
export async function attachChannel(
  db: Database,
  ownerId: string,
  projectId: string,
  channelId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await lockProjectChannels(tx, ownerId, projectId);
    if (!locked) return false;
    if (locked.followed.has(channelId)) return true;
    if (locked.room === 0) throw planLimitReached(locked.plan, 'channelsPerProject');
    await tx.insert(projectChannels).values({ projectId, channelId }).onConflictDoNothing();
    return true;
  });
}

/**
 * A channel connection started from a project (a LinkedIn organization): the project follows
 * what it brought, if it is still the owner's (deleted meanwhile: nothing to follow), up to as
 * many channels as the owner's plan includes, in the order given (decision 031). Answers the
 * channels left out: still the owner's, to attach once there is room.
 */
export async function followInProject(
  db: Database,
  ownerId: string,
  projectId: string,
  channels: ReadonlyArray<{ id: string }>,
): Promise<Array<{ id: string }>> {
  if (channels.length === 0) return [];
  return db.transaction(async (tx) => {
    const locked = await lockProjectChannels(tx, ownerId, projectId);
    if (!locked) return [];
    const fresh = channels.filter((channel) => !locked.followed.has(channel.id));
    const taken = fresh.slice(0, locked.room);
    if (taken.length > 0) {
      await tx
        .insert(projectChannels)
        .values(taken.map((channel) => ({ projectId, channelId: channel.id })))
        .onConflictDoNothing();
    }
    return fresh.slice(taken.length);
  });
}

/** Whether the project followed the channel (and now does not). */
export async function detachChannel(db: Database, projectId: string, channelId: string): Promise<boolean> {
  const gone = await db
    .delete(projectChannels)
    .where(and(eq(projectChannels.projectId, projectId), eq(projectChannels.channelId, channelId)))
    .returning({ channelId: projectChannels.channelId });
  return gone.length > 0;
}

/** The user's projects that follow each of `channelIds`, by name. */
export async function projectsFollowing(db: Database, userId: string, channelIds: string[]) {
  const byChannel = new Map<string, Array<{ id: string; name: string }>>();
  if (channelIds.length === 0) return byChannel;
  const rows = await db
    .select({ channelId: projectChannels.channelId, id: projects.id, name: projects.name })
    .from(projectChannels)
    .innerJoin(projects, eq(projects.id, projectChannels.projectId))
    .where(and(inArray(projectChannels.channelId, channelIds), eq(projects.ownerId, userId)))
    .orderBy(projects.name, projects.id);
  for (const { channelId, id, name } of rows)
    byChannel.set(channelId, [...(byChannel.get(channelId) ?? []), { id, name }]);
  return byChannel;
}
