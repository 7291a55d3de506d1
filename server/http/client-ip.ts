import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The caller's address, the key rate limits count by. With TRUST_PROXY=1 it is the last
 * X-Forwarded-For entry: the one our (single) reverse proxy appended, which a client cannot
 * forge, unlike the entries before it.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .at(-1);
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket behind the request (app.request() in tests): every caller shares one key.
    return 'unknown';
  }
}
