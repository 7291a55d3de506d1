import type { z } from 'zod/mini';
import { PLAN_LABELS } from '../../contract/subscription';
import type { User } from '../../contract/auth';
import type { AdminUserListEntrySchema } from '../../contract/users';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';
import { countChannelsByOwner, countProjectsByOwner, findRedeemedCouponCodes } from './queries';

/** The plan and its name as billing shows it (PLAN_LABELS; a plan it does not know, by its id). */
export const presentPlan = (row: UserRow) => ({
  id: row.plan,
  label: (PLAN_LABELS as Record<string, string>)[row.plan] ?? row.plan,
});

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
    plan: presentPlan(row),
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

/** The admin users list's rows, with one query for all their project counts and one for their channels. */
export async function presentAdminUserList(
  db: Database,
  rows: UserRow[],
): Promise<Array<z.input<typeof AdminUserListEntrySchema>>> {
  const ids = rows.map((row) => row.id);
  const [projectCounts, channelCounts] = await Promise.all([
    countProjectsByOwner(db, ids),
    countChannelsByOwner(db, ids),
  ]);
  return rows.map((row) => ({
    _id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    plan: presentPlan(row),
    hasPaymentMethod: row.hasPaymentMethod,
    projectCount: projectCounts.get(row.id) ?? 0,
    facebookPageCount: channelCounts.get(row.id)?.['facebook-page'] ?? 0,
    instagramAccountCount: channelCounts.get(row.id)?.['instagram-account'] ?? 0,
    facebookAdAccountCount: channelCounts.get(row.id)?.['facebook-ad-account'] ?? 0,
  }));
}
