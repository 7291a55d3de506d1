import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { couponRedemptions, users, type Language, type Role, type UserRow } from '../db/schema';
import type { PasswordHasher } from '../auth/passwords';
import { ValidationError } from '../http/errors';

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export type NewUser = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role?: Role;
  language?: Language;
};

/** Throws the contract's 422 (`errors.email`) when the email is taken, whatever its case. */
export async function createUser(db: Database, passwords: PasswordHasher, input: NewUser): Promise<UserRow> {
  const passwordHash = await passwords.hash(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        passwordHash,
        role: input.role ?? 'user',
        language: input.language ?? 'en',
      })
      .returning();
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError([{ field: 'email', rule: 'taken' }]);
    throw error;
  }
}

const PLAN_LABELS: Record<string, string> = { free: 'Free' };

/** The contract's User object. */
export async function presentUser(db: Database, user: UserRow) {
  const redeemed = await db
    .select({ code: couponRedemptions.couponCode })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.userId, user.id))
    .orderBy(asc(couponRedemptions.redeemedAt), asc(couponRedemptions.couponCode));
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    plan: { id: user.plan, label: PLAN_LABELS[user.plan] ?? user.plan },
    language: user.language,
    redeemedCoupons: redeemed.map((r) => r.code),
    createdAt: user.createdAt.toISOString(),
  };
}

export type UserJson = Awaited<ReturnType<typeof presentUser>>;
