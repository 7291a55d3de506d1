import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { NOTIFIED } from '../../contract/realtime';
import { NOTIFICATIONS_SHOWN } from '../../contract/notifications';
import type { Language } from '../../contract/fields';
import { rowsOf, type Database } from '../db/client';
import { notifications, projects, users } from '../db/schema';
import { safeError, type Logger } from '../log';
import type { Mailer } from '../mail/mailer';
import { negativeCommentsMail } from '../mail/templates';
import type { Publisher } from '../realtime/publisher';

/** How much of a comment a notification keeps: its first lines. */
const EXCERPT = 280;

/** What telling users needs: where, who to tell live, and the mailer with the app's address for its links. */
export type AlertDeps = {
  db: Database;
  log: Logger;
  publisher?: Publisher | undefined;
  mailer?: Mailer | undefined;
  config?: { appUrl: string } | undefined;
};

/**
 * Tells the owners of the projects that follow each new negative comment among `addedIds`
 * (docs/product.md#alerts): applied NEGATIVE, or proposed NEGATIVE at the threshold's confidence
 * and held for review only to be sampled. One notification a comment and project, stored with a
 * unique key, so an event seen twice (a retried job, two instances) is told once, and only the
 * instance that stored it tells: live to the owner's bell, and one mail a user for the batch,
 * naming each project's count (a commenter's words never go into a mail from us).
 */
export async function notifyNegativeComments(deps: AlertDeps, addedIds: string[]): Promise<number> {
  if (addedIds.length === 0) return 0;
  const stored = rowsOf<{ user_id: string; project_id: string }>(
    await deps.db.execute(sql`
      insert into notifications (user_id, project_id, kind, comment_id, author_name, channel_name, excerpt, dedupe_key)
      select p.owner_id, p.id, 'negativeComment', c.id, c.author_name, ch.name, left(c.message, ${EXCERPT}),
             'negativeComment:' || p.id || ':' || c.id
      from comments c
      join channels ch on ch.id = c.channel_id
      join project_channels pc on pc.channel_id = c.channel_id
      join projects p on p.id = pc.project_id
      where c.id in (select jsonb_array_elements_text(${JSON.stringify(addedIds)}::jsonb)::uuid)
        and c.parent_id is null and not c.from_channel
        and (c.sentiment = 'NEGATIVE'
          or (c.in_review and c.proposed_sentiment = 'NEGATIVE' and c.review_reason = 'sampled'))
      on conflict (dedupe_key) do nothing
      returning user_id, project_id`),
  );
  if (stored.length === 0) return 0;
  const byUser = new Map<string, Map<string, number>>();
  for (const row of stored) {
    const counts = byUser.get(row.user_id) ?? new Map<string, number>();
    counts.set(row.project_id, (counts.get(row.project_id) ?? 0) + 1);
    byUser.set(row.user_id, counts);
  }
  for (const [userId, counts] of byUser) {
    try {
      if (deps.publisher) await deps.publisher.toUser(userId, NOTIFIED, { unread: await unreadOf(deps.db, userId) });
      if (deps.mailer && deps.config) await mailUser(deps, userId, counts);
    } catch (error) {
      deps.log.warn({ userId, err: safeError(error) }, 'negative comments not told');
    }
  }
  return stored.length;
}

async function mailUser(deps: AlertDeps, userId: string, counts: Map<string, number>) {
  const [user] = await deps.db
    .select({ email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const named = await deps.db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(inArray(projects.id, [...counts.keys()]));
  const base = deps.config!.appUrl.replace(/\/$/, '');
  await deps.mailer!.send(
    negativeCommentsMail(
      { email: user.email, firstName: user.firstName, language: (user.language ?? 'en') as Language },
      named.map((project) => ({
        name: project.name,
        count: counts.get(project.id) ?? 0,
        link: `${base}/inbox?projectId=${project.id}&sentiment=NEGATIVE`,
      })),
    ),
  );
}

export async function unreadOf(db: Database, userId: string): Promise<number> {
  const [{ unread }] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return unread;
}

/** The user's latest notifications, with their projects' names. */
export function latestNotifications(db: Database, userId: string) {
  return db
    .select({ notification: notifications, projectName: projects.name })
    .from(notifications)
    .innerJoin(projects, eq(projects.id, notifications.projectId))
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_SHOWN);
}

/** Marks the user's notifications `ids` (every unread one when none is named) read. */
export async function markRead(db: Database, userId: string, ids: string[] | undefined, now: Date) {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000']) : undefined,
      ),
    );
}
