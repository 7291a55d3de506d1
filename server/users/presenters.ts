import type { User } from '../../contract/auth';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';
import { findRedeemedCouponCodes } from './queries';

const PLAN_LABELS: Record<string, string> = { free: 'Free' };

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
    plan: { id: row.plan, label: PLAN_LABELS[row.plan] ?? row.plan },
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
