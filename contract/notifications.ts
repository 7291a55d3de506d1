import { z } from 'zod/mini';
import { id, timestamp } from './fields';
import { BODY_ERRORS, defineOperation, errors } from './operation';

/**
 * Alerts (docs/product.md#alerts): what the app tells a user as it happens. A negative comment on
 * a channel one of their projects follows is told at once, in the app (the header's bell, live)
 * and by mail; each event once, whatever instance or retried job saw it.
 */
const tag = 'Notifications';

/** How many of the latest notifications the bell lists. */
export const NOTIFICATIONS_SHOWN = 20;

export const NOTIFICATION_KINDS = ['negativeComment'] as const;

export const NotificationSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(NOTIFICATION_KINDS),
    project: z.object({ id: z.uuid(), name: z.string() }),
    /** The comment it is about, while it is still here. */
    commentId: z.nullable(z.uuid()),
    authorName: z.string(),
    channelName: z.string(),
    /** The comment's first words, as they were when it arrived. */
    excerpt: z.string(),
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
