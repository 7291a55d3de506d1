import { snackbar } from './snackbar';

/**
 * What a provider's return carries (RFC 6749 §4.1.2): its code and state; or, when the consent was
 * declined, the provider failed or the return came back incomplete, `null`, with that said in the
 * snackbar. For every round trip that connects something (app/routes/integrations/callback.tsx);
 * the guest pages' Facebook sign-in words its failures its own way (app/features/auth/facebook.ts).
 */
export function readOAuthReturn(query: URLSearchParams, provider: string): { code: string; state: string } | null {
  const error = query.get('error');
  const code = query.get('code');
  const state = query.get('state');
  if (error !== null) {
    const declined = error === 'access_denied' || error === 'user_cancelled_authorize';
    snackbar.show(declined ? 'integrations.declined' : 'integrations.providerError', 'error', { values: { provider } });
    return null;
  }
  if (!code || !state) {
    snackbar.show('integrations.returnIncomplete', 'error', { values: { provider } });
    return null;
  }
  return { code, state };
}
