import type { ResponseInput } from '../../contract/operation';
import { MAUTIC_REDIRECT_PATH, type showMautic } from '../../contract/mautic';
import type { Config } from '../config';
import type { MauticTokenRow } from '../db/schema';

/** The redirect URI Mautic sends the browser back to, and the token exchange names again. */
export const mauticRedirectUri = (config: Config) => `${config.appUrl}${MAUTIC_REDIRECT_PATH}`;

/** The status the admin page shows: how to authorise, and whether a token is held (never the token). */
export function presentMauticStatus(
  config: Config,
  row: Pick<MauticTokenRow, 'obtainedAt' | 'expiresAt'> | undefined,
): ResponseInput<typeof showMautic, 200> {
  const mautic = config.mautic;
  return {
    configured: mautic !== undefined,
    clientId: mautic?.clientId ?? null,
    authorizeUrl: mautic ? `${mautic.baseUrl}/oauth/v2/authorize` : null,
    redirectUri: mauticRedirectUri(config),
    token: row ? { obtainedAt: row.obtainedAt.toISOString(), expiresAt: row.expiresAt.toISOString() } : null,
  };
}
