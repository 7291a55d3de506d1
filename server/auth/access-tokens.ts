import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ROLES, type Role } from '../../contract/fields';
import type { Config } from '../config';

/** The JWT `typ` header of our access tokens (RFC 9068): no other JWT passes for one. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';

/** How far another instance's clock may be ahead: a token issued up to this far in the future is accepted. */
export const CLOCK_LEEWAY_SECONDS = 30;

/** `impersonationTtlSeconds`: the lifetime of an impersonation's token (one that carries `act`). */
export type AccessTokenOptions = {
  secret: Uint8Array;
  ttlSeconds: number;
  impersonationTtlSeconds: number;
  issuer: string;
  audience: string;
};

/**
 * `sessionId` is the refresh family the token was issued for (`sid`), `tokenVersion` the
 * user's `token_version` when it was issued (`ver`): the bearer check ends the token at once
 * when either is no longer current.
 *
 * An impersonation's token (an admin acting as the user, server/auth/impersonations.ts) also
 * names the admin, `actorId`, as RFC 8693's `act: { sub }`; its `sid` is then the
 * impersonation's id, not a refresh family, and it lives `impersonationTtlSeconds`.
 */
export type AccessClaims = { userId: string; role: Role; sessionId: string; tokenVersion: number; actorId?: string };

/**
 * The issuer is the deployment (APP_URL), the audience its API: a token of a staging deployment
 * that shares the secret by mistake, or any other JWT signed with it, is not one of ours.
 */
export function accessTokenOptions(
  config: Pick<Config, 'jwtSecret' | 'accessTokenTtlSeconds' | 'impersonationTtlSeconds' | 'appUrl'>,
) {
  return {
    secret: config.jwtSecret,
    ttlSeconds: config.accessTokenTtlSeconds,
    impersonationTtlSeconds: config.impersonationTtlSeconds,
    issuer: config.appUrl,
    audience: `${config.appUrl}/v1.0`,
  } satisfies AccessTokenOptions;
}

export async function issueAccessToken(
  claims: AccessClaims,
  options: AccessTokenOptions,
  now: number,
): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  const ttlSeconds = claims.actorId ? options.impersonationTtlSeconds : options.ttlSeconds;
  return (
    new SignJWT({
      role: claims.role,
      sid: claims.sessionId,
      ver: claims.tokenVersion,
      ...(claims.actorId ? { act: { sub: claims.actorId } } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE })
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setSubject(claims.userId)
      // Two tokens issued in the same second must still differ: the app retries a request
      // after a refresh only when the token actually changed.
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .sign(options.secret)
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * The admin an impersonation's token names: `act` absent is no one (undefined), `act: { sub }`
 * with a UUID is that admin, anything else (a malformed or nested `act`: an impersonation
 * never starts another) is refused (null).
 */
function actorOf(act: unknown): string | undefined | null {
  if (act === undefined) return undefined;
  if (typeof act !== 'object' || act === null || Array.isArray(act)) return null;
  const { sub, ...rest } = act as Record<string, unknown>;
  return isUuid(sub) && Object.keys(rest).length === 0 ? sub : null;
}

/**
 * Undefined for anything but a well-formed, correctly signed, unexpired access token of this
 * deployment: HS256, `typ` at+jwt, our issuer and audience, `sub` and `sid` UUIDs, `ver` a
 * whole number, `act` absent or `{ sub: <UUID> }`, and `iat` neither in the future nor older
 * than the TTL (the impersonation TTL for a token with `act`; each give or take
 * CLOCK_LEEWAY_SECONDS), whatever `exp` says.
 */
export async function verifyAccessToken(
  token: string,
  options: AccessTokenOptions,
  now: number,
): Promise<AccessClaims | undefined> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, options.secret, {
      algorithms: ['HS256'],
      typ: ACCESS_TOKEN_TYPE,
      issuer: options.issuer,
      audience: options.audience,
      currentDate: new Date(now),
      requiredClaims: ['sub', 'exp', 'iat', 'jti', 'sid', 'ver'],
    }));
  } catch {
    return undefined;
  }
  const seconds = Math.floor(now / 1000);
  const { sub, sid, ver, iat } = payload;
  const role = ROLES.find((r) => r === payload.role);
  const actorId = actorOf(payload.act);
  if (actorId === null) return undefined;
  const ttlSeconds = actorId ? options.impersonationTtlSeconds : options.ttlSeconds;
  if (typeof iat !== 'number' || iat > seconds + CLOCK_LEEWAY_SECONDS) return undefined;
  if (seconds - iat > ttlSeconds + CLOCK_LEEWAY_SECONDS) return undefined;
  if (!isUuid(sub) || !isUuid(sid) || !role) return undefined;
  if (typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) return undefined;
  return { userId: sub, role, sessionId: sid, tokenVersion: ver, ...(actorId ? { actorId } : {}) };
}
