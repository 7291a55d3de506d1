import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ROLES, type Role } from '../../contract/fields';

export type AccessTokenOptions = { secret: Uint8Array; ttlSeconds: number };
export type AccessClaims = { userId: string; role: Role };

export async function issueAccessToken(
  claims: AccessClaims,
  options: AccessTokenOptions,
  now: number,
): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return (
    new SignJWT({ role: claims.role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      // Two tokens issued in the same second must still differ: the app retries a request
      // after a refresh only when the token actually changed.
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + options.ttlSeconds)
      .sign(options.secret)
  );
}

/** Undefined for anything but a well-formed, correctly signed, unexpired token. */
export async function verifyAccessToken(
  token: string,
  options: AccessTokenOptions,
  now: number,
): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, options.secret, {
      algorithms: ['HS256'],
      currentDate: new Date(now),
      requiredClaims: ['sub', 'exp'],
    });
    const role = ROLES.find((r) => r === payload.role);
    if (!payload.sub || !role) return undefined;
    return { userId: payload.sub, role };
  } catch {
    return undefined;
  }
}
