import { Hono } from 'hono';
import { listUsers, USERS_PAGE_SIZE } from '../../contract/users';
import type { AppEnv, Services } from '../http/context';
import { reply, route } from '../http/operation';
import { pageOffset, paged } from '../http/paging';
import { presentAdminUserList } from './presenters';
import { listUsersMatching } from './queries';

export function userRoutes(s: Services) {
  const routes = new Hono<AppEnv>();

  route(routes, s, listUsers, async (c, { query }) => {
    const pageRequest = { page: query.page, pageSize: USERS_PAGE_SIZE };
    const { rows, total } = await listUsersMatching(s.db, query.search, {
      limit: USERS_PAGE_SIZE,
      offset: pageOffset(pageRequest),
    });
    return reply(c, listUsers, 200, paged(await presentAdminUserList(s.db, rows), total, pageRequest));
  });

  return routes;
}
