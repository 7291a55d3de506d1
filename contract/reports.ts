import { z } from 'zod/mini';
import { SentimentSummarySchema, SUMMARY_PERIODS } from './comments';
import { CHANNEL_KINDS, id, SENTIMENTS, timestamp } from './fields';
import { defineOperation, errors } from './operation';
import { planLimitResponse } from './subscription';

/**
 * Public reports (docs/product.md#public-report-links): the owner of a project makes a share link,
 * and anyone with it sees the project's channels and its comments by sentiment without an account,
 * as agencies send their clients. One link is active per project; a new one replaces it, and a
 * revoked or replaced link is not found.
 */
const tag = 'Reports';

/** What the link carries: 32 random bytes, base64url. */
export const REPORT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const ReportLinkSchema = z
  .object({
    /** The app builds the address from it: `/public/reports/{token}`. */
    token: z.string(),
    createdAt: timestamp(),
    /** When anyone last opened the report; null until then. */
    lastOpenedAt: z.nullable(timestamp()),
  })
  .register(z.globalRegistry, { id: 'ReportLink' });
export type ReportLink = z.infer<typeof ReportLinkSchema>;

const ReportLinkAnswerSchema = z.object({ reportLink: ReportLinkSchema });

export const showReportLink = defineOperation({
  method: 'GET',
  path: '/v1.0/projects/:projectId/report-link',
  summary: "The project's active share link",
  description: 'The link anyone can open the report with, or null when there is none.',
  tag,
  access: 'user',
  params: z.object({ projectId: id() }),
  responses: {
    200: { description: 'The active link, or null.', body: z.object({ reportLink: z.nullable(ReportLinkSchema) }) },
    ...errors(401, 404),
  },
});

export const createReportLink = defineOperation({
  method: 'POST',
  path: '/v1.0/projects/:projectId/report-link',
  summary: 'Make a new share link',
  description:
    'An active link stops working at once (it is revoked in the same transaction). Only on a plan that ' +
    'includes public reports (`publicReports`): otherwise a 403.',
  tag,
  access: 'user',
  params: z.object({ projectId: id() }),
  responses: {
    201: { description: 'The new link.', body: ReportLinkAnswerSchema },
    ...errors(401, 404),
    ...planLimitResponse,
  },
});

export const revokeReportLink = defineOperation({
  method: 'DELETE',
  path: '/v1.0/projects/:projectId/report-link',
  summary: 'Revoke the share link',
  description: 'Whoever has the link meets a 404 from then on. Nothing to revoke is no error.',
  tag,
  access: 'user',
  params: z.object({ projectId: id() }),
  responses: { 204: { description: 'Revoked (or there was none).' }, ...errors(401, 404) },
});

export const PublicReportSchema = z
  .object({
    projectName: z.string(),
    /** The channels the project follows, by kind then name. */
    channels: z.array(z.object({ kind: z.enum(CHANNEL_KINDS), name: z.string() })),
    /** Every comment on those channels by sentiment (the channel's own replies left out). */
    totals: z.record(z.enum(SENTIMENTS), z.number()),
    summary: SentimentSummarySchema,
    generatedAt: timestamp(),
  })
  .register(z.globalRegistry, { id: 'PublicReport' });
export type PublicReport = z.infer<typeof PublicReportSchema>;

export const showPublicReport = defineOperation({
  method: 'GET',
  path: '/v1.0/public/reports/:token',
  summary: "A project's report, for anyone with its link",
  description:
    'No account needed. The project’s name, the channels it follows and its comments by sentiment, over ' +
    'the last `days` days (7, 30 or 90; 30 when absent); nothing of its owner. An unknown, revoked, replaced ' +
    'or malformed token is 404 alike, and so is the link of an owner whose plan no longer includes public ' +
    'reports (it opens again if the plan does). Opens are rate-limited per address.',
  tag,
  access: 'public',
  // A token of any other shape is not found (params that do not parse are a 404, never a 422).
  params: z.object({ token: z.string().check(z.regex(REPORT_TOKEN_PATTERN)) }),
  query: z.object({ days: z.optional(z.enum(SUMMARY_PERIODS, { error: 'in' })) }),
  responses: {
    200: { description: 'The report.', body: z.object({ report: PublicReportSchema }) },
    ...errors(404, 422, 429),
  },
});
