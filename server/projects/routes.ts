import { Hono } from 'hono';
import { asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { projects } from '../db/schema';
import type { AppEnv, Services } from '../http/context';
import { page } from '../http/fields';
import { requireUser } from '../http/require-user';
import { validate } from '../http/validation';

export const PROJECTS_PAGE_SIZE = 15;

const ListQuery = z.object({ page: page() });

export function projectRoutes(s: Services) {
  const routes = new Hono<AppEnv>();

  routes.get('/', requireUser(s), async (c) => {
    const query = validate(ListQuery, { page: c.req.query('page') });
    const owner = eq(projects.ownerId, c.get('user').id);
    const [{ total }] = await s.db.select({ total: count() }).from(projects).where(owner);
    const rows = await s.db
      .select()
      .from(projects)
      .where(owner)
      .orderBy(asc(projects.createdAt), asc(projects.name), asc(projects.id))
      .limit(PROJECTS_PAGE_SIZE)
      .offset((query.page - 1) * PROJECTS_PAGE_SIZE);
    return c.json(
      {
        data: rows.map((p) => ({ _id: p.id, name: p.name, createdAt: p.createdAt.toISOString() })),
        meta: {
          total,
          currentPage: query.page,
          lastPage: Math.max(1, Math.ceil(total / PROJECTS_PAGE_SIZE)),
        },
      },
      200,
    );
  });

  return routes;
}
