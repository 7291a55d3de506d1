import { createPasswordHasher, type PasswordHasher } from '../auth/passwords';
import type { Database } from './client';
import { sql } from 'drizzle-orm';
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
  options: { demoAccounts: boolean; scaleUsers?: number } = { demoAccounts: true },
): Promise<void> {
  if (options.demoAccounts) {
    await Promise.all(SEED_USERS.map((user) => seedUser(db, passwords, user)));
    await seedDemoCustomers(db, passwords);
    if (options.scaleUsers) await seedScaleUsers(db, passwords, options.scaleUsers);
  }
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

const FIRST_NAMES = [
  'José',
  'Zoë',
  'Renée',
  'Łukasz',
  'Chloé',
  'Giulia',
  'Luca',
  'Søren',
  'Ana',
  'Matteo',
  'Inès',
  'Björn',
];
const LAST_NAMES = [
  'García',
  'Müller',
  'Lefèvre',
  'Nowak',
  'Rossi',
  'Bianchi',
  'Ferrari',
  'Dubois',
  'Ødegaard',
  'Núñez',
  'Conti',
  'Esposito',
];
const PLANS = ['free', 'starter', 'pro', 'business'];
const DEMO_CUSTOMER_COUNT = 36;
/** Every demo customer signs in with this, as the demo user does. */
export const DEMO_CUSTOMER_PASSWORD = 'Demo1234';

/** The n-th demo customer (0-based): names with accents, every plan, some with a card and projects. */
export function demoCustomer(n: number) {
  const firstName = FIRST_NAMES[n % FIRST_NAMES.length];
  const lastName = LAST_NAMES[(n * 5 + Math.floor(n / FIRST_NAMES.length)) % LAST_NAMES.length];
  const plain = (name: string) =>
    name
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[łø]/g, (c) => (c === 'ł' ? 'l' : 'o'));
  return {
    email: `${plain(firstName)}.${plain(lastName)}.${n + 1}@customers.example.com`.toLowerCase(),
    firstName,
    lastName,
    plan: PLANS[n % PLANS.length],
    hasPaymentMethod: n % PLANS.length !== 0 && n % 5 !== 0,
    projects: Array.from({ length: n % 4 }, (_, i) => `${lastName} ${['Caffè', 'Studio', 'Bottega'][i]}`),
  };
}

/**
 * A few dozen customers for the admin Support page (the demo accounts' neighbours): created when
 * missing, never changed, in one insert for the users and one for their projects. One password
 * hash serves them all.
 */
async function seedDemoCustomers(db: Database, passwords: PasswordHasher): Promise<void> {
  const customers = Array.from({ length: DEMO_CUSTOMER_COUNT }, (_, n) => demoCustomer(n));
  if (await findUserByEmail(db, customers[customers.length - 1].email)) return;
  const passwordHash = await passwords.hash(DEMO_CUSTOMER_PASSWORD);
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values(customers.map(({ projects: _projects, ...customer }) => ({ ...customer, passwordHash })))
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    const ids = new Map(created.map((row) => [row.email, row.id]));
    const rows = customers.flatMap((customer) => {
      const ownerId = ids.get(customer.email);
      return ownerId ? customer.projects.map((name) => ({ ownerId, name })) : [];
    });
    if (rows.length > 0) await tx.insert(projects).values(rows);
  });
}

/** The address of the n-th (1-based) scale user. */
export const scaleUserEmail = (n: number) => `user-${String(n).padStart(6, '0')}@scale.example.test`;

/**
 * `SEED_SCALE_USERS` (local mode): that many more users, for the users search's scale figure
 * (npm run bench). One statement made inside the database, so 100,000 take seconds; names cycle
 * through the accented lists above. Skipped when the last one exists already.
 */
async function seedScaleUsers(db: Database, passwords: PasswordHasher, count: number): Promise<void> {
  if (await findUserByEmail(db, scaleUserEmail(count))) return;
  const passwordHash = await passwords.hash(DEMO_CUSTOMER_PASSWORD);
  const list = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(', ')}]`);
  await db.execute(sql`
    insert into users (email, first_name, last_name, password_hash, plan, has_payment_method)
    select 'user-' || lpad(n::text, 6, '0') || '@scale.example.test',
           (${list(FIRST_NAMES)})[1 + n % ${FIRST_NAMES.length}],
           (${list(LAST_NAMES)})[1 + (n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
           ${passwordHash},
           (${list(PLANS)})[1 + n % ${PLANS.length}],
           n % 3 = 0
    from generate_series(1, ${count}) as n
    on conflict do nothing`);
}
