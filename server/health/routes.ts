import { Hono } from 'hono';
import * as health from '../../contract/health';
import type { AppEnv, Services } from '../http/context';
import { reply, route } from '../http/operation';

export function healthRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  route(routes, s, health.health, (c) => {
    const parts = { ...s.startUp.parts };
    const status = Object.values(parts).every((part) => part === 'ready') ? 'ok' : 'starting';
    return reply(c, health.health, 200, { status, parts });
  });
  return routes;
}
