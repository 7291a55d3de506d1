import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  ACCOUNT_STATUSES,
  CHANNEL_KINDS,
  JOB_FAILURE_REASONS,
  LANGUAGES,
  PROVIDERS,
  REVIEW_REASONS,
  ROLES,
  SENTIMENTS,
  THEMES,
  TRAINING_DECISIONS,
} from '../../contract/fields';
import { ALERT_MAILS, NOTIFICATION_KINDS } from '../../contract/notifications';
import { SESSION_END_REASONS } from '../../contract/auth';

// The lists live in the contract, so the API's validation, the app's forms and these check
// constraints cannot disagree.
export type { Language, Role, Theme } from '../../contract/fields';

/** The primary key every table but the join tables has. */
const id = () => uuid('id').primaryKey().defaultRandom();

/** A column pointing at the user who owns the row; deleting the user deletes the row. */
const userReference = (name: string) =>
  uuid(name)
    .notNull()
    .references((): AnyPgColumn => users.id, { onDelete: 'cascade' });

// Every timestamp is `timestamptz` read as a JS Date, so both drivers agree on time zones.
const at = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => at('created_at').notNull().defaultNow();
/** Bytes as PostgreSQL keeps them (a model file). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const timestamps = () => ({ createdAt: createdAt(), updatedAt: at('updated_at').notNull().defaultNow() });

/** `column in ('a', 'b')` from a list of plain words (the lists above: no quoting needed). */
const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    // Kept as typed; uniqueness and look-ups go through lower(email).
    email: text('email').notNull(),
    // Null for a user who signed up with Facebook and never set one (a reset sets it).
    passwordHash: text('password_hash'),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    plan: text('plan').notNull().default('free'),
    // Whether billing holds a card for the user (the admin users list shows it).
    hasPaymentMethod: boolean('has_payment_method').notNull().default(false),
    // Each null until the user picks one: the app keeps what this browser shows until then.
    language: text('language', { enum: LANGUAGES }),
    theme: text('theme', { enum: THEMES }),
    // How alerts are mailed (contract/notifications.ts): at once, in an hourly digest, or never.
    alertMail: text('alert_mail', { enum: ALERT_MAILS }).notNull().default('now'),
    // Carried in every access token (`ver`); bumping it ends them all at once (password reset).
    tokenVersion: integer('token_version').notNull().default(0),
    // What the admin users search looks in: email, first and last name, lower-case and without
    // accents ("José" → "jose"). `search_fold` is migration 0004's SQL function (unaccent is not
    // immutable, so neither an index nor a generated column can call it directly). Kept by the
    // database, so no write path can forget it; stored, so a search re-checking thousands of
    // matches compares text instead of unaccenting each row again (5× faster on 100,000 users).
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`search_fold("email" || ' ' || "first_name" || ' ' || "last_name")`),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    // The admin users search (server/users/queries.ts): a substring of email, first and last
    // name, ignoring case and accents, through trigrams over `search_text`.
    index('users_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    check('users_role_check', oneOf(table.role, ROLES)),
    check('users_language_check', oneOf(table.language, LANGUAGES)),
    check('users_theme_check', oneOf(table.theme, THEMES)),
    check('users_alert_mail_check', oneOf(table.alertMail, ALERT_MAILS)),
  ],
);

