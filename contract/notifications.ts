import { z } from 'zod/mini';
import { distinctIds, id, timestamp } from './fields';
import { INBOX_PAGE_NAMES } from './inbox';
import { BODY_ERRORS, defineOperation, errors } from './operation';

/**
 * Alerts (docs/product.md#alerts): what the app tells a user as it happens. A negative comment on
 * a channel one of their projects follows, a spike of them in an hour, and a comment an inbox rule
 * with "Alert" matched are told at once in the app (the header's bell, live), and by mail at once,
 * in an hourly digest or never, as the user chose for all projects or for one; each event once,
 * whatever instance or retried job saw it.
 */
const tag = 'Notifications';

/** How many of the latest notifications the bell lists. */
export const NOTIFICATIONS_SHOWN = 20;

/**
 * What a notification tells: a negative comment (labelled, or probably so); a spike (at least
 * SPIKE_MINIMUM negative comments in the last hour on a project, and SPIKE_FACTOR times its hourly
 * average over the 7 days before); a comment an inbox rule with the "alert" action matched.
 */
export const NOTIFICATION_KINDS = ['negativeComment', 'spike', 'ruleMatched'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const SPIKE_MINIMUM = 5;
export const SPIKE_FACTOR = 3;

/**
 * Where an alert leads in the inbox: the comment it tells of alone, with the project's inbox a
 * click away (`commentId`, while the comment is still here); else the project's comments, for a
 * spike in the default order, "Negative first" (those labelled negative and those probably so,
 * each part newest first: a filter by sentiment would leave out the probable ones,
 * docs/decisions/109), newest first for a rule's.
 */
export function alertPathOf(kind: NotificationKind, projectId: string, commentId: string | null = null): string {
  const query = new URLSearchParams({ [INBOX_PAGE_NAMES.projectId]: projectId });
  if (commentId) query.set(INBOX_PAGE_NAMES.commentId, commentId);
  else if (kind === 'ruleMatched') query.set('orderBy', 'newest');
  return `/inbox?${query.toString()}`;
}

/** How alerts are mailed: at once, in an hourly digest, or never (the bell tells them all the same). */
export const ALERT_MAILS = ['now', 'hourly', 'never'] as const;
export type AlertMail = (typeof ALERT_MAILS)[number];

export const NotificationSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(NOTIFICATION_KINDS),
    project: z.object({ id: z.uuid(), name: z.string() }),
    /** The comment it is about, while it is still here (none for a spike). */
    commentId: z.nullable(z.uuid()),
    /** The comment's author and channel (empty for a spike). */
    authorName: z.string(),
    channelName: z.string(),
    /** The comment's first words, as they were when it arrived (empty for a spike). */
    excerpt: z.string(),
    /**
     * A negative comment that was the classifier's proposal, waiting for a person, when it
     * arrived ("Probably negative"), not a label, and that no reviewer has labelled NEGATIVE
     * since; false for the rest.
     */
    probable: z.boolean(),
    /** A complaint told once a reviewer labelled it negative, some time after it arrived. */
    reviewed: z.boolean(),
    /** A spike's negative comments in its hour. */
    negativeCount: z.nullable(z.number()),
    /** The rule that matched, for `ruleMatched`. */
    ruleName: z.nullable(z.string()),
    createdAt: timestamp(),
    readAt: z.nullable(timestamp()),
  })
  .register(z.globalRegistry, { id: 'Notification' });
export type Notification = z.infer<typeof NotificationSchema>;

export const listNotifications = defineOperation({
  method: 'GET',
  path: '/v1.0/notifications',
  summary: "The caller's latest notifications",
  description: `The latest ${NOTIFICATIONS_SHOWN}, newest first, and how many of all are unread.`,
  tag,
  access: 'user',
  responses: {
    200: {
      description: 'The notifications.',
      body: z.object({ data: z.array(NotificationSchema), unread: z.number() }),
    },
    ...errors(401),
  },
});

export const markNotificationsRead = defineOperation({
  method: 'POST',
  path: '/v1.0/notifications/read',
  summary: 'Mark notifications read',
  description: 'The ones named (`ids`), or every one when none is named. Another user’s are left alone.',
  tag,
  access: 'user',
  body: z.object({ ids: z.optional(z.array(id()).check(z.maxLength(100, 'max:100'))) }),
  responses: {
    200: { description: 'How many are unread now.', body: z.object({ unread: z.number() }) },
    ...errors(401, ...BODY_ERRORS),
  },
});

/** How one project's alerts are mailed: its own way, or null for the user's. */
export const ProjectAlertMailSchema = z.object({
  id: id(),
  mail: z.nullable(z.enum(ALERT_MAILS, { error: 'in' })),
});

export const AlertSettingsSchema = z
  .object({
    /** How alerts are mailed for every project that says nothing of its own. */
    mail: z.enum(ALERT_MAILS),
    /** The user's projects, oldest first, each with its own way or null. */
    projects: z.array(z.object({ id: z.uuid(), name: z.string(), mail: z.nullable(z.enum(ALERT_MAILS)) })),
  })
  .register(z.globalRegistry, { id: 'AlertSettings' });
export type AlertSettings = z.infer<typeof AlertSettingsSchema>;

export const getAlertSettings = defineOperation({
  method: 'GET',
  path: '/v1.0/alert-settings',
  summary: "How the caller's alerts are mailed",
  description:
    'For every project, and for each project that says otherwise. The bell tells every alert whatever they say.',
  tag,
  access: 'user',
  responses: {
    200: { description: 'The settings.', body: AlertSettingsSchema },
    ...errors(401),
  },
});

/** At most this many projects' settings in one change (more than any plan holds). */
export const MAX_ALERT_PROJECTS = 500;

/** The body of MAX_ALERT_PROJECTS projects' settings (about 35 KB) is over the API's usual 16 KiB. */
export const ALERT_SETTINGS_BODY_BYTES = 64 * 1024;

export const AlertSettingsBodySchema = z.object({
  mail: z.enum(ALERT_MAILS, { error: 'in' }),
  /** Projects not named keep their way; a project of someone else's is a 404. */
  projects: z.optional(
    z.array(ProjectAlertMailSchema).check(
      z.maxLength(MAX_ALERT_PROJECTS, `max:${MAX_ALERT_PROJECTS}`),
      // One project named twice would say two ways: refused, not the first taken silently.
      z.refine((projects) => distinctIds(projects.map((each) => each.id)), 'distinct'),
    ),
  ),
});
export type AlertSettingsBody = z.infer<typeof AlertSettingsBodySchema>;

export const updateAlertSettings = defineOperation({
  method: 'PUT',
  path: '/v1.0/alert-settings',
  summary: "Change how the caller's alerts are mailed",
  description:
    'The way for every project (`mail`) and, for the projects named, their own way (null: the one for every project). Alerts already stored keep the way they were stored with.',
  tag,
  access: 'user',
  bodyLimit: ALERT_SETTINGS_BODY_BYTES,
  body: AlertSettingsBodySchema,
  responses: {
    200: { description: 'The settings now.', body: AlertSettingsSchema },
    ...errors(401, 404, ...BODY_ERRORS),
  },
});
