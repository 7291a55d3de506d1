import { Hono } from 'hono';
import * as notificationsContract from '../../contract/notifications';
import { NOTIFIED } from '../../contract/realtime';
import { tellOtherTabs } from '../realtime/publisher';
import type { AppEnv, Services } from '../http/context';
import { reply, route } from '../http/operation';
import { notFound } from '../http/errors';
import { latestNotifications, markRead, unreadOf } from './notify';
import { alertSettingsOf, changeAlertSettings } from './settings';
import { workAlertDigests } from './digest';
import { workReviewedNegatives } from './reviewed';

/** The caller's notifications and how they are mailed (contract/notifications.ts): their own only. */
export function notificationRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  workAlertDigests(s.jobs, s);
  workReviewedNegatives(s.jobs, s);

  route(routes, s, notificationsContract.listNotifications, async (c) => {
    const userId = c.get('user').id;
    const [rows, unread] = await Promise.all([latestNotifications(s.db, userId), unreadOf(s.db, userId)]);
    const data = rows.map(({ notification, projectName, confirmed, commentHere }) => ({
      id: notification.id,
      kind: notification.kind,
      project: { id: notification.projectId, name: projectName },
      commentId: commentHere ? notification.commentId : null,
      authorName: notification.authorName,
      channelName: notification.channelName,
      excerpt: notification.excerpt,
      probable: notification.probable && !confirmed,
      reviewed: notification.reviewed,
      negativeCount: notification.negativeCount,
      ruleName: notification.ruleName,
      createdAt: notification.createdAt.toISOString(),
      readAt: notification.readAt?.toISOString() ?? null,
    }));
    return reply(c, notificationsContract.listNotifications, 200, { data, unread });
  });

  route(routes, s, notificationsContract.markNotificationsRead, async (c, { body }) => {
    const userId = c.get('user').id;
    await markRead(s.db, userId, body.ids, new Date(s.clock()));
    const unread = await unreadOf(s.db, userId);
    // The user's other tabs: their bells read the list again, and show them read.
    await tellOtherTabs(s.publisher, c, userId, NOTIFIED, { unread });
    return reply(c, notificationsContract.markNotificationsRead, 200, { unread });
  });

  route(routes, s, notificationsContract.getAlertSettings, async (c) => {
    return reply(c, notificationsContract.getAlertSettings, 200, await alertSettingsOf(s.db, c.get('user').id));
  });

  route(routes, s, notificationsContract.updateAlertSettings, async (c, { body }) => {
    const userId = c.get('user').id;
    if (!(await changeAlertSettings(s.db, userId, body))) throw notFound();
    return reply(c, notificationsContract.updateAlertSettings, 200, await alertSettingsOf(s.db, userId));
  });

  return routes;
}
