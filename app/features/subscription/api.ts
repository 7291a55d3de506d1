import * as subscription from '~contract/subscription';
import { api } from '~/lib/api';

export type { Subscription } from '~contract/subscription';

/** Fresh on each visit: a plan changed by support shows at once. */
export function getSubscription() {
  return api.call(subscription.showSubscription);
}
