import { createHash, randomBytes } from 'node:crypto';
import { and, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import { PLAN_INCLUDES, PLANS } from '../../contract/subscription';
import type { Database } from '../db/client';
import { projectReports, projects, users, type ProjectReportRow } from '../db/schema';
import type { Encryption } from '../security/encryption';

/**
 * A report link's token is looked up by its hash (a leaked table opens no report) and kept
 * encrypted beside it, so the owner can see and copy the link again. `context` binds the
 * ciphertext to its column.
 */
const TOKEN_CONTEXT = 'project_reports.token_encrypted';

export const hashReportToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The project's active link, with its token opened for the owner. */
export async function activeReportLink(
  db: Database,
  encryption: Encryption,
  projectId: string,
): Promise<{ row: ProjectReportRow; token: string } | undefined> {
  const [row] = await db
    .select()
    .from(projectReports)
    .where(and(eq(projectReports.projectId, projectId), isNull(projectReports.revokedAt)));
  return row ? { row, token: encryption.decrypt(row.tokenEncrypted, TOKEN_CONTEXT) } : undefined;
}

/** A new link; the active one (if any) is revoked in the same transaction (one active per project). */
export async function newReportLink(
  db: Database,
  encryption: Encryption,
  projectId: string,
  now: Date,
): Promise<{ row: ProjectReportRow; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const row = await db.transaction(async (tx) => {
    await tx
      .update(projectReports)
      .set({ revokedAt: now })
      .where(and(eq(projectReports.projectId, projectId), isNull(projectReports.revokedAt)));
    const [made] = await tx
      .insert(projectReports)
      .values({
        projectId,
        tokenHash: hashReportToken(token),
        tokenEncrypted: encryption.encrypt(token, TOKEN_CONTEXT),
        createdAt: now,
      })
      .returning();
    return made!;
  });
  return { row, token };
}

export async function revokeReportLinks(db: Database, projectId: string, now: Date): Promise<void> {
  await db
    .update(projectReports)
    .set({ revokedAt: now })
    .where(and(eq(projectReports.projectId, projectId), isNull(projectReports.revokedAt)));
}

/** The plans whose links open (PLAN_INCLUDES' `publicReports`). */
const PUBLIC_REPORT_PLANS = PLANS.filter((plan) => PLAN_INCLUDES[plan].publicReports);

/**
 * The project behind an active link, marking it opened (one statement: the lookup and the mark),
 * or undefined for a token that is unknown, revoked or replaced, or whose owner's plan no longer
 * includes public reports (kept, not revoked: it opens again if the plan does).
 */
export async function openReport(
  db: Database,
  token: string,
  now: Date,
): Promise<{ projectId: string; projectName: string } | undefined> {
  const [opened] = await db
    .update(projectReports)
    .set({ lastOpenedAt: now })
    .where(
      and(
        eq(projectReports.tokenHash, hashReportToken(token)),
        isNull(projectReports.revokedAt),
        exists(
          db
            .select({ one: sql`1` })
            .from(projects)
            .innerJoin(users, eq(users.id, projects.ownerId))
            .where(and(eq(projects.id, projectReports.projectId), inArray(users.plan, PUBLIC_REPORT_PLANS))),
        ),
      ),
    )
    .returning({ projectId: projectReports.projectId });
  if (!opened) return undefined;
  const [project] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, opened.projectId));
  return project ? { projectId: opened.projectId, projectName: project.name } : undefined;
}
