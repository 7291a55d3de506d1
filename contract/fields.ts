import { z } from 'zod/mini';

/**
 * The field rules both sides apply (docs/product.md#validation): the API validates requests with
 * them and the app's forms are built from them, so a limit is written once. Each failure's message
 * is a rule code, optionally `rule:param` (`required`, `email`, `min:8`, `max:100`, `uppercase`…):
 * the API turns it into a sentence in the caller's language, the app into a translation key.
 */

export const LANGUAGES = ['en', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** How the app is shown: `system` follows the device's light or dark preference. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const ROLES = ['user', 'admin'] as const;

/**
 * A comment's sentiment values (docs/product.md#sentiment), in the order the app lists them (review
 * keys 1–5).
 */
export const SENTIMENTS = ['POSITIVE', 'MIXED', 'NEGATIVE', 'NEUTRAL', 'UNCLASSIFIED'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

/**
 * Why a comment is in front of a person (docs/decisions/048, 058): the classifier proposed a
 * sentiment without enough confidence (`unsure`), could read nothing in it (`unreadable`), found
 * praise and complaint together (`mixed`) or praise that may be ironic (`ironic`); or it applied
 * its label by itself and the comment was picked to check how often such labels are right
 * (`sampled`).
 */
export const REVIEW_REASONS = ['unsure', 'unreadable', 'mixed', 'ironic', 'sampled'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/**
 * Why a training's model was switched to or not (docs/decisions/058): better than the one in use
 * on enough held-out reviews, with a paired resampling to tell (`better`); not clearly better
 * (`notClearlyBetter`); or too few held-out reviews to tell (`tooFewHeldOut`).
 */
export const TRAINING_DECISIONS = ['better', 'notClearlyBetter', 'tooFewHeldOut'] as const;
export type TrainingDecision = (typeof TRAINING_DECISIONS)[number];

/** The channel kinds (docs/product.md#channels), as the API names them. */
export const CHANNEL_KINDS = [
  'facebook-page',
  'instagram-account',
  'facebook-ad-account',
  'linkedin-organization',
  'tiktok-user',
] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/**
 * The kinds whose comments the product also answers, once the channel came with a connected
 * account (a comment's `channel.canReply`): a LinkedIn organization's comments are read only
 * (answering them would ask every account for LinkedIn's write permission as well).
 */
export const REPLIED_KINDS: readonly ChannelKind[] = ['facebook-page', 'instagram-account'];

/**
 * The providers a user connects accounts of (docs/product.md#integrations): each brings
 * channels of its kinds.
 */
export const PROVIDERS = ['facebook', 'linkedin', 'tiktok'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** Where a connected account stands: usable, or its provider withdrew the grant (expired, revoked). */
export const ACCOUNT_STATUSES = ['authorized', 'needs_reconnect'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/**
 * Why background work for the user stopped (a TikTok import, an account's channel fetch), as the
 * screens word what to do: `reconnect` (the provider refused the grant), `rateLimited`,
 * `unreachable`, `badAnswer` (the provider's trouble, retried until given up), `failed` (ours, or
 * the work ran out of time on every attempt).
 */
export const JOB_FAILURE_REASONS = ['reconnect', 'rateLimited', 'unreachable', 'badAnswer', 'failed'] as const;
export type JobFailureReason = (typeof JOB_FAILURE_REASONS)[number];
export type Role = (typeof ROLES)[number];

/** Field lengths (RFC 5321 for email; the rest are the product's own). */
export const LIMITS = {
  email: 254,
  password: 128,
  name: 100,
  token: 200,
  coupon: 100,
  search: 100,
} as const;

export const PASSWORD_MIN_LENGTH = 8;

/** The rules of a new password, one by one: the app's requirements card shows each. */
export const passwordRules = {
  length: (value: string) => value.length >= PASSWORD_MIN_LENGTH,
  uppercase: (value: string) => /\p{Lu}/u.test(value),
  lowercase: (value: string) => /\p{Ll}/u.test(value),
};

/**
 * The promo coupon (docs/product.md#sign-up-and-coupons): its sign-up page shows the promo panel
 * and redeems it.
 */
export const PROMO_COUPON_CODE = 'marketing-espresso-15';

const missing = (issue: { input: unknown }) => issue.input === undefined || issue.input === null;

/** A string, or `required` when absent (a form's empty input arrives as undefined). */
const requiredString = () => z.string({ error: (issue) => (missing(issue) ? 'required' : 'string') });

/**
 * C0 and C1 control characters (NUL, newlines, escapes…), Unicode's line and paragraph
 * separators, and the bidirectional embeddings, overrides and isolates: never part of a name, an
 * email, a code or a token. PostgreSQL cannot store NUL at all; a newline or a line separator in
 * a name could forge a line of a log or a mail, or break the one line a name is; an override
 * shows text in another order than it is stored ("\u202Egnp.exe" reads "exe.png").
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

/**
 * Characters that show nothing and that `trim` keeps: zero-width space, non-joiner and joiner,
 * word joiner, soft hyphen. Inside text they have their uses (an emoji's joiner); alone they make
 * a name that looks empty ("Welcome, !").
 */
const showsSomething = (value: string) => /[^\s\u00ad\u200b-\u200d\u2060]/.test(value);

/** Trimmed, non-empty, single-line text of at most `max` characters, with something to see. */
export const text = (max: number) =>
  requiredString().check(
    z.trim(),
    z.minLength(1, { error: 'required', abort: true }),
    z.refine(showsSomething, { error: 'required', abort: true }),
    z.maxLength(max, `max:${max}`),
    z.refine(hasNoControlCharacters, 'control'),
  );

export const email = () => z.pipe(text(LIMITS.email), z.email({ error: 'email' }));

/** What sign-in accepts: any non-empty password (old ones may predate today's rules). */
export const password = () =>
  requiredString().check(
    z.minLength(1, { error: 'required', abort: true }),
    z.maxLength(LIMITS.password, `max:${LIMITS.password}`),
  );

/** What sign-up and reset require of a new password. */
export const newPassword = () =>
  password().check(
    z.minLength(PASSWORD_MIN_LENGTH, `min:${PASSWORD_MIN_LENGTH}`),
    z.refine(passwordRules.uppercase, 'uppercase'),
    z.refine(passwordRules.lowercase, 'lowercase'),
  );

export const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (missing(issue) ? 'required' : 'in') });

export const language = () => oneOf(LANGUAGES);
export const role = () => oneOf(ROLES);
export const theme = () => oneOf(THEMES);

/** A 1-based page number from the query string; absent means page 1. */
export const page = () => {
  const pageNumber = z.pipe(z.string().check(z.regex(/^[1-9]\d{0,8}$/, 'integer')), z.transform(Number));
  return z.pipe(
    z.optional(pageNumber),
    z.transform((value: number | undefined) => value ?? 1),
  );
};

/**
 * What a list's search box sends: single-line text of at most LIMITS.search characters, trimmed;
 * absent or blank means no search.
 */
export const search = () =>
  z.pipe(
    z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(LIMITS.search, `max:${LIMITS.search}`),
          z.refine(hasNoControlCharacters, 'control'),
        ),
    ),
    z.transform((value: string | undefined) => value || undefined),
  );

/** Whether no id comes twice: a UUID is the same in either case, so they are compared lower-cased. */
export const distinctIds = (ids: string[]) => new Set(ids.map((each) => each.toLowerCase())).size === ids.length;

/** A record id in a path. A malformed one is a record that does not exist (404, not 422). */
export const id = () => z.uuid({ error: 'notFound' });

/** A code or slug in a path (a coupon): malformed is, again, a record that does not exist. */
export const code = (max: number) =>
  z
    .string()
    .check(z.minLength(1, 'notFound'), z.maxLength(max, 'notFound'), z.refine(hasNoControlCharacters, 'notFound'));

/** A timestamp as the API writes it (ISO 8601, UTC). */
export const timestamp = () => z.iso.datetime();
