import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { isUuid } from '../db/errors';
import { users } from '../db/schema';
import type { AppEnv, Services } from '../http/context';
import { email, language, password, role, text } from '../http/fields';
import { validateBody } from '../http/validation';
import { MemoryMailer } from '../mail/mailer';
import { createUser, presentUser } from '../users/users';

const DEFAULT_PASSWORD = 'Passw0rd!';

const NewUserSchema = z.object({
  email: email().optional(),
  password: password().optional(),
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  role: role().optional(),
  language: language().optional(),
});

/**
 * Helpers for tests and local development (docs/api.md, "Development only"). Mounted only when
 * config.devEndpoints is on; they create accounts without checks and expose sent mail.
 */
export function devRoutes(s: Services) {
  const routes = new Hono<AppEnv>();

  if (s.mailer instanceof MemoryMailer) {
    const mailbox = s.mailer;
    routes.get('/mail', (c) => c.json({ data: mailbox.list(c.req.query('to')) }, 200));
    routes.delete('/mail', (c) => {
      mailbox.clear();
      return c.body(null, 204);
    });
  }

  routes.post('/users', async (c) => {
    const input = await validateBody(c, NewUserSchema);
    const plainPassword = input.password ?? DEFAULT_PASSWORD;
    const user = await createUser(s.db, s.passwords, {
      firstName: input.firstName ?? 'Test',
      lastName: input.lastName ?? 'User',
      email: input.email ?? `user-${randomBytes(6).toString('hex')}@example.test`,
      password: plainPassword,
      role: input.role,
      language: input.language,
    });
    return c.json({ user: await presentUser(s.db, user), password: plainPassword }, 201);
  });

  routes.delete('/users/:id', async (c) => {
    const id = c.req.param('id');
    if (isUuid(id)) await s.db.delete(users).where(eq(users.id, id));
    return c.body(null, 204);
  });

  routes.post('/rate-limits/reset', (c) => {
    s.rateLimiter.reset();
    return c.body(null, 204);
  });

  return routes;
}
