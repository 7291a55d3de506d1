import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AlertSettings, AlertSettingsBody } from '../../contract/notifications';
import type { Database } from '../db/client';
import { projects, users } from '../db/schema';

/** How the user's alerts are mailed: for every project, and each project's own way (null: the user's). */
export async function alertSettingsOf(db: Database, userId: string): Promise<AlertSettings> {
  const [user] = await db.select({ mail: users.alertMail }).from(users).where(eq(users.id, userId));
  const own = await db
    .select({ id: projects.id, name: projects.name, mail: projects.alertMail })
    .from(projects)
    .where(eq(projects.ownerId, userId))
    .orderBy(asc(projects.createdAt), asc(projects.id));
  return { mail: user?.mail ?? 'now', projects: own };
}

/**
 * Changes how the user's alerts are mailed, in one transaction: false (and nothing changed) when
 * a project named is not the user's, so another user's project is not found, not told apart.
 */
export async function changeAlertSettings(db: Database, userId: string, body: AlertSettingsBody): Promise<boolean> {
  return db.transaction(async (tx) => {
    const named = body.projects ?? [];
    const ids = [...new Set(named.map((project) => project.id))];
    if (ids.length > 0) {
      const own = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.ownerId, userId), inArray(projects.id, ids)));
      if (own.length !== ids.length) return false;
      const json = JSON.stringify(named);
      await tx.execute(sql`
        update projects p set alert_mail = m.mail
        from jsonb_to_recordset(${json}::jsonb) as m(id uuid, mail text)
        where p.id = m.id and p.owner_id = ${userId}`);
    }
    await tx.update(users).set({ alertMail: body.mail }).where(eq(users.id, userId));
    return true;
  });
}
