import { Hono } from 'hono';
import * as reports from '../../contract/reports';
import type { ReportLink } from '../../contract/reports';
import { countProjectComments, sentimentByDay } from '../comments/queries';
import type { AppEnv, Services } from '../http/context';
import { clientIp } from '../http/client-ip';
import { notFound } from '../http/errors';
import { reply, route } from '../http/operation';
import { addressSubject, rateLimitCheck } from '../http/rate-limiter';
import { assertPublicReports } from '../projects/limits';
import { channelsOfProjects, findOwnProject } from '../projects/queries';
import { createEncryption } from '../security/encryption';
import type { ProjectReportRow } from '../db/schema';
import { activeReportLink, newReportLink, openReport, revokeReportLinks } from './queries';

const presentLink = ({ row, token }: { row: ProjectReportRow; token: string }): ReportLink => ({
  token,
  createdAt: row.createdAt.toISOString(),
  lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
});

/**
 * Public reports (contract/reports.ts; decision 027): the owner's share link of a project, and the
 * report anyone with it may open. Another user's project is not found; so is a token that is
 * unknown, revoked, replaced or of no token's shape.
 */
export function reportRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  const encryption = createEncryption(s.config.tokenEncryptionKey);
  const ownProject = async (ownerId: string, projectId: string) => {
    const project = await findOwnProject(s.db, ownerId, projectId);
    if (!project) throw notFound();
    return project;
  };

  route(routes, s, reports.showReportLink, async (c, { params }) => {
    const project = await ownProject(c.get('user').id, params.projectId);
    const active = await activeReportLink(s.db, encryption, project.id);
    return reply(c, reports.showReportLink, 200, { reportLink: active ? presentLink(active) : null });
  });

  route(routes, s, reports.createReportLink, async (c, { params }) => {
    const project = await ownProject(c.get('user').id, params.projectId);
    await assertPublicReports(s.db, project.ownerId);
    const made = await newReportLink(s.db, encryption, project.id, new Date(s.clock()));
    c.get('log').info({ projectId: project.id }, 'report link made');
    return reply(c, reports.createReportLink, 201, { reportLink: presentLink(made) });
  });

  route(routes, s, reports.revokeReportLink, async (c, { params }) => {
    const project = await ownProject(c.get('user').id, params.projectId);
    await revokeReportLinks(s.db, project.id, new Date(s.clock()));
    c.get('log').info({ projectId: project.id }, 'report link revoked');
    return reply(c, reports.revokeReportLink, 204);
  });

  route(routes, s, reports.showPublicReport, async (c, { params, query }) => {
    const address = addressSubject(clientIp(c, s.config.trustProxy));
    await s.rateLimiter.enforce([rateLimitCheck('public_report', 'ip', s.rateLimits.publicReport.perIp, address)]);
    const now = new Date(s.clock());
    const opened = await openReport(s.db, params.token, now);
    if (!opened) throw notFound();
    const [channels, totals, days] = await Promise.all([
      channelsOfProjects(s.db, [opened.projectId]),
      countProjectComments(s.db, [opened.projectId]),
      sentimentByDay(s.db, opened.projectId, { days: Number(query.days ?? '30'), today: now }),
    ]);
    return reply(c, reports.showPublicReport, 200, {
      report: {
        projectName: opened.projectName,
        channels: (channels.get(opened.projectId) ?? []).map((channel) => ({ kind: channel.kind, name: channel.name })),
        totals: totals.get(opened.projectId)!,
        summary: { days },
        generatedAt: now.toISOString(),
      },
    });
  });

  return routes;
}
