import { randomBytes } from 'node:crypto';
import type { Language, Role } from '../../contract/fields';
import type { PasswordHasher } from '../auth/passwords';
import type { Database } from '../db/client';
import {
  channels,
  comments,
  projects,
  type ChannelRow,
  type CommentRow,
  type NewProjectRow,
  type ProjectRow,
  type UserRow,
} from '../db/schema';
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

    async channel(
      owner: { id: string },
      fields: Partial<Pick<ChannelRow, 'kind' | 'name' | 'externalId'>> = {},
    ): Promise<ChannelRow> {
      const [row] = await db
        .insert(channels)
        .values({
          kind: 'facebook-page',
          name: `Channel ${unique()}`,
          externalId: unique(),
          ...fields,
          ownerId: owner.id,
        })
        .returning();
      return row;
    },

    /**
     * Comments on `channel`, in the order given, newest first a minute apart from `start` unless
     * `publishedAt` says otherwise; in review with a proposal unless told.
     */
    async comments(
      channel: { id: string },
      list: Array<Partial<Omit<CommentRow, 'channelId' | 'messageSearch' | 'authorSearch'>>>,
      start = Date.now(),
    ): Promise<CommentRow[]> {
      if (list.length === 0) return [];
      const values = list.map((fields, n) => ({
        externalId: unique(),
        message: `Comment ${n + 1}`,
        authorName: 'Author',
        sentiment: 'NEUTRAL' as const,
        inReview: true,
        proposedSentiment: 'POSITIVE' as const,
        publishedAt: new Date(start - n * 60_000),
        ...fields,
        channelId: channel.id,
      }));
      const rows = await db.insert(comments).values(values).returning();
      // In the order given (`returning` promises none).
      const byExternalId = new Map(rows.map((row) => [row.externalId, row]));
      return values.map((value) => byExternalId.get(value.externalId)!);
    },
  };
}

export type Factories = ReturnType<typeof createFactories>;
