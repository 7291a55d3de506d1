import * as subscription from '../../contract/subscription';
import { PLAN_INCLUDES } from '../../contract/subscription';
import { Hono } from 'hono';
import * as users from '../../contract/users';
import { USERS_PAGE_SIZE } from '../../contract/users';
import type { AppEnv, Services } from '../http/context';
import { reply, route } from '../http/operation';
import { pageOffset, paged } from '../http/paging';
import { notFound } from '../http/errors';
import { presentAdminUserList, presentPlan } from './presenters';
import { findUserById, listUsersMatching } from './queries';
import { findRunningDiscounts } from '../coupons/queries';

export function userRoutes(s: Services) {
  const routes = new Hono<AppEnv>();

  route(routes, s, users.listUsers, async (c, { query }) => {
    const pageRequest = { page: query.page, pageSize: USERS_PAGE_SIZE };
    const { rows, total } = await listUsersMatching(s.db, query.search, {
      limit: USERS_PAGE_SIZE,
      offset: pageOffset(pageRequest),
    });
    return reply(c, users.listUsers, 200, paged(await presentAdminUserList(s.db, rows), total, pageRequest));
  });

  route(routes, s, subscription.showSubscription, async (c) => {
    const row = await findUserById(s.db, c.get('user').id);
    if (!row) throw notFound();
    return reply(c, subscription.showSubscription, 200, {
      plan: presentPlan(row),
      hasPaymentMethod: row.hasPaymentMethod,
      includes: PLAN_INCLUDES[subscription.planOf(row.plan)],
      discounts: (await findRunningDiscounts(s.db, row.id)).map((discount) => ({
        ...discount,
        redeemedAt: discount.redeemedAt.toISOString(),
        endsAt: discount.endsAt.toISOString(),
      })),
    });
  });

  return routes;
}
