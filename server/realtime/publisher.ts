import type { Context } from 'hono';
import type Pusher from 'pusher';
import * as realtimeContract from '../../contract/realtime';
import { liveSessionIdsOf } from '../auth/live-sessions';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Clock } from '../http/rate-limiter';
import { safeError, type Logger } from '../log';

/** A socket's id as Pusher (and Soketi, Reverb and the embedded server) name a connection. */
export const SOCKET_ID = /^\d{1,12}\.\d{1,12}$/;

/**
 * The socket of the tab that sent a request (`X-Socket-ID`, as Laravel Echo's "to others"), when
 * it names one: what that tab changed is told to the user's other tabs, not to it.
 */
export const requestSocketId = (header: string | undefined) =>
  header !== undefined && SOCKET_ID.test(header) ? header : undefined;

/**
 * Tells `userId`'s other tabs what the request `c` changed: each of their live sessions' sockets
 * but the one the request names (`requestSocketId`), which shows the change from its answer. Not
 * published is logged, never the request's failure: the other tabs read again on their next
 * showing or reconnect.
 */
export async function tellOtherTabs(
  publisher: Publisher | undefined,
  /** Any route's context (signed in or not): its `X-Socket-ID` and its log. */
  c: Context,
  userId: string,
  event: string,
  payload: unknown,
): Promise<void> {
  if (!publisher) return;
  try {
    await publisher.toUser(userId, event, payload, { exceptSocketId: requestSocketId(c.req.header('x-socket-id')) });
  } catch (error) {
    const log: Logger = c.get('log');
    log.warn({ event, err: safeError(error) }, 'real-time event not published');
  }
}

/** How many channels one trigger may name, at Pusher (and Soketi, Reverb and the embedded server). */
const CHANNELS_PER_TRIGGER = 100;

/**
 * Publishes events through the official `pusher` server SDK (decision 026): to the server embedded
 * in this API over its own HTTP events API, or to Pusher, Soketi or Reverb, by configuration. A
 * failure to publish is the caller's to log; an event is a convenience, never the only copy of
 * what happened (the app re-reads after a reconnect).
 *
 * A user's events go to the private channel of each of their live sessions, looked up as the
 * event is sent (`db` and `clock`: the sessions' own), never to a channel of the user alone: a
 * session that ended (signed out, its password or address changed, expired, an impersonation
 * over) hears nothing more, whichever service carries the sockets and whichever instance
 * publishes (docs/decisions/056-live-updates-end-with-the-session.md).
 */
export function createPublisher(config: Config, sessions: { db: Database; clock: Clock }) {
  const realtime = config.realtime;
  // Loaded at the first event, not at start: the SDK and its HTTP client are a twentieth of a
  // second of the start's work, before the first answer, for nothing it needs (docs/decisions/076).
  let pusher: Promise<Pusher> | undefined;
  const client = () =>
    (pusher ??= import('pusher').then(
      ({ default: PusherSdk }) =>
        new PusherSdk({
          appId: realtime.appId,
          key: realtime.key,
          secret: realtime.secret,
          ...(realtime.embedded
            ? { host: 'localhost', port: String(config.port), useTLS: false }
            : realtime.host
              ? {
                  host: realtime.host,
                  port: realtime.port ? String(realtime.port) : undefined,
                  useTLS: realtime.useTLS,
                }
              : { cluster: realtime.cluster, useTLS: true }),
          timeout: 5000,
        }),
    ));
  return {
    /**
     * Sends `event` with `payload` to the private channel of each of `userId`'s live sessions; not
     * to the socket `exceptSocketId` (the tab that made the change: `requestSocketId`).
     */
    async toUser(
      userId: string,
      event: string,
      payload: unknown,
      { exceptSocketId }: { exceptSocketId?: string | undefined } = {},
    ): Promise<void> {
      const channels = (await liveSessionIdsOf(sessions.db, userId, sessions.clock())).map((sessionId) =>
        realtimeContract.userChannel(userId, sessionId),
      );
      if (channels.length === 0) return;
      const sdk = await client();
      for (let start = 0; start < channels.length; start += CHANNELS_PER_TRIGGER) {
        await sdk.trigger(
          channels.slice(start, start + CHANNELS_PER_TRIGGER),
          event,
          payload,
          exceptSocketId ? { socket_id: exceptSocketId } : undefined,
        );
      }
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
