import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ROLES, type Role } from '../../contract/fields';
import type { Config } from '../config';

/** The JWT `typ` header of our access tokens (RFC 9068): no other JWT passes for one. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';

/** How far another instance's clock may be ahead: a token issued up to this far in the future is accepted. */
export const CLOCK_LEEWAY_SECONDS = 30;

export type AccessTokenOptions = { secret: Uint8Array; ttlSeconds: number; issuer: string; audience: string };

/**
 * `sessionId` is the refresh family the token was issued for (`sid`), `tokenVersion` the
 * user's `token_version` when it was issued (`ver`): the bearer check ends the token at once
 * when either is no longer current.
 */
export type AccessClaims = { userId: string; role: Role; sessionId: string; tokenVersion: number };

/**
 * The issuer is the deployment (APP_URL), the audience its API: a token of a staging deployment
 * that shares the secret by mistake, or any other JWT signed with it, is not one of ours.
 */
export function accessTokenOptions(config: Pick<Config, 'jwtSecret' | 'accessTokenTtlSeconds' | 'appUrl'>) {
  return {
    secret: config.jwtSecret,
    ttlSeconds: config.accessTokenTtlSeconds,
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
  return (
    new SignJWT({ role: claims.role, sid: claims.sessionId, ver: claims.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE })
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setSubject(claims.userId)
      // Two tokens issued in the same second must still differ: the app retries a request
      // after a refresh only when the token actually changed.
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + options.ttlSeconds)
      .sign(options.secret)
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * Undefined for anything but a well-formed, correctly signed, unexpired access token of this
 * deployment: HS256, `typ` at+jwt, our issuer and audience, `sub` and `sid` UUIDs, `ver` a
 * whole number, and `iat` neither in the future nor older than the TTL (each give or take
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
  if (typeof iat !== 'number' || iat > seconds + CLOCK_LEEWAY_SECONDS) return undefined;
  if (seconds - iat > options.ttlSeconds + CLOCK_LEEWAY_SECONDS) return undefined;
  if (!isUuid(sub) || !isUuid(sid) || !role) return undefined;
  if (typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) return undefined;
  return { userId: sub, role, sessionId: sid, tokenVersion: ver };
}
