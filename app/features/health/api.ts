import * as health from '~contract/health';
import { api } from '~/lib/api';

/**
 * Whether the API answers again (the maintenance page asks now and then). A background check:
 * the loading overlay does not wait for it, and `signal` drops it when the page is left.
 */
export function checkHealth(signal?: AbortSignal) {
  return api.call(health.health, {}, { countsForLoading: false, signal });
}
