import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as projects from '../../contract/projects';
import type { PublicReport, ReportLink } from '../../contract/reports';
import * as reports from '../../contract/reports';
import { DEFAULT_RATE_LIMITS } from '../http/rate-limiter';
import { projectChannels, projectReports } from '../db/schema';
import { startHarness, type Harness } from '../test/harness';

/**
 * Public reports (docs/product.md#public-report-links): the owner's share link and the report
 * anyone with it may open.
 */
let h: Harness;
beforeAll(async () => {
  // A small open limit, to see it refuse (the default is far above what these tests make).
  h = await startHarness({
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      publicReport: { perIp: { max: 25, windowMs: 60_000, backoffMs: 1_000, maxBackoffMs: 60_000 } },
    },
  });
});
afterAll(async () => {
  await h?.stop();
});

async function sharedProject() {
  // Public report links come with Starter and up (PLAN_INCLUDES; the Free plan's refusal: projects/limits.test.ts).
  const owner = await h.signedInUser({ firstName: 'Olivia', lastName: 'Owner', plan: 'starter' });
  const project = await h.factories.project({ id: owner.user._id }, { name: 'Café <Verdi>' });
  const page = await h.factories.channel({ id: owner.user._id }, { name: 'Café page' });
  const instagram = await h.factories.channel({ id: owner.user._id }, { kind: 'instagram-account', name: '@cafe' });
  await h.db.insert(projectChannels).values([
    { projectId: project.id, channelId: page.id },
    { projectId: project.id, channelId: instagram.id },
  ]);
  const now = h.clock.now();
  const [great] = await h.factories.comments(
    page,
    [
      { message: 'Great espresso', sentiment: 'POSITIVE' },
      { message: 'Awful wait', sentiment: 'NEGATIVE' },
    ],
    now,
  );
  await h.factories.comments(
    page,
    [{ message: 'Thank you!', parentId: great!.id, fromChannel: true, sentiment: 'POSITIVE' }],
    now,
  );
  // Older than 30 days: in the totals, not in the month's summary.
  await h.factories.comments(instagram, [{ message: 'Lovely cups', sentiment: 'POSITIVE' }], now - 40 * 86_400_000);
  return { owner, project };
}

const linkOf = (body: { reportLink: ReportLink | null }) => body.reportLink;
const reportOf = (body: { report: PublicReport }) => body.report;

