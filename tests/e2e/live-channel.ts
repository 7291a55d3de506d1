import type { Page } from '@playwright/test';

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
