import PusherClient from 'pusher-js';

/**
 * pusher-js as the app uses it, against the embedded real-time server on 127.0.0.1:`port`, its
 * private channels signed by `/broadcasting/auth` with `token`.
 */
export function bearerPusherClient(key: string, port: number, token: string) {
  return new PusherClient(key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      endpoint: `http://127.0.0.1:${port}/broadcasting/auth`,
      transport: 'ajax',
      headers: { Authorization: `Bearer ${token}` },
    },
  });
}

/** Subscribes `client` to `channel`: whether the server signed it, or the status it refused with. */
export function subscribed(client: PusherClient, channel: string) {
  return new Promise<{ ok: true } | { ok: false; status: number }>((resolve) => {
    const subscription = client.subscribe(channel);
    subscription.bind('pusher:subscription_succeeded', () => resolve({ ok: true }));
    subscription.bind('pusher:subscription_error', (error: { status: number }) =>
      resolve({ ok: false, status: error.status }),
    );
  });
}
