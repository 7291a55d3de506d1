import type { Page, WebSocketRoute } from '@playwright/test';

/**
 * Resolves once the service says the page's subscription to its user's channel succeeded (its
 * `pusher_internal:subscription_succeeded` frame): listening, not just signed by
 * `/broadcasting/auth`. Start it before the page loads; a page that never subscribes (a guest's)
 * leaves it waiting. Kept apart from the fixtures so the screenshot script can wait the same way.
 */
export function subscriptionSucceeded(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('pusher_internal:subscription_succeeded')) resolve();
      }),
    );
  });
}

/**
 * The page's socket, passed through to the service's, with a way to tell the page an event on its
 * own channel as the service would (a training's events come from a real training, which would
 * change the model every other test's comments are judged with). With `listenWhen`, the page
 * hears that its subscription succeeded only once that promise resolves, and until then no event
 * on its channel: as if the service had not subscribed it yet, so what is told meanwhile is lost.
 */
export async function passThroughSocket(page: Page, listenWhen: Promise<void> = Promise.resolve()) {
  let subscribed!: () => void;
  const ready = new Promise<void>((resolve) => (subscribed = resolve));
  let socket: WebSocketRoute | undefined;
  let channel = '';
  await page.routeWebSocket(/\/app\/orbita-key/, (route) => {
    const server = route.connectToServer();
    let listening = false;
    server.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { event: string; channel?: string };
      if (frame.event === 'pusher_internal:subscription_succeeded') {
        void listenWhen.then(() => {
          listening = true;
          route.send(message);
          socket = route;
          channel = frame.channel ?? '';
          subscribed();
        });
      } else if (!frame.channel || listening) route.send(message);
    });
  });
  return {
    /** Resolves once the page listens on its channel. */
    ready,
    tell: (event: string, data: unknown) =>
      socket!.send(JSON.stringify({ event, channel, data: JSON.stringify(data) })),
  };
}