/**
 * One row per refresh token ever issued. A family (a session) is every token that descends
 * from one sign-in; `usedAt` marks a token that was rotated, so presenting it again is reuse.
 * A token expires after the idle timeout, and never later than its family's absolute end
 * (`familyExpiresAt`, copied from token to token).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    familyId: uuid('family_id').notNull(),
    userId: userReference('user_id'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    familyExpiresAt: at('family_expires_at').notNull(),
    usedAt: at('used_at'),
    revokedAt: at('revoked_at'),
    // Why it was revoked (contract/auth.ts SESSION_END_REASONS), for a refused refresh to say.
    revokedWhy: text('revoked_why', { enum: SESSION_END_REASONS }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_token_hash_unique').on(table.tokenHash),
    index('refresh_tokens_family_id_idx').on(table.familyId),
    index('refresh_tokens_user_id_idx').on(table.userId),
    // Each family's current token only (one a session, however often it was refreshed): a user's
    // live sessions, which the real-time publisher looks up for every event (server/auth/live-sessions.ts).
    index('refresh_tokens_live_user_id_idx')
      .on(table.userId)
      .where(sql`${table.usedAt} is null and ${table.revokedAt} is null`),
    check('refresh_tokens_revoked_why_check', oneOf(table.revokedWhy, SESSION_END_REASONS)),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: userReference('user_id'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('password_reset_tokens_token_hash_unique').on(table.tokenHash),
    index('password_reset_tokens_user_id_idx').on(table.userId),
  ],
);

/**
 * A change of address waiting for its confirmation (server/auth/email-change.ts): at most one
 * per user (a newer request replaces it), the link's token stored hashed. Confirming deletes
 * the row, so the link works once; past `expiresAt` it is ignored.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: id(),
    userId: userReference('user_id'),
    // As typed; the unique index on users decides, at confirmation, whether it is still free.
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('email_changes_user_id_unique').on(table.userId),
    uniqueIndex('email_changes_token_hash_unique').on(table.tokenHash),
  ],
);

/**
 * Rate-limit counters (server/http/rate-limiter.ts), shared by every API instance on the
 * database. `key` names what is counted (scope, kind and a hash of the account or address);
 * `blockedUntil` is when the next attempt may go through; the row is forgotten at `expiresAt`.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    blockedUntil: at('blocked_until'),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('rate_limits_expires_at_idx').on(table.expiresAt)],
);

export const coupons = pgTable(
  'coupons',
  {
    // Stored lower-case; look-ups lower-case what the visitor typed.
    code: text('code').primaryKey(),
    discountPercent: integer('discount_percent').notNull(),
    durationMonths: integer('duration_months').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
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
    userId: userReference('user_id'),
    // No cascade: a redemption is billing history, so a redeemed coupon is deactivated, not deleted.
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    redeemedAt: at('redeemed_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.couponCode] })],
);

export const projects = pgTable(
  'projects',
  {
    id: id(),
    ownerId: userReference('owner_id'),
    name: text('name').notNull(),
    // The project's own way of mailing its alerts; null: the owner's (`users.alert_mail`).
    alertMail: text('alert_mail', { enum: ALERT_MAILS }),
    createdAt: createdAt(),
  },
  (table) => [
    index('projects_owner_id_created_at_idx').on(table.ownerId, table.createdAt),
    check('projects_alert_mail_check', oneOf(table.alertMail, ALERT_MAILS)),
  ],
);

/**
 * A user's saved reply (docs/product.md#saved-replies): a title to find it by, unique per user
 * whatever the letter case, and the words, which may name contract/saved-replies.ts's variables.
 */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: id(),
    ownerId: userReference('owner_id'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('saved_replies_owner_title_unique').on(table.ownerId, sql`lower(${table.title})`)],
);
export type SavedReplyRow = typeof savedReplies.$inferSelect;

/**
 * A project's inbox rule (docs/product.md#inbox-rules): what a new comment on its channels must
 * hold (any of `words`, the sentiment, the network: each given one), and what is then done.
 */
export const inboxRules = pgTable(
  'inbox_rules',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    words: text('words')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sentiment: text('sentiment', { enum: SENTIMENTS }),
    network: text('network'),
    actions: text('actions').array().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('inbox_rules_project_idx').on(table.projectId, table.createdAt)],
);
export type InboxRuleRow = typeof inboxRules.$inferSelect;

/**
 * What a user is told in the app (docs/product.md#alerts): a negative comment on a project's
 * channel, as it arrives. `dedupe_key` is unique: an event is told once, whichever instance or
 * retried job saw it, and only the one that stored it mails it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: userReference('user_id'),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    commentId: uuid('comment_id'),
    // What it says, as it was when it happened: who, where, and the words' first few lines.
    authorName: text('author_name').notNull(),
    channelName: text('channel_name').notNull(),
    excerpt: text('excerpt').notNull(),
    // A negative comment that was only the classifier's proposal when it arrived, waiting for a
    // person ("Probably negative", docs/decisions/109), not a label.
    probable: boolean('probable').notNull().default(false),
    // A complaint told once a reviewer labelled it NEGATIVE, some time after it arrived
    // (docs/decisions/110), not as it arrived.
    reviewed: boolean('reviewed').notNull().default(false),
    // A spike's count of negative comments in its hour; a rule's name for what a rule told.
    negativeCount: integer('negative_count'),
    ruleName: text('rule_name'),
    dedupeKey: text('dedupe_key').notNull(),
    // How it is mailed, as the settings said when it was stored, and when it was (or null).
    mail: text('mail', { enum: ALERT_MAILS }).notNull().default('now'),
    mailedAt: at('mailed_at'),
    createdAt: createdAt(),
    readAt: at('read_at'),
  },
  (table) => [
    uniqueIndex('notifications_dedupe_key_unique').on(table.dedupeKey),
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
    // The hourly digest's rows still to mail: few, whatever the table holds.
    index('notifications_digest_idx')
      .on(table.createdAt)
      .where(sql`${table.mail} = 'hourly' and ${table.mailedAt} is null`),
    check('notifications_kind_check', oneOf(table.kind, NOTIFICATION_KINDS)),
    check('notifications_mail_check', oneOf(table.mail, ALERT_MAILS)),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** Where a Facebook data-deletion request stands (docs/product.md#facebook-data-deletion). */
