import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { NOTIFIED } from '../../contract/realtime';
import * as notificationsContract from '../../contract/notifications';
import {
  NOTIFICATIONS_SHOWN,
  SPIKE_FACTOR,
  SPIKE_MINIMUM,
  type AlertMail,
  type NotificationKind,
} from '../../contract/notifications';
import type { Language } from '../../contract/fields';
import { rowsOf, type Database } from '../db/client';
import { letRequestsIn } from '../event-loop';
import { comments, inboxFirst, notifications, projects, users } from '../db/schema';
import { safeError, type Logger } from '../log';
import type { Mailer } from '../mail/mailer';
import { alertsMail, type AlertLine } from '../mail/templates';
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
  clock?: (() => number) | undefined;
};

/** The time by the deps' clock (a test's), else the machine's. */
export const nowOf = (deps: AlertDeps) => new Date(deps.clock ? deps.clock() : Date.now());

/** A notification as stored: whose, what, and how it is to be mailed. */
type Stored = {
  id: string;
  user_id: string;
  project_id: string;
  kind: NotificationKind;
  mail: AlertMail;
  negative_count: number | null;
  rule_name: string | null;
  probable: boolean;
  reviewed: boolean;
  comment_id: string | null;
};

const RETURNING = sql`returning id, user_id, project_id, kind, mail, negative_count, rule_name, probable, reviewed, comment_id`;

/**
 * A negative comment, as alerts count them: what its owner reads as "Negative" or "Probably
 * negative" (applied NEGATIVE, or waiting in the review with the proposal NEGATIVE), as the inbox's
 * "Negative first" has it (docs/decisions/107, 109). Most complaints wait for a person: only the
 * classifier's surest labels are applied without one (docs/decisions/058).
 */
const IS_NEGATIVE = inboxFirst(comments);

/**
 * Tells the owners of the projects that follow each new negative comment among `addedIds`
 * (docs/product.md#alerts): applied NEGATIVE, or waiting for a person with the proposal NEGATIVE
 * (told as probably negative), and still open in the inbox. One notification a comment and
 * project, stored with a unique key, so an event seen twice (a retried job, two instances) is told
 * once, and only the instance that stored it tells (`tell`). A project whose last hour then holds a
 * spike of them is told that too, once an hour (`notifySpikes`).
 */
export async function notifyNegativeComments(
  deps: AlertDeps,
  addedIds: string[],
  /** Told once a reviewer labelled them, not as they arrived (docs/decisions/110): said so. */
  { reviewed = false }: { reviewed?: boolean } = {},
): Promise<number> {
  const stored: Stored[] = [];
  for (let at = 0; at < addedIds.length; at += COMMENTS_PER_STATEMENT) {
    if (at > 0) await letRequestsIn();
    stored.push(...(await storeNegativeComments(deps, addedIds.slice(at, at + COMMENTS_PER_STATEMENT), reviewed)));
  }
  if (stored.length === 0) return 0;
  const spikes = await notifySpikes(deps, [...new Set(stored.map((row) => row.project_id))]);
  await tell(deps, [...stored, ...spikes]);
  return stored.length;
}

/**
 * New comments `notifyNegativeComments` looks at in one statement, requests let in between: on
 * PGlite, where a notification stored takes about a millisecond of the API's thread, those of
 * 1,700 negative comments in one statement held every request for 2.6 s.
 */
const COMMENTS_PER_STATEMENT = 50;

/** Stores the notifications of the negative comments among `addedIds` not stored yet; answers them. */
async function storeNegativeComments(deps: AlertDeps, addedIds: string[], reviewed: boolean): Promise<Stored[]> {
  return rowsOf<Stored>(
    await deps.db.execute(sql`
      insert into notifications (user_id, project_id, kind, comment_id, author_name, channel_name, excerpt, probable, reviewed, dedupe_key, mail)
      select p.owner_id, p.id, 'negativeComment', comments.id, comments.author_name, ch.name, left(comments.message, ${EXCERPT}),
             comments.sentiment <> 'NEGATIVE', ${reviewed}, 'negativeComment:' || p.id || ':' || comments.id, coalesce(p.alert_mail, u.alert_mail)
      from comments
      join channels ch on ch.id = comments.channel_id
      join project_channels pc on pc.channel_id = comments.channel_id
      join projects p on p.id = pc.project_id
      join users u on u.id = p.owner_id
      where comments.id in (select jsonb_array_elements_text(${JSON.stringify(addedIds)}::jsonb)::uuid)
        and comments.parent_id is null and not comments.from_channel and ${IS_NEGATIVE}
        -- Done already (an inbox rule's "mark done" as it arrived): nothing is left to do about it.
        and comments.done_at is null
      on conflict (dedupe_key) do nothing
      ${RETURNING}`),
  );
}

