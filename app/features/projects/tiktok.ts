import {
  authorizeTiktokUser,
  listProjectTiktokUsers,
  restartTiktokImport as restartOperation,
  storeTiktokUser as storeOperation,
} from '~contract/tiktok-users';
import type { TiktokUser } from '~contract/tiktok-users';
import { OAUTH_RETURN_PATHS } from '~contract/oauth';
import { api } from '~/lib/api';
import { describeApiError, showApiError } from '~/lib/api-errors';
import { HttpError } from '~/lib/http';
import { snackbar } from '~/lib/snackbar';
import { queryClient } from '~/lib/query-client';
import { projectKeys } from './api';

export type { TiktokUser };

/** Where TikTok sends the browser back: the address the round trip was registered with. */
const returnUri = () => `${window.location.origin}${OAUTH_RETURN_PATHS['tiktok-user']}`;

/** TikTok's consent page, to connect a TikTok user into `projectId` (a round trip back to /integrations). */
export async function tiktokAuthorizeUrl(projectId: string): Promise<string> {
  return (await api.call(authorizeTiktokUser, { params: { projectId } })).url;
}

/** Finishes the round trip: the user joins the project and its import starts (202). */
export async function storeTiktokUser(code: string, state: string): Promise<TiktokUser> {
  const answer = await api.call(storeOperation, { body: { code, state, redirect_uri: returnUri() } });
  // The project now shows its new user (importing).
  await queryClient.invalidateQueries({ queryKey: projectKeys.all });
  return answer.tiktokUser;
}

/** Starts a stopped or stalled import again, from the first page (202; 409 while one runs). */
export async function restartTiktokImport(projectId: string, tiktokUserId: string): Promise<TiktokUser> {
  const answer = await api.call(restartOperation, { params: { projectId, tiktokUserId } });
  await queryClient.invalidateQueries({ queryKey: projectKeys.tiktok(projectId) });
  return answer.tiktokUser;
}

/** A project's TikTok users (cached: the import's end invalidates it). */
export function getProjectTiktokUsers(projectId: string) {
  return queryClient.fetchQuery({
    queryKey: projectKeys.tiktokUsers(projectId),
    queryFn: async () => (await api.call(listProjectTiktokUsers, { params: { projectId } })).data,
  });
}

/**
 * TikTok's return (the same rules as the accounts' returns): a declined consent said, a code
 * stored once. Answers the project the user joined, when it did.
 */
export async function completeTiktokReturn(query: URLSearchParams): Promise<string | undefined> {
  const error = query.get('error');
  const code = query.get('code');
  const state = query.get('state');
  if (error !== null) {
    const declined = error === 'access_denied' || error === 'user_cancelled_authorize';
    snackbar.show(declined ? 'integrations.declined' : 'integrations.providerError', 'error', {
      values: { provider: 'TikTok' },
    });
    return;
  }
  if (!code || !state) {
    snackbar.show('integrations.returnIncomplete', 'error', { values: { provider: 'TikTok' } });
    return;
  }
  try {
    const tiktokUser = await storeTiktokUser(code, state);
    snackbar.show('tiktokImport.started', 'info', { values: { name: tiktokUser.name } });
    return tiktokUser.projectId;
  } catch (failure) {
    if (failure instanceof HttpError && (failure.sessionExpired || failure.status === 503)) throw failure;
    const said = describeApiError(failure);
    if (said) showApiError(said, 'warning');
    return undefined;
  }
}
