import { and, count, eq } from 'drizzle-orm';
import * as subscription from '../../contract/subscription';
import {
  PLAN_INCLUDES,
  PLAN_LABELS,
  type Plan,
  type PlanLimit,
  type PlanLimitErrorBody,
} from '../../contract/subscription';
import type { Database } from '../db/client';
import { projectChannels, projects, users, type ProjectRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { message, type Lang, type MessageKey } from '../http/i18n';

/**
 * The plans' limits, kept where the change is made (decision 031): each check reads the count
 * inside the change's own transaction with the row it counts under locked (`FOR UPDATE`: the
 * owner's for projects, the project's for its channels), so of two requests for the last slot
 * the second waits for the first to commit, counts again, and is refused.
 */

const MESSAGES: Record<PlanLimit, MessageKey> = {
  projects: 'planLimitProjects',
  channelsPerProject: 'planLimitChannelsPerProject',
  publicReports: 'planLimitPublicReports',
};

/** What the plan allows more of, in words: "Starter includes 5.", or nothing at the top. */
function upgradeWords(lang: Lang, plan: Plan, limit: PlanLimit): string {
  const next = subscription.planAllowingMore(plan, limit);
  if (!next) return '';
  const included = PLAN_INCLUDES[next][limit];
  if (typeof included === 'boolean') return ` ${message(lang, 'planLimitUpgradeFeature', { next: PLAN_LABELS[next] })}`;
  const more = included === null ? message(lang, 'planLimitAnyNumber') : String(included);
  return ` ${message(lang, 'planLimitUpgradeCount', { next: PLAN_LABELS[next], more })}`;
}

/** The 403 of a change `plan` does not include (the contract's PlanLimitError). */
export function planLimitReached(plan: Plan, limit: PlanLimit): HttpError {
  const included = PLAN_INCLUDES[plan][limit] ?? 0;
  const details: Pick<PlanLimitErrorBody, 'planLimit'> = { planLimit: { limit, plan, included } };
  return new HttpError(
    403,
    MESSAGES[limit],
    { plan: PLAN_LABELS[plan], included: String(included), upgrade: (lang) => upgradeWords(lang, plan, limit) },
    {},
    details,
  );
}

/** The user's plan, read without a lock: for a check that needs no count (public reports) or only says early. */
export async function planOfUser(db: Database, userId: string): Promise<Plan> {
  const [row] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  return subscription.planOf(row?.plan ?? 'free');
}

/** Refuses a plan that does not include public report links. */
export async function assertPublicReports(db: Database, ownerId: string): Promise<void> {
  const plan = await planOfUser(db, ownerId);
  if (subscription.roomLeft(plan, 'publicReports') === 0) throw planLimitReached(plan, 'publicReports');
}

/**
 * Inside `tx`: locks the owner's row and refuses a project more than their plan includes. Their
 * other project creations wait here until this transaction ends.
 */
export async function assertRoomForProject(tx: Database, ownerId: string): Promise<void> {
  const [owner] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, ownerId)).for('update');
  const plan = subscription.planOf(owner?.plan ?? 'free');
  const [{ total }] = await tx.select({ total: count() }).from(projects).where(eq(projects.ownerId, ownerId));
  if (subscription.roomLeft(plan, 'projects', total) === 0) throw planLimitReached(plan, 'projects');
}

/**
 * Inside `tx`: locks the owner's project `projectId` and says how many more channels it may follow
 * (Infinity for no limit), and under which plan; undefined when it is not theirs (or gone).
 * Whatever links the project in the same transaction is counted by the next caller.
 */
export async function lockProjectChannels(
  tx: Database,
  ownerId: string,
  projectId: string,
): Promise<{ project: ProjectRow; plan: Plan; room: number; followed: Set<string> } | undefined> {
  const [row] = await tx
    .select({ project: projects, plan: users.plan })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.ownerId))
    .where(and(eq(projects.id, projectId), eq(projects.ownerId, ownerId)))
    .for('update', { of: projects });
  if (!row) return undefined;
  const plan = subscription.planOf(row.plan);
  const links = await tx
    .select({ channelId: projectChannels.channelId })
    .from(projectChannels)
    .where(eq(projectChannels.projectId, projectId));
  const room = subscription.roomLeft(plan, 'channelsPerProject', links.length);
  return { project: row.project, plan, room, followed: new Set(links.map((link) => link.channelId)) };
}

/**
 * Whether the project can follow one more channel now, said early (before a provider round trip,
 * which would spend its code for nothing); the change itself checks again under the lock.
 */
export async function assertRoomForChannel(db: Database, ownerId: string, projectId: string): Promise<void> {
  const locked = await db.transaction((tx) => lockProjectChannels(tx, ownerId, projectId));
  if (locked && locked.room === 0) throw planLimitReached(locked.plan, 'channelsPerProject');
}
