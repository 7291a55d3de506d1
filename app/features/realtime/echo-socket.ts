import * as realtime from '~contract/realtime';
import { api } from '~/lib/api';
import { env } from '~/lib/env';
import type { LiveSocket, SocketState } from './live-connection';

/**
 * The real socket: laravel-echo over pusher-js (decision 026), with the settings the API
 * gives (GET /v1.0/realtime), so one build works with the embedded server and with Pusher,
 * Soketi or Reverb. Imported only by the signed-in pages' live updates, and both libraries load
 * here, on first use: never on the sign-in path (decision 021).
 *
 * Subscriptions are signed through the app's one HTTP client (`api`), not with a bearer token
 * fixed when the socket was made: every (re)subscription carries the token of the moment (after a
 * refresh, the new one; while an admin acts as a user, the user's), and a 401 refreshes it once as
 * any other call does.
 */
export async function openEchoSocket(): Promise<LiveSocket> {
  const [{ default: Echo }, { default: Pusher }, settings] = await Promise.all([
    import('laravel-echo'),
    import('pusher-js'),
    api.call(realtime.showRealtimeSettings, {}, { countsForLoading: false }),
  ]);
  // The embedded server is wherever the API is: this page's origin, or VITE_API_URL's.
  const apiOrigin = new URL(env.apiUrl || window.location.origin, window.location.href);
  const tls = settings.wsHost ? settings.forceTLS : apiOrigin.protocol === 'https:';
  const port = settings.wsPort ?? (settings.wsHost ? (tls ? 443 : 80) : Number(apiOrigin.port || (tls ? 443 : 80)));

  const echo = new Echo({
    broadcaster: 'pusher',
    Pusher,
    key: settings.key,
    // laravel-echo's pusher broadcaster wants a cluster even with a host of its own.
    cluster: settings.cluster,
    wsHost: settings.wsHost ?? apiOrigin.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    // The one the page can use: no wss attempt against a plain-http server, no ws from https.
    enabledTransports: [tls ? 'wss' : 'ws'],
    // When the browser goes offline pusher-js pings: no answer within this, the socket is lost
    // (and said so) rather than after its 30 s default.
    pongTimeout: 10_000,
    disableStats: true,
    // The app has no axios, jQuery or Turbo for Echo to add its socket id to.
    withoutInterceptors: true,
    channelAuthorization: {
      endpoint: realtime.authorizeBroadcasting.path,
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) => {
        api
          .request<{ auth: string }>(realtime.authorizeBroadcasting.method, realtime.authorizeBroadcasting.path, {
            body: { socket_id: socketId, channel_name: channelName },
            countsForLoading: false,
          })
          .then((answer) => callback(null, answer))
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null));
      },
    },
  });
  const connection = echo.connector.pusher.connection;

  return {
    listen(channel, events, { onSubscribed, onRefused }) {
      const subscription = echo.private(channel);
      for (const [event, handler] of Object.entries(events)) subscription.listen(event, handler);
      // pusher-js subscribes again after each reconnect, and says so each time.
      subscription.subscribed(onSubscribed);
      subscription.error((error: { status?: number } | undefined) => onRefused(error?.status ?? null));
    },
    onState(listener) {
      const handler = ({ current }: { current: SocketState }) => listener(current);
      connection.bind('state_change', handler);
      // It may have connected before anyone listened.
      listener(connection.state as SocketState);
      return () => connection.unbind('state_change', handler);
    },
    // pusher-js subscribes again on the new socket, as after any reconnect of its own.
    reconnect: () => {
      connection.disconnect();
      connection.connect();
    },
    disconnect: () => echo.disconnect(),
    socketId: () => echo.socketId() || undefined,
  };
}
