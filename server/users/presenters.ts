import type { z } from 'zod/mini';
import type { User } from '../../contract/auth';
import type { AdminUserListEntrySchema } from '../../contract/users';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';
import { countProjectsByOwner, findRedeemedCouponCodes } from './queries';

/** The plans' names as billing shows them; the demo data uses all of them. */
export const PLAN_LABELS: Record<string, string> = {
  free: 'Free',
  starter: 'Starter',
  pro: 'Pro',
  business: 'Business',
};

const planOf = (row: UserRow) => ({ id: row.plan, label: PLAN_LABELS[row.plan] ?? row.plan });

/** The contract's User objects, with one query for all their redeemed coupons. */
export async function presentUsers(db: Database, rows: UserRow[]): Promise<User[]> {
  const redeemed = await findRedeemedCouponCodes(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    plan: planOf(row),
    language: row.language,
    theme: row.theme,
    redeemedCoupons: redeemed.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function presentUser(db: Database, row: UserRow): Promise<User> {
  const [user] = await presentUsers(db, [row]);
  return user;
}

/** The admin users list's rows, with one query for all their project counts. */
export async function presentAdminUserList(
  db: Database,
  rows: UserRow[],
): Promise<Array<z.input<typeof AdminUserListEntrySchema>>> {
  const projectCounts = await countProjectsByOwner(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    _id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    plan: planOf(row),
    hasPaymentMethod: row.hasPaymentMethod,
    projectCount: projectCounts.get(row.id) ?? 0,
    ...channelCounts(),
  }));
}

/**
 * The channel counts of a users list row. No channel is stored yet: the channel tables come with
 * issue 11, which replaces this with one grouped count per kind over the page's users (a fixed
 * number of queries, as the project count above).
 */
function channelCounts() {
  return { facebookPageCount: 0, instagramAccountCount: 0, facebookAdAccountCount: 0 };
}
