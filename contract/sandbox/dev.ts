import { z } from 'zod/mini';
import { UserSchema } from '../auth';
import { FACEBOOK_USER_ID } from '../facebook-deletion';
import {
  CHANNEL_KINDS,
  email,
  id,
  language,
  LIMITS,
  oneOf,
  password,
  role,
  SENTIMENTS,
  text,
  timestamp,
} from '../fields';
import { BODY_ERRORS, defineOperation, errors } from '../operation';
import { PLANS } from '../subscription';

/**
 * Helpers for tests and local development, mounted in local mode (`npm start` included) unless
 * DEV_ENDPOINTS=0, never in a deployment: they make accounts without checks and show the mail
 * the server sent.
 */
const tag = 'Development';

export const SentMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  sentAt: timestamp(),
});

export const listMail = defineOperation({
  method: 'GET',
  path: '/dev/mail',
  summary: 'Mail the server sent, newest first',
  tag,
  access: 'public',
  query: z.object({ to: z.optional(z.string()) }),
  responses: { 200: { description: 'The mail.', body: z.object({ data: z.array(SentMailSchema) }) } },
});

export const showOutbox = defineOperation({
  method: 'GET',
  path: '/dev/outbox',
  summary: 'The mail the server sent, as a page to read in the browser',
  description: 'An HTML page (not JSON), newest first, every link clickable; `to` keeps one recipient.',
  tag,
  access: 'public',
  query: z.object({ to: z.optional(z.string()) }),
  responses: { 200: { description: 'The outbox page (text/html).' } },
});

export const clearMail = defineOperation({
  method: 'DELETE',
  path: '/dev/mail',
  summary: 'Forget the mail sent so far',
  tag,
  access: 'public',
  responses: { 204: { description: 'Cleared.' } },
});

export const createUser = defineOperation({
  method: 'POST',
  path: '/dev/users',
  summary: 'Make an account without checks',
  description: 'A random email and the password `Passw0rd!` unless given; weak passwords are accepted.',
  tag,
  access: 'public',
  body: z.object({
    email: z.optional(email()),
    password: z.optional(password()),
    firstName: z.optional(text(LIMITS.name)),
    lastName: z.optional(text(LIMITS.name)),
    role: z.optional(role()),
    language: z.optional(language()),
    /** Free unless given: a test of what a bigger plan includes (public report links) names it. */
    plan: z.optional(z.enum(PLANS)),
  }),
  responses: {
    201: { description: 'The account and its password.', body: z.object({ user: UserSchema, password: z.string() }) },
    ...errors(...BODY_ERRORS),
  },
});

export const deleteUser = defineOperation({
  method: 'DELETE',
  path: '/dev/users/:id',
  summary: 'Delete an account and everything it owns',
  tag,
  access: 'public',
  params: z.object({ id: id() }),
  responses: { 204: { description: 'Gone (or never there).' }, ...errors(404) },
});

export const resetRateLimits = defineOperation({
  method: 'POST',
  path: '/dev/rate-limits/reset',
  summary: 'Clear every rate-limit counter',
  tag,
  access: 'public',
  responses: { 204: { description: 'Cleared.' } },
});

export const signFacebookRequest = defineOperation({
  method: 'POST',
  path: '/dev/facebook/signed-request',
  summary: "A signed_request as Meta would send it, signed with this server's app secret",
  description:
    'For trying the data-deletion callback (`POST /v1.0/facebook-deletion`) without Meta: the payload names ' +
    '`user_id`, with `algorithm` HMAC-SHA256 and `issued_at` now.',
  tag,
  access: 'public',
  body: z.object({ user_id: text(64).check(z.regex(FACEBOOK_USER_ID, 'invalid')) }),
  responses: {
    200: { description: 'The signed request.', body: z.object({ signed_request: z.string() }) },
    ...errors(...BODY_ERRORS),
  },
});

/** The most comments one `POST /dev/comments` makes (the scale seed has its own path). */
export const MAX_DEV_COMMENTS = 2000;

export const createComments = defineOperation({
  method: 'POST',
  path: '/dev/comments',
  summary: 'Make a channel of a user and comments on it, without checks',
  description:
    'For tests: a channel owned by `ownerId` (its kind and name as given) and the comments listed, newest first ' +
    'unless `publishedAt` says otherwise (a minute apart). Deleting the owner deletes both.',
  tag,
  access: 'public',
  bodyLimit: 512 * 1024,
  body: z.object({
    ownerId: id(),
    channel: z.optional(z.object({ kind: z.optional(oneOf(CHANNEL_KINDS)), name: z.optional(text(LIMITS.name)) })),
    comments: z
      .array(
        z.object({
          message: z.string().check(z.maxLength(5000, 'max:5000')),
          authorName: text(LIMITS.name),
          sentiment: z.optional(oneOf(SENTIMENTS)),
          inReview: z.optional(z.boolean()),
          proposedSentiment: z.optional(z.nullable(oneOf(SENTIMENTS))),
          publishedAt: z.optional(timestamp()),
          isBookmarked: z.optional(z.boolean()),
          isHidden: z.optional(z.boolean()),
          channelReplyCount: z.optional(z.number().check(z.int(), z.minimum(0))),
        }),
      )
      .check(z.minLength(1, 'required'), z.maxLength(MAX_DEV_COMMENTS, `max:${MAX_DEV_COMMENTS}`)),
  }),
  responses: {
    201: {
      description: 'The channel and the comments, in the order given.',
      body: z.object({ channel: z.object({ id: z.uuid() }), comments: z.array(z.object({ id: z.uuid() })) }),
    },
    ...errors(404, ...BODY_ERRORS),
  },
});
