import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { channels, projectChannels, projects, type ChannelRow, type ProjectRow } from '../db/schema';

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

export async function insertProject(db: Database, ownerId: string, name: string): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values({ ownerId, name }).returning();
  return row!;
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
