import Pusher from 'pusher';
import * as realtimeContract from '../../contract/realtime';
import type { Config } from '../config';

/**
 * Publishes events through the official `pusher` server SDK (decision 026): to the server embedded
 * in this API over its own HTTP events API, or to Pusher, Soketi or Reverb, by configuration. A
 * failure to publish is the caller's to log; an event is a convenience, never the only copy of
 * what happened (the app re-reads after a reconnect).
 */
export function createPublisher(config: Config) {
  const realtime = config.realtime;
  const pusher = new Pusher({
    appId: realtime.appId,
    key: realtime.key,
    secret: realtime.secret,
    ...(realtime.embedded
      ? { host: 'localhost', port: String(config.port), useTLS: false }
      : realtime.host
        ? { host: realtime.host, port: realtime.port ? String(realtime.port) : undefined, useTLS: realtime.useTLS }
        : { cluster: realtime.cluster, useTLS: true }),
    timeout: 5000,
  });
  return {
    /** Sends `event` with `payload` to `userId`'s private channel. */
    async toUser(userId: string, event: string, payload: unknown): Promise<void> {
      await pusher.trigger(realtimeContract.userChannel(userId), event, payload);
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
