import { requireUser } from '~/features/auth/guards';
import { backToOwnAccount } from '~/features/impersonation/api';
import { actionsOnly, handleIntents } from '~/lib/intents';

/**
 * The impersonation banner's "Back to my account" (docs/product.md#login-as-user), from any page
 * an admin views as a user. No screen of its own: the app reloads at the Support page as the
 * admin left it; offline, the banner's button is free again to try once more.
 */
export async function clientAction({ request }: { request: Request }) {
  await requireUser(request);
  return handleIntents(request, { back: backToOwnAccount });
}

export const clientLoader = actionsOnly;
