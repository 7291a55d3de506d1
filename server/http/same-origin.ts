import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Services } from './context';
import { HttpError } from './errors';

/**
 * Only the app's own pages may make a call the refresh cookie authenticates (a rotation, a
 * sign-out): such a call has no JSON body, so another page could send it as a plain form or text
 * POST, and SameSite=Strict alone lets through a page on another port of the same host (the same
 * site). The browser says where a call comes from: `Sec-Fetch-Site` must be `same-origin` where
 * it is sent; else `Origin`, where sent, must be the app's (APP_URL). A client that sends neither
 * is not a browser a page could make send it. Anything else is a 403 before the cookie is read.
 */
export function sameOriginOnly(s: Services): MiddlewareHandler<AppEnv> {
  const appOrigin = new URL(s.config.appUrl).origin;
  return async (c, next) => {
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const allowed = site !== undefined ? site === 'same-origin' : origin === undefined || origin === appOrigin;
    if (!allowed) throw new HttpError(403, 'crossOrigin');
    await next();
  };
}
