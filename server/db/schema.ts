import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const LANGUAGES = ['en', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

// Every timestamp is `timestamptz` read as a JS Date, so both drivers agree on time zones.
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    // Kept as typed; uniqueness and look-ups go through lower(email).
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    plan: text('plan').notNull().default('free'),
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    check('users_role_check', sql`${table.role} in ('user', 'admin')`),
    check('users_language_check', sql`${table.language} in ('en', 'it')`),
  ],
);

/**
 * One row per refresh token ever issued. A family is every token that descends from one
 * sign-in; `usedAt` marks a token that was rotated, so presenting it again is reuse.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_token_hash_unique').on(table.tokenHash),
    index('refresh_tokens_family_id_idx').on(table.familyId),
    index('refresh_tokens_user_id_idx').on(table.userId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('password_reset_tokens_token_hash_unique').on(table.tokenHash),
    index('password_reset_tokens_user_id_idx').on(table.userId),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    // Stored lower-case; look-ups lower-case what the visitor typed.
    code: text('code').primaryKey(),
    discountPercent: integer('discount_percent').notNull(),
    durationMonths: integer('duration_months').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('coupons_code_lower_check', sql`${table.code} = lower(${table.code})`),
    check('coupons_discount_percent_check', sql`${table.discountPercent} between 1 and 100`),
    check('coupons_duration_months_check', sql`${table.durationMonths} > 0`),
  ],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // No cascade: a redemption is billing history, so a redeemed coupon is deactivated, not deleted.
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.couponCode] })],
);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('projects_owner_id_created_at_idx').on(table.ownerId, table.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
