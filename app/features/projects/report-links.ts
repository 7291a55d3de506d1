import type { SummaryPeriod } from '~contract/comments';
import * as reports from '~contract/reports';
import { api } from '~/lib/api';
import { cached, keepInCache } from '~/lib/cache';
import { paths } from '~/lib/paths';
import { projectKeys } from './api';

export type { PublicReport, ReportLink } from '~contract/reports';

/**
 * A project's share link and the public report's cache keys (docs/product.md#public-report-links).
 */
export const reportKeys = {
  link: (projectId: string) => [...projectKeys.all, projectId, 'report-link'] as const,
  publicReport: (token: string, period: SummaryPeriod) => ['public-report', token, period] as const,
};

/** The owner's view of the project's link: the active one, or null. */
export function getReportLink(projectId: string) {
  return cached({
    queryKey: reportKeys.link(projectId),
    queryFn: async () => (await api.call(reports.showReportLink, { params: { projectId } })).reportLink,
    // When it was last opened changes while the owner looks elsewhere.
    staleTime: 0,
    // The dialog says a failure, with a retry; the project list beside it does not wait.
    retry: false,
  });
}

/** A new link; an active one stops working at once. */
export async function createReportLink(projectId: string) {
  const { reportLink } = await api.call(reports.createReportLink, { params: { projectId } });
  await keepInCache(reportKeys.link(projectId), reportLink);
  return reportLink;
}

/** The link stops working for everyone who has it (they meet the not-found page). */
export async function revokeReportLink(projectId: string) {
  await api.call(reports.revokeReportLink, { params: { projectId } });
  await keepInCache(reportKeys.link(projectId), null);
}

/** The address to send: absolute, so it can be pasted anywhere. */
export const reportUrl = (token: string) => new URL(paths.publicReport(token), window.location.origin).href;

/** The public report, read afresh on every visit: it is all the client has to see the project. */
export function getPublicReport(token: string, period: SummaryPeriod) {
  return cached({
    queryKey: reportKeys.publicReport(token, period),
    queryFn: async () =>
      (await api.call(reports.showPublicReport, { params: { token }, query: { days: period } })).report,
    staleTime: 0,
  });
}
