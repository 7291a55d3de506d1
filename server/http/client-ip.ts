import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The caller's address, the key rate limits count by. With TRUST_PROXY=1 it is the last
 * X-Forwarded-For entry: the one our (single) reverse proxy appended, which a client cannot
 * forge, unlike the entries before it.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  let remote: string | undefined;
  try {
    remote = getConnInfo(c).remote.address;
  } catch {
    // No socket behind the request (app.request() in tests): every caller shares one key.
  }
  return clientAddress(c.req.header('x-forwarded-for'), remote, trustProxy);
}

/** The same rule from the raw parts, for what never becomes a Hono request (a websocket upgrade). */
export function clientAddress(forwardedFor: string | undefined, remote: string | undefined, trustProxy: boolean) {
  if (trustProxy) {
    const forwarded = forwardedFor
      ?.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .at(-1);
    if (forwarded) return forwarded;
  }
  return remote ?? 'unknown';
}
