import { requireUser } from '~/features/auth/guards';
import { markNotificationsRead } from '~/features/alerts/api';
import { actionsOnly, handleIntents } from '~/lib/intents';

/**
 * The notifications' changes (docs/product.md#alerts), from the header's bell on any page: marking
 * them read. No screen of its own; the bell follows the answer.
 */
export async function clientAction({ request }: { request: Request }) {
  await requireUser(request);
  return handleIntents(request, {
    read: async () => {
      await markNotificationsRead();
    },
  });
}

export const clientLoader = actionsOnly;
