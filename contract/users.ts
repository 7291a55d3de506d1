import { z } from 'zod/mini';
import { pagedSchema } from './common';
import { page, ROLES, search } from './fields';
import { defineOperation, errors } from './operation';

const tag = 'Users';

/** The Support page's page size (docs/product.md#support). */
export const USERS_PAGE_SIZE = 15;

const count = () => z.number().check(z.int(), z.minimum(0));

/** One row of the admin users list (docs/product.md#support): its lists, counted. */
export const AdminUserListEntrySchema = z
  .object({
    _id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** An admin is never logged in as (the Support page says so on the row instead of offering it). */
    role: z.enum(ROLES),
    plan: z.object({ id: z.string(), label: z.string() }),
    hasPaymentMethod: z.boolean(),
    projectCount: count(),
    facebookPageCount: count(),
    instagramAccountCount: count(),
    facebookAdAccountCount: count(),
  })
  .register(z.globalRegistry, { id: 'AdminUserListEntry' });
export type AdminUserListEntry = z.infer<typeof AdminUserListEntrySchema>;

export const listUsers = defineOperation({
  method: 'GET',
  path: '/v1.0/users',
  summary: 'Every user, for support staff',
  description:
    `By email (case-insensitive), ${USERS_PAGE_SIZE} a page. \`search\` keeps the users whose email, ` +
    'first name or last name contains it, ignoring case and accents ("jose" finds "José").',
  tag,
  access: 'admin',
  query: z.object({ page: page(), search: search() }),
  responses: {
    200: { description: 'A page of users.', body: pagedSchema(AdminUserListEntrySchema) },
    ...errors(401, 403, 422),
  },
});
