import { createPasswordHasher, type PasswordHasher } from '../auth/passwords';
import type { Database } from './client';
import { coupons, projects, users } from './schema';
import { findUserByEmail } from '../users/queries';
import { PROMO_COUPON_CODE, type Role } from '../../contract/fields';

type SeedUser = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  projects: string[];
};

/** The accounts the README and the e2e tests sign in with. */
export const SEED_USERS: SeedUser[] = [
  {
    email: 'admin@example.com',
    password: 'Admin1234',
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'admin',
    projects: [],
  },
  {
    email: 'demo@example.com',
    password: 'Demo1234',
    firstName: 'Demo',
    lastName: 'User',
    role: 'user',
    projects: ['Espresso Bar Milano', 'Trattoria Roma'],
  },
];

export const PROMO_COUPON = { code: PROMO_COUPON_CODE, discountPercent: 15, durationMonths: 3, active: true };

/**
 * Runs at every start: creates what is missing and never overwrites, so a demo account whose
 * password or projects were changed keeps those changes across restarts. The promo coupon is
 * reference data the app offers by its code, made everywhere; the demo accounts (known
 * passwords, an admin among them) only in local mode: a deployment passes `demoAccounts: false`.
 */
export async function seed(
  db: Database,
  passwords: PasswordHasher = createPasswordHasher(),
  options: { demoAccounts: boolean } = { demoAccounts: true },
): Promise<void> {
  if (options.demoAccounts) await Promise.all(SEED_USERS.map((user) => seedUser(db, passwords, user)));
  await db.insert(coupons).values(PROMO_COUPON).onConflictDoNothing();
}

async function seedUser(db: Database, passwords: PasswordHasher, seedUser: SeedUser): Promise<void> {
  if (await findUserByEmail(db, seedUser.email)) return;
  const passwordHash = await passwords.hash(seedUser.password);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: seedUser.email,
        passwordHash,
        firstName: seedUser.firstName,
        lastName: seedUser.lastName,
        role: seedUser.role,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    // Another process may have seeded the same database a moment ago.
    if (!user || seedUser.projects.length === 0) return;
    await tx.insert(projects).values(seedUser.projects.map((name) => ({ ownerId: user.id, name })));
  });
}
