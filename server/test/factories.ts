import { randomBytes } from 'node:crypto';
import type { Language, Role } from '../../contract/fields';
import type { PasswordHasher } from '../auth/passwords';
import type { Database } from '../db/client';
import { projects, type NewProjectRow, type ProjectRow, type UserRow } from '../db/schema';
import { insertUser } from '../users/queries';

export const DEFAULT_TEST_PASSWORD = 'Passw0rd!';

export type UserFields = {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  role?: Role;
  language?: Language;
  plan?: string;
  hasPaymentMethod?: boolean;
};

/**
 * Test data written straight to the database, each kind with working defaults and any field
 * overridable: `factories.user({ role: 'admin' })`, `factories.project(owner, { name })`. A new
 * kind (accounts, channels, comments) is one more method taking its owner and its fields.
 */
export function createFactories(db: Database, passwords: PasswordHasher) {
  let sequence = 0;
  /** Unique within a file; the random part keeps runs against one PostgreSQL apart too. */
  const unique = () => `${++sequence}-${randomBytes(3).toString('hex')}`;

  return {
    /** A user and the plain password they sign in with. */
    async user(fields: UserFields = {}): Promise<{ row: UserRow; password: string }> {
      const password = fields.password ?? DEFAULT_TEST_PASSWORD;
      const row = await insertUser(db, {
        email: fields.email ?? `user${unique()}@example.test`,
        passwordHash: await passwords.hash(password),
        firstName: fields.firstName ?? 'Test',
        lastName: fields.lastName ?? 'User',
        role: fields.role,
        language: fields.language,
        plan: fields.plan,
        hasPaymentMethod: fields.hasPaymentMethod,
      });
      if (!row) throw new Error(`factories.user: ${fields.email} is taken`);
      return { row, password };
    },

    async project(owner: { id: string }, fields: Partial<Omit<NewProjectRow, 'ownerId'>> = {}): Promise<ProjectRow> {
      const [row] = await db
        .insert(projects)
        .values({ name: `Project ${unique()}`, ...fields, ownerId: owner.id })
        .returning();
      return row;
    },
  };
}

export type Factories = ReturnType<typeof createFactories>;
