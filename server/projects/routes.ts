import { Hono } from 'hono';
import { createProject, listProjects, PROJECTS_PAGE_SIZE } from '../../contract/projects';
import type { AppEnv, Services } from '../http/context';
import { reply, route } from '../http/operation';
import { pageOffset, paged } from '../http/paging';
import { presentProject } from './presenters';
import { channelsOfProjects, countProjectsOf, insertProject, listProjectsOf } from './queries';

export function projectRoutes(s: Services) {
  const routes = new Hono<AppEnv>();

  route(routes, s, listProjects, async (c, { query }) => {
    const ownerId = c.get('user').id;
    const pageRequest = { page: query.page, pageSize: PROJECTS_PAGE_SIZE };
    const [total, rows] = await Promise.all([
      countProjectsOf(s.db, ownerId),
      listProjectsOf(s.db, ownerId, { limit: PROJECTS_PAGE_SIZE, offset: pageOffset(pageRequest) }),
    ]);
    const channels = await channelsOfProjects(
      s.db,
      rows.map((row) => row.id),
    );
    return reply(
      c,
      listProjects,
      200,
      paged(
        rows.map((row) => presentProject(row, channels.get(row.id))),
        total,
        pageRequest,
      ),
    );
  });

  route(routes, s, createProject, async (c, { body }) => {
    const row = await insertProject(s.db, c.get('user').id, body.name);
    return reply(c, createProject, 201, presentProject(row));
  });

  return routes;
}