export const FACEBOOK_DELETION_STATUSES = ['in_progress', 'deleted'] as const;

/**
 * One row per data-deletion request Meta sent us for a Facebook user (the callback in
 * server/facebook-deletion/routes.ts). `id` is the status id in the link Meta shows the person:
 * random and unguessable (192 bits, base64url), so the link is the only way to its status. The
 * Facebook user id is Meta's app-scoped id, not one of our users.
 */
export const facebookDeletionRequests = pgTable(
  'facebook_deletion_requests',
  {
    id: text('id').primaryKey(),
    facebookUserId: text('facebook_user_id').notNull(),
    // What Meta shows the person beside the link, to quote to us.
    confirmationCode: text('confirmation_code').notNull(),
    status: text('status', { enum: FACEBOOK_DELETION_STATUSES }).notNull().default('in_progress'),
    requestedAt: at('requested_at').notNull().defaultNow(),
    completedAt: at('completed_at'),
  },
  (table) => [
    uniqueIndex('facebook_deletion_requests_confirmation_code_unique').on(table.confirmationCode),
    index('facebook_deletion_requests_facebook_user_id_idx').on(table.facebookUserId),
    check('facebook_deletion_requests_status_check', oneOf(table.status, FACEBOOK_DELETION_STATUSES)),
    // Deleted exactly when it has a completion time.
    check(
      'facebook_deletion_requests_completed_check',
      sql`(${table.status} = 'deleted') = (${table.completedAt} is not null)`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type CouponRow = typeof coupons.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type NewProjectRow = typeof projects.$inferInsert;
export type FacebookDeletionRequestRow = typeof facebookDeletionRequests.$inferSelect;

/**
 * The Mautic authorisation of this installation (docs/product.md#mautic): one row at most,
 * replaced by each new authorisation. Both tokens are kept encrypted (server/security/
 * encryption.ts, TOKEN_ENCRYPTION_KEY): a copy of the database alone does not open Mautic.
 * `obtainedBy` is the admin who authorised it, kept as null when that account goes.
 */
export const mauticTokens = pgTable(
  'mautic_tokens',
  {
    // Always true: the primary key and the check together allow one row.
    id: boolean('id').primaryKey().default(true),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    expiresAt: at('expires_at').notNull(),
    obtainedBy: uuid('obtained_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    obtainedAt: at('obtained_at').notNull(),
    ...timestamps(),
  },
  (table) => [check('mautic_tokens_one_row_check', sql`${table.id}`)],
);

export type MauticTokenRow = typeof mauticTokens.$inferSelect;

/** How an impersonation ended: 'Back to my account', a sign-out, or its time ran out. */
export const IMPERSONATION_ENDINGS = ['ended', 'signed_out', 'expired'] as const;
export type ImpersonationEnding = (typeof IMPERSONATION_ENDINGS)[number];

/**
 * Who acted as whom, and when (server/auth/impersonations.ts): one row per "login as user".
 * The impersonation's token names this row (`sid`), so ending the row ends the token at once.
 * `adminSessionId` is the admin's own session (refresh family) it was started from: it ends
 * with it. One that ran out is closed as 'expired' at its `expiresAt` when its admin starts the
 * next; until then it reads as open, but its token stopped at `expiresAt` all the same.
 */
export const impersonations = pgTable(
  'impersonations',
  {
    id: id(),
    adminId: userReference('admin_id'),
    userId: userReference('user_id'),
    adminSessionId: uuid('admin_session_id').notNull(),
    startedAt: at('started_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    endedAt: at('ended_at'),
    endedHow: text('ended_how', { enum: IMPERSONATION_ENDINGS }),
  },
  (table) => [
    index('impersonations_admin_id_started_at_idx').on(table.adminId, table.startedAt),
    index('impersonations_user_id_started_at_idx').on(table.userId, table.startedAt),
    check('impersonations_ended_how_check', oneOf(table.endedHow, IMPERSONATION_ENDINGS)),
    // Ended exactly when it says how.
    check('impersonations_ended_check', sql`(${table.endedAt} is null) = (${table.endedHow} is null)`),
    check('impersonations_not_self_check', sql`${table.adminId} <> ${table.userId}`),
  ],
);

export type ImpersonationRow = typeof impersonations.$inferSelect;

/**
 * A channel a user brought in (docs/product.md#channels): a Facebook page, an Instagram account, a
 * Facebook ad account, a LinkedIn organization or a TikTok user, by the provider's id. It names
 * the connected account it came with (decision 025); the comments hang off it.
 */
export const channels = pgTable(
  'channels',
  {
    id: id(),
    ownerId: userReference('owner_id'),
    kind: text('kind', { enum: CHANNEL_KINDS }).notNull(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    // The connected account that brought it; deleting the account removes its channels.
    accountId: uuid('account_id').references((): AnyPgColumn => connectedAccounts.id, { onDelete: 'cascade' }),
    // A TikTok user's import: how far it is while it runs (0 to 99), null otherwise;
    // when the last one ended.
    importProgress: integer('import_progress'),
    importedAt: at('imported_at'),
    // The import under way, a page a job: its id (a job of another is stale), the cursor of its
    // next page, the videos seen so far and when it last moved (a stall shows past that).
    importRun: uuid('import_run'),
    importCursor: bigint('import_cursor', { mode: 'number' }),
    importSeen: integer('import_seen').notNull().default(0),
    importMovedAt: at('import_moved_at'),
    // Why the last import stopped short, and when; null once one runs or ends well.
    importFailure: text('import_failure', { enum: JOB_FAILURE_REASONS }),
    importFailedAt: at('import_failed_at'),
    // When the scheduled sync last read its comments (docs/decisions/044): the next asks for
    // those since a little before.
    commentsSyncedAt: at('comments_synced_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('channels_owner_kind_external_unique').on(table.ownerId, table.kind, table.externalId),
    // Who follows a provider's page or account: every webhook event looks its channels up by these.
    index('channels_kind_external_idx').on(table.kind, table.externalId),
    index('channels_account_id_idx').on(table.accountId),
    check('channels_kind_check', oneOf(table.kind, CHANNEL_KINDS)),
    check(
      'channels_import_progress_check',
      sql`${table.importProgress} is null or ${table.importProgress} between 0 and 99`,
    ),
    check('channels_import_failure_check', oneOf(table.importFailure, JOB_FAILURE_REASONS)),
  ],
);

/**
 * Which channels a project follows (docs/product.md#channels). A
 * channel belongs to its owner and may serve several of their projects; deleting either side
 * removes the link. A TikTok user is connected straight into a project; the
 * others are attached from the project's channels page.
 */
export const projectChannels = pgTable(
  'project_channels',
  {
    projectId: uuid('project_id')
      .notNull()
      .references((): AnyPgColumn => projects.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references((): AnyPgColumn => channels.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.channelId] }),
    index('project_channels_channel_id_idx').on(table.channelId),
  ],
);

/**
 * A project's public report link (docs/product.md#public-report-links; decision 027):
 * `/public/reports/{token}` shows the project's report to whoever has it, without an account. The
 * token is found by its SHA-256 and kept encrypted for its owner to copy again, so a copy of the
 * database opens no report. One link a project at a time: revoking it ends it for good (a new one
 * is a new token).
 */
export const projectReports = pgTable(
  'project_reports',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references((): AnyPgColumn => projects.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    tokenEncrypted: text('token_encrypted').notNull(),
    createdAt: createdAt(),
    lastOpenedAt: at('last_opened_at'),
    revokedAt: at('revoked_at'),
  },
  (table) => [
    uniqueIndex('project_reports_token_hash_unique').on(table.tokenHash),
    uniqueIndex('project_reports_one_active_unique')
      .on(table.projectId)
      .where(sql`${table.revokedAt} is null`),
  ],
);
export type ProjectReportRow = typeof projectReports.$inferSelect;

/**
 * What a channel published (a TikTok user's videos), as the provider lists them, with
 * its counts when last imported: what a project's report counts.
 */
export const channelPosts = pgTable(
  'channel_posts',
  {
    id: id(),
    channelId: uuid('channel_id')
      .notNull()
      .references((): AnyPgColumn => channels.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    caption: text('caption').notNull(),
    publishedAt: at('published_at').notNull(),
    viewCount: integer('view_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    importedAt: at('imported_at').notNull(),
  },
  (table) => [uniqueIndex('channel_posts_channel_external_unique').on(table.channelId, table.externalId)],
);

/**
 * A comment the inbox's default order lists first: a negative one, or one waiting for a reviewer
 * that the classifier reads as negative, what its owner sees as "Probably negative"
 * (docs/decisions/107); never null, so its negation is the rest. The inbox's index and its query say it alike, so the
 * planner matches the one to the other.
 */
export const inboxFirst = (comment: {
  sentiment: AnyPgColumn;
  inReview: AnyPgColumn;
  proposedSentiment: AnyPgColumn;
}) =>
  // One test (`is true`), not an `or` the planner answers from other indexes: as an `or`, it
  // intersected the words' few matches in the partial index below with a bitmap of every negative
  // and every unclassified comment (two million entries, 110 ms for none).
  sql`((${comment.sentiment} = 'NEGATIVE' or (${comment.sentiment} = 'UNCLASSIFIED' and ${comment.inReview} and ${comment.proposedSentiment} = 'NEGATIVE')) is true)`;

/**
 * A comment left on a channel (docs/product.md#comments), with its sentiment and its review
 * (docs/product.md#sentiment-review; server/comments/). While `inReview`, `proposedSentiment` is
 * what the classifier suggests. A review records who made it, when, in which batch
 * (`reviewBatchId`, what an undo names) and the sentiment it replaced (`sentimentBeforeReview`,
 * what an undo restores). `messageSearch` and `authorSearch` are the folded texts the filters look
 * in, as users.search_text.
 */
export const comments = pgTable(
  'comments',
  {
    // Time-ordered (UUIDv7, migration 0038's `uuid_v7()`, docs/decisions/089): comments that
    // arrive together sit together in the primary key, so a review of a thousand neighbours in
    // the review's order, and each arrival, touch a few of its pages instead of one each.
    id: uuid('id')
      .primaryKey()
      .default(sql`uuid_v7()`),
    channelId: uuid('channel_id')
      .notNull()
      .references((): AnyPgColumn => channels.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    authorName: text('author_name').notNull(),
    sentiment: text('sentiment', { enum: SENTIMENTS }).notNull(),
    inReview: boolean('in_review').notNull().default(false),
    proposedSentiment: text('proposed_sentiment', { enum: SENTIMENTS }),
    // How sure the classifier was of its proposal (0 to 1), and why a comment it could not
    // decide went to review (docs/decisions/048); null where no classifier proposed it.
    proposalConfidence: real('proposal_confidence'),
    reviewReason: text('review_reason', { enum: REVIEW_REASONS }),
    publishedAt: at('published_at').notNull(),
    isBookmarked: boolean('is_bookmarked').notNull().default(false),
    isHidden: boolean('is_hidden').notNull().default(false),
    channelReplyCount: integer('channel_reply_count').notNull().default(0),
    // A reply the channel's owner posted from the app: theirs, not an audience's, so
    // left out of what is counted by sentiment.
    fromChannel: boolean('from_channel').notNull().default(false),
    reviewedBy: uuid('reviewed_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    reviewedAt: at('reviewed_at'),
    reviewBatchId: uuid('review_batch_id'),
    sentimentBeforeReview: text('sentiment_before_review', { enum: SENTIMENTS }),
    // When the provider last changed it, by the time its webhook gave (docs/decisions/044): an
    // event older than this changes nothing, so deliveries out of order end in the right state.
    // Null for a comment read by a fetch, which any event may change.
    providerChangedAt: at('provider_changed_at'),
    // The owner's triage in the inbox (docs/product.md#inbox): when they marked it done (null:
    // open), and the batch that did, which an undo names. Not the admin's review.
    doneAt: at('done_at'),
    doneBatchId: uuid('done_batch_id'),
    // The inbox rule that acted on it as it arrived (docs/product.md#inbox-rules), by name (the
    // rule may change or go; what it did stays said), and what it did.
    ruleName: text('rule_name'),
    ruleActions: text('rule_actions').array(),
    messageSearch: text('message_search')
      .notNull()
      .generatedAlwaysAs(sql`search_fold("message")`),
    authorSearch: text('author_search')
      .notNull()
      .generatedAlwaysAs(sql`search_fold("author_name")`),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('comments_channel_external_unique').on(table.channelId, table.externalId),
    // The review list: newest first, the keyset (published_at, id), all comments or those in review.
    index('comments_published_idx').on(table.publishedAt.desc(), table.id.desc()),
    // The author last: (published_at, id) already orders every row, so it changes no order, and
    // the review by author tests it in the index, without reading the rows it passes.
    index('comments_in_review_published_idx')
      .on(table.publishedAt.desc(), table.id.desc(), table.authorSearch)
      .where(sql`${table.inReview}`),
    // The review by sentiment: a sentiment few comments in review have is found at once, not by
    // walking every comment in review for it.
    index('comments_in_review_sentiment_published_idx')
      .on(table.sentiment, table.publishedAt.desc(), table.id.desc())
      .where(sql`${table.inReview}`),
    index('comments_review_batch_idx')
      .on(table.reviewBatchId)
      .where(sql`${table.reviewBatchId} is not null`),
    // A channel's comments in the lists' order, ties by id (the keyset), so a page by number
    // walks the index instead of sorting every comment of the channel.
    index('comments_channel_published_idx').on(table.channelId, table.publishedAt.desc(), table.id.desc()),
    // The same for the few comments a filter by a mark or a reply finds: a list of a channel's
    // bookmarked ones reads those, not every comment of the channel for them (docs/decisions/062).
    index('comments_channel_bookmarked_idx')
      .on(table.channelId, table.publishedAt.desc(), table.id.desc())
      .where(sql`${table.isBookmarked}`),
    index('comments_channel_hidden_idx')
      .on(table.channelId, table.publishedAt.desc(), table.id.desc())
      .where(sql`${table.isHidden}`),
    index('comments_channel_replied_idx')
      .on(table.channelId, table.publishedAt.desc(), table.id.desc())
      .where(sql`${table.channelReplyCount} > 0`),
    // The inbox (server/inbox/queries.ts): a channel's open top-level comments newest first, and
    // apart those the default order lists first (`inboxFirst`: negative, or probably).
    index('comments_channel_open_idx')
      .on(table.channelId, table.publishedAt.desc(), table.id.desc())
      .where(sql`${table.doneAt} is null and ${table.parentId} is null`),
    index('comments_channel_open_negative_idx')
      .on(table.channelId, table.publishedAt.desc(), table.id.desc())
      .where(sql`${table.doneAt} is null and ${table.parentId} is null and ${inboxFirst(table)}`),
    index('comments_done_batch_idx')
      .on(table.doneBatchId)
      .where(sql`${table.doneBatchId} is not null`),
    // Replies only: a top-level comment (most of them) writes nothing here (docs/decisions/062).
    index('comments_parent_idx')
      .on(table.parentId)
      .where(sql`${table.parentId} is not null`),
    // The message filter: trigrams of the first MESSAGE_HEAD characters only (an 8,000-character
    // comment has thousands, and each insert paid for all of them), and the few longer comments
    // by themselves, rechecked in full (server/comments/queries.ts `messageContains`). With the
    // sentiment first (btree_gin, migration 0034): words asked with a sentiment are one match in
    // the index, not every comment of that sentiment read to test its words (decision 070); the
    // words alone use it as well.
    index('comments_sentiment_message_trgm_idx').using(
      'gin',
      table.sentiment,
      sql`left(${table.messageSearch}, 500) gin_trgm_ops`,
    ),
    // The words of the comments the inbox lists first (`inboxFirst`: negative, or probably): every
    // search by words asks for those that have them, and a word common elsewhere (one comment in
    // twenty) but never negative made the index above intersect every negative comment's entry
    // with the word's: 21 ms for none, against 0.3 ms here (docs/decisions/070, 107). Such a
    // comment writes both.
    index('comments_negative_message_trgm_idx')
      .using('gin', sql`left(${table.messageSearch}, 500) gin_trgm_ops`)
      .where(inboxFirst(table)),
    // The longer comments only, so that the others write nothing here; how few they are the
    // planner learns from the statistics on their length (comments_message_length_stats,
    // migration 0024), which drizzle-kit does not manage.
    index('comments_long_message_idx')
      .on(sql`length(${table.messageSearch})`)
      .where(sql`length(${table.messageSearch}) > 500`),
    index('comments_author_search_trgm_idx').using('gin', table.authorSearch.op('gin_trgm_ops')),
    check('comments_sentiment_check', oneOf(table.sentiment, SENTIMENTS)),
    check('comments_proposed_sentiment_check', oneOf(table.proposedSentiment, SENTIMENTS)),
    check('comments_sentiment_before_review_check', oneOf(table.sentimentBeforeReview, SENTIMENTS)),
    check('comments_channel_reply_count_check', sql`${table.channelReplyCount} >= 0`),
    check('comments_review_reason_check', oneOf(table.reviewReason, REVIEW_REASONS)),
    check(
      'comments_proposal_confidence_check',
      sql`${table.proposalConfidence} is null or ${table.proposalConfidence} between 0 and 1`,
    ),
    // What a reviewer is asked to accept must be there.
    check('comments_in_review_proposed_check', sql`not ${table.inReview} or ${table.proposedSentiment} is not null`),
  ],
);

/**
 * The keys comment_days and comment_totals count comments by, and the count: the same in both,
 * which the same triggers write (migrations 0022, 0035).
 */
const commentCounts = () => ({
  channelId: uuid('channel_id')
    .notNull()
    .references((): AnyPgColumn => channels.id, { onDelete: 'cascade' }),
  sentiment: text('sentiment', { enum: SENTIMENTS }).notNull(),
  /** Whether these comments are in the sentiment review: the review's count reads it. */
  inReview: boolean('in_review').notNull().default(false),
  /** Whether these are top-level comments (what a project counts) or replies. */
  topLevel: boolean('top_level').notNull().default(true),
  /** The owner's marks and whether the channel replied: every filter but words is a sum. */
  isBookmarked: boolean('is_bookmarked').notNull().default(false),
  isHidden: boolean('is_hidden').notNull().default(false),
  repliedByYou: boolean('replied_by_you').notNull().default(false),
  /** Marked done in the owner's inbox: its count of open comments reads the others. */
  isDone: boolean('is_done').notNull().default(false),
  /** Gained (positive) or lost (negative) by the statement that added the row, or the fold. */
  comments: integer('comments').notNull(),
});

/**
 * A project's comments counted as they change (docs/decisions/062): for each channel, UTC day and
 * sentiment, how many top-level comments it gained or lost (what "a project's comments" are:
 * decision 052). Triggers on `comments` add a row for what each statement changed, in its
 * transaction (migration 0022), so every writer keeps it, and it is exact under concurrent writers
 * without any two of them waiting on the same row: a count is the sum of its rows. A job folds
 * the rows of each channel, day and sentiment into one (`foldCommentDays`). A project's chart and
 * its report sum these few rows for their period instead of scanning the comments; counts over
 * every day read comment_totals. A channel's rows go with it.
 */
export const commentDays = pgTable(
  'comment_days',
  {
    ...commentCounts(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [
    // Its only readers ask for a period (a project's chart and report, by channel and day); the
    // counts over every day read comment_totals. An index no query reads is written by every
    // change of a comment all the same (docs/decisions/092).
    index('comment_days_channel_day_idx').on(table.channelId, table.day),
  ],
);

/**
 * comment_days without the day (docs/decisions/071): for each channel and the same keys, how many
 * comments it gained or lost, kept by the same triggers in the same statements and folded by the
 * same job. The counts that span every day (the inbox's open count in the header, a project's
 * total, the review's count) sum a few rows a channel here, rather than a channel's rows for
 * every day it had comments: 96,000 rows for an inbox of 200 channels over 90 days, which a
 * busy table's stale visibility map turned from an index-only read into a scan of all of them.
 */
export const commentTotals = pgTable('comment_totals', commentCounts(), (table) => [
  index('comment_totals_channel_idx').on(
    table.channelId,
    table.isDone,
    table.topLevel,
    table.sentiment,
    table.isBookmarked,
    table.isHidden,
    table.repliedByYou,
    table.inReview,
    table.comments,
  ),
  // The review's count: every channel's comments in review, by sentiment.
  index('comment_totals_in_review_idx')
    .on(table.sentiment)
    .where(sql`${table.inReview}`),
]);

export type ChannelRow = typeof channels.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;

/**
 * A comment its provider said was removed (docs/decisions/044): kept by its id on the channel so
 * that an add or an edit delivered after the removal (webhooks come at least once, in any order)
 * does not bring it back. Goes with the channel.
 */
export const commentRemovals = pgTable(
  'comment_removals',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references((): AnyPgColumn => channels.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    removedAt: at('removed_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.channelId, table.externalId] }),
    // Removals older than the writer keeps them are pruned by this (server/comments/writer.ts).
    index('comment_removals_removed_at_idx').on(table.removedAt),
  ],
);

/**
 * A reply being posted from the app (docs/decisions/055), by the attempt id its form sends: a
 * retry of the same attempt never posts to the provider twice. `replyExternalId` is set as soon as
 * the provider took it; the reply is then written like any comment, and a retry writes it again
 * (a no-op) and answers it. Pruned after a day.
 */
export const replyAttempts = pgTable(
  'reply_attempts',
  {
    userId: userReference('user_id'),
    attemptId: uuid('attempt_id').notNull(),
    commentId: uuid('comment_id')
      .notNull()
      .references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    replyExternalId: text('reply_external_id'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.attemptId] }),
    index('reply_attempts_created_at_idx').on(table.createdAt),
  ],
);

/**
 * An account a user connected at a provider (docs/product.md#integrations; decision 025):
 * who it is there, whether it is the user's primary one for that provider (at most one,
 * by the partial unique index; server/integrations keeps exactly one), and whether its grant still
 * holds. Reconnecting re-authorises the same row. The provider's tokens are encrypted at rest
 * (server/security/encryption.ts, TOKEN_ENCRYPTION_KEY), as Mautic's are.
 */
export const connectedAccounts = pgTable(
  'connected_accounts',
  {
    id: id(),
    ownerId: userReference('owner_id'),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('authorized'),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    tokenExpiresAt: at('token_expires_at'),
    // When its channels were last fetched from the provider; null until the first fetch ends.
    channelsFetchedAt: at('channels_fetched_at'),
    // The kinds of channel whose background fetch is queued and not yet done (one job each).
    channelsPending: text('channels_pending')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Why the last background fetch of its channels stopped short, and when; cleared by the next.
    fetchFailure: text('fetch_failure', { enum: JOB_FAILURE_REASONS }),
    fetchFailedAt: at('fetch_failed_at'),
    grantedScopes: text('granted_scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('connected_accounts_owner_provider_external_unique').on(
      table.ownerId,
      table.provider,
      table.externalId,
    ),
    uniqueIndex('connected_accounts_one_primary_unique')
      .on(table.ownerId, table.provider)
      .where(sql`${table.isPrimary}`),
    check('connected_accounts_provider_check', oneOf(table.provider, PROVIDERS)),
    check('connected_accounts_status_check', oneOf(table.status, ACCOUNT_STATUSES)),
    check('connected_accounts_fetch_failure_check', oneOf(table.fetchFailure, JOB_FAILURE_REASONS)),
  ],
);

/** What an OAuth round trip is for: it decides where the return goes and what it may do. */
export const OAUTH_PURPOSES = ['connect', 'reconnect', 'sign-in', 'sign-up', 'project-channel'] as const;
export type OAuthPurpose = (typeof OAUTH_PURPOSES)[number];

/**
 * One OAuth round trip under way (server/integrations/oauth-states.ts): the `state` sent to the
 * provider, kept as its SHA-256 only, bound to the browser that started it (`bindingHash`: the
 * signed-in session, or a guest's cookie), single-use (`usedAt`) and short-lived. A return whose
 * state is unknown, expired, used or from another browser is refused before any code is exchanged.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    bindingHash: text('binding_hash').notNull(),
    userId: uuid('user_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    purpose: text('purpose', { enum: OAUTH_PURPOSES }).notNull(),
    redirectUri: text('redirect_uri').notNull(),
    // The account a reconnect re-authorises, the project a channel connection goes to.
    accountId: uuid('account_id').references((): AnyPgColumn => connectedAccounts.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references((): AnyPgColumn => projects.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [
    index('oauth_states_expires_at_idx').on(table.expiresAt),
    check('oauth_states_provider_check', oneOf(table.provider, PROVIDERS)),
    check('oauth_states_purpose_check', oneOf(table.purpose, OAUTH_PURPOSES)),
  ],
);

export type ConnectedAccountRow = typeof connectedAccounts.$inferSelect;
export type OAuthStateRow = typeof oauthStates.$inferSelect;

/**
 * The sentiment models trained here from the admins' reviews (docs/decisions/049), each training
 * kept, switched to or not: when, on how many reviewed comments, its macro-F1 on the held-out
 * reviews and that of the model in use then. The model's bytes are kept only for one switched
 * to; at most one is in use, and none means the model the repository carries.
 */
export const sentimentModels = pgTable(
  'sentiment_models',
  {
    id: id(),
    trainedAt: at('trained_at').notNull(),
    reviewedComments: integer('reviewed_comments').notNull(),
    heldOut: integer('held_out').notNull(),
    score: real('score').notNull(),
    previousScore: real('previous_score').notNull(),
    // Why it was switched to or not (docs/decisions/058): `better` on enough held-out reviews,
    // `notClearlyBetter`, or `tooFewHeldOut`; null for a training before the reason was kept.
    decision: text('decision', { enum: TRAINING_DECISIONS }),
    // In how many of the paired resamples of the held-out reviews it scored above the one in use (0 to 1).
    wins: real('wins'),
    model: bytea('model'),
    inUse: boolean('in_use').notNull().default(false),
  },
  (table) => [
    uniqueIndex('sentiment_models_in_use_unique')
      .on(table.inUse)
      .where(sql`${table.inUse}`),
    index('sentiment_models_trained_idx').on(table.trainedAt.desc()),
    check('sentiment_models_in_use_model_check', sql`not ${table.inUse} or ${table.model} is not null`),
    check('sentiment_models_decision_check', oneOf(table.decision, TRAINING_DECISIONS)),
  ],
);
