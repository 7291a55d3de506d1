import { PLAN_INCLUDES, planOf, showSubscription } from '../../contract/subscription';
import { Hono } from 'hono';
import { listUsers, USERS_PAGE_SIZE } from '../../contract/users';
import type { AppEnv, Services } from '../http/context';
import { reply, route } from '../http/operation';
import { pageOffset, paged } from '../http/paging';
import { notFound } from '../http/errors';
import { presentAdminUserList, presentPlan } from './presenters';
import { findUserById, listUsersMatching } from './queries';

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

  route(routes, s, showSubscription, async (c) => {
    const row = await findUserById(s.db, c.get('user').id);
    if (!row) throw notFound();
    return reply(c, showSubscription, 200, {
      plan: presentPlan(row),
      hasPaymentMethod: row.hasPaymentMethod,
      includes: PLAN_INCLUDES[planOf(row.plan)],
    });
  });

  return routes;
}
