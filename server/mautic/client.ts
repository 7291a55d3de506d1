import { z } from 'zod/mini';
import type { MauticConfig } from '../config';

/**
 * Mautic's OAuth2 token endpoint, as any client of it talks (RFC 6749 §4.1.3): the same code
 * for a real Mautic and for the local sandbox (server/mautic/sandbox.ts), which is the point of
 * the sandbox. Every way it can go wrong ends as a MauticError saying which, never a thrown
 * fetch error: the route turns each into its answer.
 */

/** Long enough for a slow Mautic, short enough that an admin is not left waiting on a dead one. */
export const MAUTIC_TIMEOUT_MS = 10_000;

export type MauticTokens = {
  accessToken: string;
  /** Mautic always gives one with the authorization-code grant; kept optional for others. */
  refreshToken: string | undefined;
  /** Seconds the access token lives from now (Mautic: an hour). */
  expiresIn: number;
};

/**
 * Why there is no token: Mautic refused the code (`code`), refused our client credentials
 * (`client`), answered what is not a token answer (`answer`, with its HTTP status), or did not
 * answer at all (`unreachable`: refused connection, DNS, timeout).
 */
export type MauticProblem = 'code' | 'client' | 'answer' | 'unreachable';

export class MauticError extends Error {
  constructor(
    readonly problem: MauticProblem,
    /** Mautic's HTTP status, when it answered. */
    readonly status?: number,
    /** Mautic's `error` code (`invalid_grant`…), when it gave one: safe to log, unlike its description. */
    readonly oauthError?: string,
  ) {
    super(
      `Mautic token exchange failed: ${problem}${status ? ` (HTTP ${status}${oauthError ? `, ${oauthError}` : ''})` : ''}`,
    );
    this.name = 'MauticError';
  }
}

const TokenAnswerSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.optional(z.nullable(z.string())),
  expires_in: z.coerce.number().check(z.int(), z.positive()),
});

const ErrorAnswerSchema = z.object({ error: z.string() });

/** The OAuth2 errors that say the code itself is no good (RFC 6749 §5.2). */
const CODE_ERRORS = new Set(['invalid_grant']);
/** …and those that say this installation's client is. */
const CLIENT_ERRORS = new Set(['invalid_client', 'unauthorized_client']);

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Exchanges an authorization code for Mautic's tokens. `redirectUri` must be the one the
 * authorize request named: Mautic checks they match.
 */
export async function exchangeAuthorizationCode(
  mautic: MauticConfig,
  { code, redirectUri }: { code: string; redirectUri: string },
  { fetch = globalThis.fetch, timeoutMs = MAUTIC_TIMEOUT_MS }: { fetch?: FetchLike; timeoutMs?: number } = {},
): Promise<MauticTokens> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${mautic.baseUrl}/oauth/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: mautic.clientId,
        client_secret: mautic.clientSecret,
        redirect_uri: redirectUri,
        code,
      }),
      // A redirect would resend the client secret somewhere we did not choose.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch {
    throw new MauticError('unreachable');
  }

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new MauticError('answer', response.status);
  }
  if (response.ok) {
    const tokens = z.safeParse(TokenAnswerSchema, json);
    if (!tokens.success) throw new MauticError('answer', response.status);
    return {
      accessToken: tokens.data.access_token,
      refreshToken: tokens.data.refresh_token ?? undefined,
      expiresIn: tokens.data.expires_in,
    };
  }
  const refusal = z.safeParse(ErrorAnswerSchema, json);
  // Only a plain code is kept: it goes into a log line.
  const oauthError = refusal.success && /^[\w.-]{1,64}$/.test(refusal.data.error) ? refusal.data.error : undefined;
  if (response.status >= 400 && response.status < 500 && oauthError !== undefined) {
    if (CODE_ERRORS.has(oauthError)) throw new MauticError('code', response.status, oauthError);
    if (CLIENT_ERRORS.has(oauthError)) throw new MauticError('client', response.status, oauthError);
  }
  throw new MauticError('answer', response.status, oauthError);
}
