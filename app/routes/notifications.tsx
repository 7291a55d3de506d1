import { requireUser } from '~/features/auth/guards';
import { markNotificationsRead } from '~/features/alerts/api';
import { actionsOnly, handleIntents } from '~/lib/intents';

/**
 * The notifications' changes (docs/product.md#alerts), from the header's bell on any page: marking
 * one read (`id`, as it is opened) or every one. No screen of its own; the bell follows the answer.
 */
export async function clientAction({ request }: { request: Request }) {
  await requireUser(request);
  return handleIntents(request, {
    read: async (form) => {
      const id = form.get('id');
      await markNotificationsRead(typeof id === 'string' ? [id] : undefined);
    },
  });
}

export const clientLoader = actionsOnly;
