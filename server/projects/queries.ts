import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { projects, type ProjectRow } from '../db/schema';

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
