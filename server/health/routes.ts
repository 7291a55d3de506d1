import { Hono } from 'hono';
import type { AppEnv } from '../http/context';

export function healthRoutes() {
  return new Hono<AppEnv>().get('/', (c) => c.json({ status: 'ok' }, 200));
}