describe('a share link', () => {
  it('is made, shown again, opened by anyone without an account, and says when it was last opened', async () => {
    const { owner, project } = await sharedProject();
    const token = owner.accessToken;
    const none = await h.call(reports.showReportLink, { params: { projectId: project.id }, token });
    expect(none.status).toBe(200);
    expect(linkOf(none.body)).toBeNull();

    const made = await h.call(reports.createReportLink, { params: { projectId: project.id }, token });
    expect(made.status).toBe(201);
    const link = linkOf(made.body)!;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.lastOpenedAt).toBeNull();
    // Stored hashed and encrypted, never as it is.
    const [row] = await h.db.select().from(projectReports);
    expect(JSON.stringify(row)).not.toContain(link.token);

    h.clock.advance(60_000);
    const opened = await h.call(reports.showPublicReport, { params: { token: link.token } });
    expect(opened.status).toBe(200);
    const report = reportOf(opened.body);
    expect(report.projectName).toBe('Café <Verdi>');
    expect(report.channels).toEqual([
      { kind: 'facebook-page', name: 'Café page' },
      { kind: 'instagram-account', name: '@cafe' },
    ]);
    // A reply is not counted, the channel's own or anyone's (docs/decisions/052-one-count-of-a-projects-comments.md).
    expect(report.totals).toEqual({ POSITIVE: 2, MIXED: 0, NEGATIVE: 1, NEUTRAL: 0, UNCLASSIFIED: 0 });
    expect(report.summary.days).toHaveLength(30);
    const month = report.summary.days.reduce((sum, day) => sum + day.counts.POSITIVE + day.counts.NEGATIVE, 0);
    expect(month).toBe(2);
    // Nothing of the owner.
    expect(opened.text).not.toContain(owner.user.email);
    expect(opened.text).not.toContain('Olivia');
    expect(opened.text).not.toContain(owner.user._id);

    const week = await h.call(reports.showPublicReport, { params: { token: link.token }, query: { days: '7' } });
    expect(reportOf(week.body).summary.days).toHaveLength(7);

    const again = await h.call(reports.showReportLink, { params: { projectId: project.id }, token });
    expect(linkOf(again.body)).toEqual({
      token: link.token,
      createdAt: link.createdAt,
      lastOpenedAt: new Date(h.clock.now()).toISOString(),
    });
  });

  it('once revoked or replaced, is not found; a new one works', async () => {
    const { owner, project } = await sharedProject();
    const token = owner.accessToken;
    const first = linkOf((await h.call(reports.createReportLink, { params: { projectId: project.id }, token })).body)!;
    const second = linkOf((await h.call(reports.createReportLink, { params: { projectId: project.id }, token })).body)!;
    expect(second.token).not.toBe(first.token);
    expect((await h.call(reports.showPublicReport, { params: { token: first.token } })).status).toBe(404);
    expect((await h.call(reports.showPublicReport, { params: { token: second.token } })).status).toBe(200);

    expect((await h.call(reports.revokeReportLink, { params: { projectId: project.id }, token })).status).toBe(204);
    const gone = await h.call(reports.showPublicReport, { params: { token: second.token } });
    expect(gone.status).toBe(404);
    expect(gone.text).not.toContain('Café');
    expect(
      linkOf((await h.call(reports.showReportLink, { params: { projectId: project.id }, token })).body),
    ).toBeNull();
    // Revoking with nothing to revoke is no error.
    expect((await h.call(reports.revokeReportLink, { params: { projectId: project.id }, token })).status).toBe(204);
  });

  it('goes with its project', async () => {
    const { owner, project } = await sharedProject();
    const token = owner.accessToken;
    const link = linkOf((await h.call(reports.createReportLink, { params: { projectId: project.id }, token })).body)!;
    expect((await h.call(projects.deleteProject, { params: { id: project.id }, token })).status).toBe(204);
    expect((await h.call(reports.showPublicReport, { params: { token: link.token } })).status).toBe(404);
  });

  it('of another user is not found, and theirs is not touched', async () => {
    const { owner, project } = await sharedProject();
    const stranger = await h.signedInUser();
    const link = linkOf(
      (await h.call(reports.createReportLink, { params: { projectId: project.id }, token: owner.accessToken })).body,
    )!;
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const answer = await h.call(method, `/v1.0/projects/${project.id}/report-link`, { token: stranger.accessToken });
      expect(answer.status, method).toBe(404);
    }
    expect((await h.call(reports.showPublicReport, { params: { token: link.token } })).status).toBe(200);
  });
});

describe('the public report', () => {
  it('answers 404 to any token of the wrong shape, and 422 to a period it does not offer', async () => {
    const { owner, project } = await sharedProject();
    const link = linkOf(
      (await h.call(reports.createReportLink, { params: { projectId: project.id }, token: owner.accessToken })).body,
    )!;
    for (const token of ['x', 'x'.repeat(500), '%00', '..%2F..%2Fetc', `${link.token.slice(0, 42)}!`, 'A'.repeat(43)]) {
      const answer = await h.call('GET', `/v1.0/public/reports/${token}`);
      expect(answer.status, token).toBe(404);
    }
    const period = await h.call('GET', `/v1.0/public/reports/${link.token}?days=12`);
    expect(period.status).toBe(422);
  });

  it('is refused to an address that opens too many', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 30; n++)
      statuses.push((await h.call(reports.showPublicReport, { params: { token: 'B'.repeat(43) } })).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status !== 404 && status !== 429)).toEqual([]);
  });
});
