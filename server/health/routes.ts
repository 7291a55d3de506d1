import { Hono } from 'hono';
import * as health from '../../contract/health';
import type { AppEnv, Services } from '../http/context';
import { reply, route } from '../http/operation';

export function healthRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  route(routes, s, health.health, (c) => reply(c, health.health, 200, { status: 'ok' }));
  return routes;
}
