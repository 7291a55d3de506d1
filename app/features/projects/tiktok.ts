import * as tiktokUsers from '~contract/tiktok-users';
import type { TiktokUser } from '~contract/tiktok-users';
import { OAUTH_RETURN_PATHS } from '~contract/oauth';
import { api } from '~/lib/api';
import { cached, invalidate } from '~/lib/cache';
import { projectKeys } from './api';

export type { TiktokUser };

/** Where TikTok sends the browser back: the address the round trip was registered with. */
const returnUri = () => `${window.location.origin}${OAUTH_RETURN_PATHS['tiktok-user']}`;

/** TikTok's consent page, to connect a TikTok user into `projectId` (a round trip back to /integrations). */
export async function tiktokAuthorizeUrl(projectId: string): Promise<string> {
  return (await api.call(tiktokUsers.authorizeTiktokUser, { params: { projectId } })).url;
}

/**
 * Finishes the round trip (app/routes/integrations/callback.tsx): the user joins the project and
 * its import starts (202).
 */
export async function storeTiktokUser(code: string, state: string): Promise<TiktokUser> {
  const answer = await api.call(tiktokUsers.storeTiktokUser, { body: { code, state, redirect_uri: returnUri() } });
  // The project now shows its new user (importing).
  await invalidate(projectKeys.all);
  return answer.tiktokUser;
}

/** Starts a stopped or stalled import again, from the first page (202; 409 while one runs). */
export async function restartTiktokImport(projectId: string, tiktokUserId: string): Promise<TiktokUser> {
  const answer = await api.call(tiktokUsers.restartTiktokImport, { params: { projectId, tiktokUserId } });
  await invalidate(projectKeys.tiktok(projectId));
  return answer.tiktokUser;
}

/** A project's TikTok users (cached: the import's end invalidates it). */
export function getProjectTiktokUsers(projectId: string) {
  return cached({
    queryKey: projectKeys.tiktokUsers(projectId),
    queryFn: async () => (await api.call(tiktokUsers.listProjectTiktokUsers, { params: { projectId } })).data,
  });
}
