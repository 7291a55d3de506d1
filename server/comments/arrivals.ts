import { eq } from 'drizzle-orm';
import { COMMENTS_ARRIVED, type CommentsArrivedEvent } from '../../contract/realtime';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { safeError, type Logger } from '../log';
import type { Publisher } from '../realtime/publisher';

/**
 * Tells every admin's open app that comments arrived by themselves (docs/decisions/044), on each
 * admin's own private channel: the sentiment review offers them. Admins are a few support staff,
 * so one event each; nothing is told when nothing arrived.
 */
export async function tellAdminsCommentsArrived(
  deps: { db: Database; log: Logger; publisher?: Publisher | undefined },
  arrived: CommentsArrivedEvent,
): Promise<void> {
  if (!deps.publisher || arrived.added === 0) return;
  try {
    const admins = await deps.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    for (const admin of admins) await deps.publisher.toUser(admin.id, COMMENTS_ARRIVED, arrived);
  } catch (error) {
    deps.log.warn({ event: COMMENTS_ARRIVED, err: safeError(error) }, 'real-time event not published');
  }
}