/**
 * The spike alert (docs/product.md#alerts): a project with at least SPIKE_MINIMUM negative
 * comments published in the last hour, and at least SPIKE_FACTOR times its hourly average over
 * the 7 days before that hour, is told so once in each clock hour (`spike:<project>:<hour>`,
 * unique, so across instances too). Answers the rows it stored, for the caller to tell.
 */
async function notifySpikes(deps: AlertDeps, projectIds: string[]): Promise<Stored[]> {
  const at = nowOf(deps).toISOString();
  const hour = at.slice(0, 13);
  return rowsOf<Stored>(
    await deps.db.execute(sql`
      with counted as (
        select p.id as project_id, p.owner_id, coalesce(p.alert_mail, u.alert_mail) as mail, n.last_hour, n.week
        from projects p join users u on u.id = p.owner_id
        -- One read of the project's negatives of the last 7 days and an hour, counted both ways.
        cross join lateral (
          select (count(*) filter (where comments.published_at > ${at}::timestamptz - interval '1 hour'))::int as last_hour,
                 (count(*) filter (where comments.published_at <= ${at}::timestamptz - interval '1 hour'))::int as week
          from comments
          where comments.channel_id in (select channel_id from project_channels where project_id = p.id)
            and comments.parent_id is null and not comments.from_channel and ${IS_NEGATIVE}
            and comments.published_at > ${at}::timestamptz - interval '1 hour' - interval '7 days'
            and comments.published_at <= ${at}::timestamptz
        ) n
        where p.id in (select jsonb_array_elements_text(${JSON.stringify(projectIds)}::jsonb)::uuid)
      )
      insert into notifications (user_id, project_id, kind, author_name, channel_name, excerpt, negative_count, dedupe_key, mail)
      select owner_id, project_id, 'spike', '', '', '', last_hour, 'spike:' || project_id || ':' || ${hour}, mail
      from counted
      where last_hour >= ${SPIKE_MINIMUM} and last_hour >= ${SPIKE_FACTOR} * week / (7 * 24.0)
      on conflict (dedupe_key) do nothing
      ${RETURNING}`),
  );
}

/**
 * Tells what an inbox rule with the "alert" action matched (docs/product.md#inbox-rules): a
 * notification a comment and project, named after the first such rule, once, as above.
 */
export async function notifyRuleMatches(
  deps: AlertDeps,
  matches: Array<{ commentId: string; projectId: string; ruleName: string }>,
): Promise<number> {
  if (matches.length === 0) return 0;
  const stored = rowsOf<Stored>(
    await deps.db.execute(sql`
      with m as (
        select * from jsonb_to_recordset(${JSON.stringify(matches)}::jsonb)
          as m("commentId" uuid, "projectId" uuid, "ruleName" text)
      )
      insert into notifications (user_id, project_id, kind, comment_id, author_name, channel_name, excerpt, rule_name, dedupe_key, mail)
      select p.owner_id, p.id, 'ruleMatched', c.id, c.author_name, ch.name, left(c.message, ${EXCERPT}), m."ruleName",
             'ruleMatched:' || p.id || ':' || c.id, coalesce(p.alert_mail, u.alert_mail)
      from m
      join comments c on c.id = m."commentId"
      join channels ch on ch.id = c.channel_id
      join projects p on p.id = m."projectId"
      join users u on u.id = p.owner_id
      on conflict (dedupe_key) do nothing
      ${RETURNING}`),
  );
  await tell(deps, stored);
  return stored.length;
}

function byUserOf(rows: Stored[]): Map<string, Stored[]> {
  const byUser = new Map<string, Stored[]>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  return byUser;
}

/**
 * Tells what was just stored: live to each owner's bell, and one mail a user for the rows to mail
 * at once, which are then marked mailed. The rest wait for the hourly digest (`mailDigests`), or
 * are never mailed. A failure to tell is logged: the rows stay, and the bell lists them.
 */
async function tell(deps: AlertDeps, stored: Stored[]) {
  if (stored.length === 0) return;
  const byUser = byUserOf(stored);
  for (const [userId, rows] of byUser) {
    try {
      if (deps.publisher) await deps.publisher.toUser(userId, NOTIFIED, { unread: await unreadOf(deps.db, userId) });
      const now = rows.filter((row) => row.mail === 'now');
      if (now.length > 0 && deps.mailer && deps.config) {
        await mailUser(deps, userId, now, false);
        await deps.db
          .update(notifications)
          .set({ mailedAt: nowOf(deps) })
          .where(
            inArray(
              notifications.id,
              now.map((row) => row.id),
            ),
          );
      }
    } catch (error) {
      deps.log.warn({ userId, err: safeError(error) }, 'alerts not told');
    }
  }
}

/**
 * The hourly digest (docs/product.md#alerts): every row waiting for it is claimed and marked
 * mailed in one UPDATE … RETURNING inside a transaction that lasts while the mails go, so another
 * instance's digest waits on those rows and then finds them mailed, and a mail that fails puts
 * them back for the next hour. Answers how many users were mailed.
 */
