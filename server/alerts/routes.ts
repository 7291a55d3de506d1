import { Hono } from 'hono';
import * as notificationsContract from '../../contract/notifications';
import type { AppEnv, Services } from '../http/context';
import { reply, route } from '../http/operation';
import { latestNotifications, markRead, unreadOf } from './notify';

/** The caller's notifications (contract/notifications.ts): their own only. */
export function notificationRoutes(s: Services) {
  const routes = new Hono<AppEnv>();

  route(routes, s, notificationsContract.listNotifications, async (c) => {
    const userId = c.get('user').id;
    const [rows, unread] = await Promise.all([latestNotifications(s.db, userId), unreadOf(s.db, userId)]);
    const data = rows.map(({ notification, projectName }) => ({
      id: notification.id,
      kind: notification.kind,
      project: { id: notification.projectId, name: projectName },
      commentId: notification.commentId,
      authorName: notification.authorName,
      channelName: notification.channelName,
      excerpt: notification.excerpt,
      createdAt: notification.createdAt.toISOString(),
      readAt: notification.readAt?.toISOString() ?? null,
    }));
    return reply(c, notificationsContract.listNotifications, 200, { data, unread });
  });

  route(routes, s, notificationsContract.markNotificationsRead, async (c, { body }) => {
    const userId = c.get('user').id;
    await markRead(s.db, userId, body.ids, new Date(s.clock()));
    return reply(c, notificationsContract.markNotificationsRead, 200, { unread: await unreadOf(s.db, userId) });
  });

  return routes;
}