export async function mailDigests(deps: AlertDeps & { mailer: Mailer; config: { appUrl: string } }): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const claimed = rowsOf<Stored>(
      await tx.execute(sql`
        update notifications set mailed_at = ${nowOf(deps).toISOString()}::timestamptz
        where mail = 'hourly' and mailed_at is null
        ${RETURNING}`),
    );
    const byUser = byUserOf(claimed);
    for (const [userId, rows] of byUser) await mailUser({ ...deps, db: tx as unknown as Database }, userId, rows, true);
    return byUser.size;
  });
}

/**
 * One user's mail of alerts: a line for each project and kind, with a link (ours) to the inbox: to
 * the comment where the line tells of one, else to the project's.
 */
async function mailUser(deps: AlertDeps, userId: string, rows: Stored[], digest: boolean) {
  const [user] = await deps.db
    .select({ email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const named = new Map(
    (
      await deps.db
        .select({ id: projects.id, name: projects.name })
        .from(projects)
        .where(inArray(projects.id, [...new Set(rows.map((row) => row.project_id))]))
    ).map((project) => [project.id, project.name]),
  );
  // A digest's comment may have been deleted within the hour: its line leads to the project's. A
  // mail sent as its alerts are stored names comments just read, so nothing is read again for it.
  const told = digest ? rows.flatMap((row) => (row.comment_id ? [row.comment_id] : [])) : [];
  const here = new Set(
    told.length === 0
      ? []
      : (await deps.db.select({ id: comments.id }).from(comments).where(inArray(comments.id, told))).map(
          (comment) => comment.id,
        ),
  );
  const gone = new Set(told.filter((id) => !here.has(id)));
  const base = deps.config!.appUrl.replace(/\/$/, '');
  const lines = new Map<string, AlertLine>();
  for (const row of rows) {
    const name = named.get(row.project_id);
    if (name === undefined) continue;
    const key = `${row.project_id}:${row.kind}:${row.rule_name ?? ''}:${row.probable}:${row.reviewed}`;
    const line = lines.get(key);
    if (line) {
      // Spikes count the hour's comments; the others count themselves, and lead to them all.
      line.count = row.kind === 'spike' ? Math.max(line.count, row.negative_count ?? 0) : line.count + 1;
      line.link = `${base}${notificationsContract.alertPathOf(row.kind, row.project_id)}`;
      continue;
    }
    // A line of one comment leads to it, as the bell does; of several, to the project's.
    lines.set(key, {
      kind: row.kind,
      project: name,
      count: row.kind === 'spike' ? (row.negative_count ?? 0) : 1,
      ruleName: row.rule_name,
      probable: row.probable,
      reviewed: row.reviewed,
      link: `${base}${notificationsContract.alertPathOf(row.kind, row.project_id, row.comment_id && !gone.has(row.comment_id) ? row.comment_id : null)}`,
    });
  }
  if (lines.size === 0) return;
  await deps.mailer!.send(
    alertsMail(
      { email: user.email, firstName: user.firstName, language: (user.language ?? 'en') as Language },
      [...lines.values()],
      { digest, settingsLink: `${base}/user/alerts` },
    ),
  );
}

/**
 * A reviewer labelled NEGATIVE comments among `ids` that their owners were told of as probably
 * negative: each such owner's bell reads its list again now, so the item reads as the negative
 * comment it is (`latestNotifications`' `confirmed`), not from the next page load on. No new
 * notification: the comment was told already. Answers how many users were told so.
 */
export async function tellGuessesConfirmed(deps: AlertDeps, ids: string[]): Promise<number> {
  if (ids.length === 0 || !deps.publisher) return 0;
  // By the alert's key (comment and project), which is indexed, where the comment alone is not.
  const owners = rowsOf<{ userId: string }>(
    await deps.db.execute(sql`
      select distinct n.user_id as "userId" from notifications n
      where n.probable and n.dedupe_key in (
        select 'negativeComment:' || pc.project_id || ':' || c.id
        from comments c join project_channels pc on pc.channel_id = c.channel_id
        where c.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid))`),
  );
  for (const { userId } of owners) {
    try {
      await deps.publisher.toUser(userId, NOTIFIED, { unread: await unreadOf(deps.db, userId) });
    } catch (error) {
      deps.log.warn({ userId, err: safeError(error) }, 'a confirmed guess not told');
    }
  }
  return owners.length;
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
    .select({
      notification: notifications,
      projectName: projects.name,
      // Its comment labelled NEGATIVE by now (a reviewer confirmed a guess): no longer "probably".
      confirmed: sql<boolean>`coalesce(${comments.sentiment} = 'NEGATIVE' and not ${comments.inReview}, false)`,
      // Its comment still here: one deleted since (at its network, or with its channel) is not
      // linked to, since the inbox would find nothing.
      commentHere: sql<boolean>`${comments.id} is not null`,
    })
    .from(notifications)
    .innerJoin(projects, eq(projects.id, notifications.projectId))
    .leftJoin(comments, eq(comments.id, notifications.commentId))
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
