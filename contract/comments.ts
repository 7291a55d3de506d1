import { z } from 'zod/mini';
import {
  CHANNEL_KINDS,
  distinctIds,
  hasNoControlCharacters,
  id,
  oneOf,
  REVIEW_REASONS,
  search,
  SENTIMENTS,
  timestamp,
} from './fields';
import { badGateway } from './integrations';
import { ErrorBodySchema, pagedSchema } from './common';
import { BODY_ERRORS, defineOperation, errors } from './operation';

/**
 * Comments and their sentiment review (docs/product.md#comments,
 * docs/product.md#sentiment-review; decision 024). A classifier proposes a
 * sentiment for each comment; while `sentiment.inReview` is true an admin accepts the proposal,
 * rejects it (the sentiment stays) or sets one by hand. Every review names a batch, so the admin
 * who made it can undo the whole batch while nobody has reviewed those comments again.
 */
const tag = 'Comments';

export { CHANNEL_KINDS, SENTIMENTS, type ChannelKind, type Sentiment } from './fields';

/** Comments page size. */
export const COMMENTS_PAGE_SIZE = 50;

/**
 * The most comments one bulk update takes: one request, one transaction (the scale
 * figure is 1,000). Its body is larger than the API's usual 16 KiB, hence its own body limit.
 */
export const MAX_BULK_COMMENTS = 1000;
export const BULK_COMMENTS_BODY_BYTES = 256 * 1024;

export const sentiment = () => oneOf(SENTIMENTS);

export const CommentSentimentSchema = z
  .object({ sentiment: z.enum(SENTIMENTS), inReview: z.boolean() })
  .register(z.globalRegistry, { id: 'CommentSentiment' });

/**
 * A comment (docs/product.md#records), with the channel it was left on. Message and author are user
 * content: text, never HTML.
 */
export const CommentSchema = z
  .object({
    id: z.uuid(),
    message: z.string(),
    authorName: z.string(),
    sentiment: CommentSentimentSchema,
    /** What the classifier proposes; null once nothing is proposed. */
    proposedSentiment: z.nullable(z.enum(SENTIMENTS)),
    /** How sure the classifier was of its proposal, 0 to 1; null where no classifier proposed it. */
    proposalConfidence: z.nullable(z.number().check(z.minimum(0), z.maximum(1))),
    /**
     * Why the classifier left it to a person: `unsure` (its confidence was under the threshold)
     * or `unreadable` (nothing it could read); null when it did not.
     */
    reviewReason: z.nullable(z.enum(REVIEW_REASONS)),
    /** When an admin last ended its review; null when no one has (in review, or decided by the classifier). */
    reviewedAt: z.nullable(timestamp()),
    publishedAt: timestamp(),
    isBookmarked: z.boolean(),
    isHidden: z.boolean(),
    /** How many replies the channel's owner wrote under it ("replied by you" when above 0). */
    channelReplyCount: z.number().check(z.int(), z.minimum(0)),
    /** The comment it answers, for a reply; null for a top-level comment. */
    parentId: z.nullable(z.uuid()),
    /** Written by the channel itself: a reply its owner posted from the app. */
    fromChannel: z.boolean(),
    /**
     * The inbox rule that acted on it as it arrived (docs/product.md#inbox-rules): its name then,
     * and what it did (`markDone`, `hide`, `bookmark`); null when none did.
     */
    rule: z.nullable(z.object({ name: z.string(), actions: z.array(z.string()) })),
    channel: z.object({
      id: z.uuid(),
      kind: z.enum(CHANNEL_KINDS),
      name: z.string(),
      /** Whether its owner can reply from the app: it came with a connected account, of a kind that takes replies. */
      canReply: z.boolean(),
      /** Whether its owner can delete it at the network from the app: a Facebook page or an Instagram account that came with a connected account. */
      canDelete: z.boolean(),
    }),
  })
  .register(z.globalRegistry, { id: 'Comment' });
export type Comment = z.infer<typeof CommentSchema>;

/** `true` / `false` in a query string; absent means either. */
export const flag = () =>
  z.optional(
    z.pipe(
      z.enum(['true', 'false'], { error: 'boolean' }),
      z.transform((value: 'true' | 'false') => value === 'true'),
    ),
  );

/**
 * The deepest page by number: 10,000 comments. A page by number skips every row before it, so a
 * deeper one would read (and a busy channel's, sort) that many; beyond, pages go by `after`,
 * which starts from its row at once, however deep (docs/decisions/062).
 */
export const MAX_COMMENTS_PAGE_NUMBER = 200;

/** A 1-based page number, named `pageNumber` here, at most MAX_COMMENTS_PAGE_NUMBER; absent means page 1. */
export const pageNumber = () =>
  z.pipe(
    z.optional(
      z.pipe(
        z.string().check(z.regex(/^[1-9]\d{0,8}$/, 'integer')),
        z.pipe(
          z.transform(Number),
          z.number().check(z.maximum(MAX_COMMENTS_PAGE_NUMBER, `maxNumber:${MAX_COMMENTS_PAGE_NUMBER}`)),
        ),
      ),
    ),
    z.transform((value: number | undefined) => value ?? 1),
  );

/**
 * Where the next page starts, for infinite scroll: the last row's `publishedAt` and `id`, as
 * `{publishedAt}_{id}`. Rows that leave the list while one scrolls (reviewed meanwhile) would
 * shift a page number's window and skip comments; a cursor never does.
 */
const COMMENTS_CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The cursor's row, when `value` is one, checked to the end: the shape, a date and time that
 * exist (no 30 February, no hour 25, no year 0), and an id that is a UUID. PostgreSQL refuses
 * what a pattern alone lets through, and that would be a 500 instead of a 422.
 */
export function parseCommentsCursor(value: string): { publishedAt: string; id: string } | undefined {
  const match = COMMENTS_CURSOR.exec(value);
  if (!match) return undefined;
  const [, publishedAt, id] = match as unknown as [string, string, string];
  const seconds = publishedAt.slice(0, 19);
  const parsed = new Date(`${seconds}Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.getUTCFullYear() < 1) return undefined;
  // Date rolls 30 February over into March; a real date reads back as it was written.
  if (parsed.toISOString().slice(0, 19) !== seconds) return undefined;
  return { publishedAt, id };
}

/** The `after` query field: a cursor as `commentsCursor` makes it. */
const commentsCursorField = () =>
  z.optional(z.string().check(z.refine((value) => parseCommentsCursor(value) !== undefined, 'invalid')));
export const commentsCursor = (comment: Pick<Comment, 'publishedAt' | 'id'>) => `${comment.publishedAt}_${comment.id}`;

/** The filters of the review list (its toolbar), shared by the list and "review all matching". */
/**
 * How many characters a filter by words needs: fewer, and its trigram index cannot narrow the
 * comments down, so a rare pair of letters read every comment (3.7 s at two million;
 * docs/decisions/062).
 */
export const WORDS_MIN_LENGTH = 3;

/** A list's search (`search`) of at least WORDS_MIN_LENGTH characters once trimmed. */
export const words = () =>
  z.pipe(search(), z.optional(z.string().check(z.minLength(WORDS_MIN_LENGTH, `min:${WORDS_MIN_LENGTH}`))));

export const commentFilterShape = {
  /** Part of the message (at least WORDS_MIN_LENGTH characters), ignoring case and accents. */
  message: words(),
  /** Part of the author's name (at least WORDS_MIN_LENGTH characters), ignoring case and accents. */
  authorName: words(),
  sentiment: z.optional(sentiment()),
  /** Absent: in review or not. The app's default is `true`. */
  inReview: flag(),
  isBookmarked: flag(),
  isHidden: flag(),
  /** Comments the channel's owner replied to (`channelReplyCount` above 0), or not. */
  repliedByYou: flag(),
};

export const listComments = defineOperation({
  method: 'GET',
  path: '/v1.0/comments',
  summary: 'Comments, for the sentiment review',
  description:
    `Newest first (\`orderBy=publishedAt:-1\`, the default; \`publishedAt:1\` for oldest first), ` +
    `${COMMENTS_PAGE_SIZE} a page. Pages by \`pageNumber\` (up to ${MAX_COMMENTS_PAGE_NUMBER}), or, for infinite scroll and beyond, by \`after\`: the ` +
    '`{publishedAt}_{id}` of the last comment already shown (rows that leave the list meanwhile then skip nothing). ' +
    '`meta.total` counts every comment matching the filters: exactly when they are only `inReview`, `sentiment` ' +
    'or none; otherwise up to 1,000, and past that `meta.totalIsAtLeast` says more match.',
  tag,
  access: 'admin',
  query: z.object({
    pageNumber: pageNumber(),
    after: commentsCursorField(),
    orderBy: z.optional(z.enum(['publishedAt:-1', 'publishedAt:1'], { error: 'in' })),
    ...commentFilterShape,
  }),
  responses: {
    200: { description: 'A page of comments.', body: pagedSchema(CommentSchema) },
    ...errors(401, 403, 422),
  },
});

/** Why a comment of a bulk update was left as it was. */
export const REVIEW_CONFLICTS = ['alreadyReviewed', 'alreadyInReview', 'notFound'] as const;

export const ReviewResultSchema = z
  .object({
    /** Names this review, for its undo; null when nothing changed. */
    batchId: z.nullable(z.uuid()),
    /** How many comments changed. */
    updated: z.number().check(z.int(), z.minimum(0)),
    /**
     * The comments left as they were: reviewed by someone else meanwhile (`alreadyReviewed`), back
     * in review already (`alreadyInReview`) or gone (`notFound`). Never overwritten.
     */
    conflicts: z.array(
      z.object({
        id: z.uuid(),
        reason: z.enum(REVIEW_CONFLICTS),
        /** Where it stands now; null when gone. */
        sentiment: z.nullable(CommentSentimentSchema),
      }),
    ),
  })
  .register(z.globalRegistry, { id: 'ReviewResult' });
export type ReviewResult = z.infer<typeof ReviewResultSchema>;

export const bulkUpdateComments = defineOperation({
  method: 'PATCH',
  path: '/v1.0/comments',
  summary: 'Review comments in bulk',
  description:
    `Up to ${MAX_BULK_COMMENTS} comments in one transaction. \`inReview: false\` ends ` +
    'the review of a comment in review: its sentiment becomes `sentiment` when given (accept sends the proposed one, ' +
    'edit the chosen one) and stays when not (reject). `inReview: true` puts a reviewed comment back in review. A ' +
    'comment that is not where the request expects it (reviewed by another admin meanwhile, or already back in review) ' +
    'is reported in `conflicts` and left alone; the others are updated. Each id at most once.',
  tag,
  access: 'admin',
  bodyLimit: BULK_COMMENTS_BODY_BYTES,
  body: z.object({
    comments: z
      .array(
        z.object({
          id: z.uuid({ error: 'invalid' }),
          sentiment: z.object({ sentiment: z.optional(sentiment()), inReview: z.boolean({ error: 'boolean' }) }),
        }),
      )
      .check(
        z.minLength(1, 'required'),
        z.maxLength(MAX_BULK_COMMENTS, `max:${MAX_BULK_COMMENTS}`),
        z.refine((comments) => distinctIds(comments.map((each) => each.id)), 'distinct'),
      ),
  }),
  responses: {
    200: { description: 'What changed and what was left alone.', body: ReviewResultSchema },
    ...errors(401, 403, ...BODY_ERRORS),
  },
});

export const REVIEW_ACTIONS = ['accept', 'reject', 'set'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

export const reviewMatchingComments = defineOperation({
  method: 'POST',
  path: '/v1.0/comments/review-matching',
  summary: 'Review every comment in review that matches the filters',
  description:
    '"Select all matching": accept (each takes its proposed sentiment), reject, or set `sentiment` on every comment ' +
    'in review matching `filter`, in one transaction. `expectedTotal` is the count the admin confirmed; when more ' +
    'comments match now, nothing changes and the answer is 409 (the admin confirms the new count). Fewer is fine: ' +
    'the others were reviewed meanwhile.',
  tag,
  access: 'admin',
  body: z.object({
    filter: z.object({
      message: words(),
      authorName: words(),
      sentiment: z.optional(sentiment()),
      isBookmarked: z.optional(z.boolean({ error: 'boolean' })),
      isHidden: z.optional(z.boolean({ error: 'boolean' })),
      repliedByYou: z.optional(z.boolean({ error: 'boolean' })),
    }),
    action: oneOf(REVIEW_ACTIONS),
    /** Required with `set`, refused otherwise. */
    sentiment: z.optional(sentiment()),
    expectedTotal: z.number({ error: 'integer' }).check(z.int('integer'), z.minimum(1, 'min:1')),
  }),
  responses: {
    200: { description: 'What changed.', body: ReviewResultSchema },
    ...errors(401, 403, 409, ...BODY_ERRORS),
  },
});

export const undoReview = defineOperation({
  method: 'POST',
  path: '/v1.0/comments/reviews/:batchId/undo',
  summary: 'Undo a review batch',
  description:
    'Puts the comments of one of your own review batches back in review with the sentiment they had before, except ' +
    "those reviewed again since (reported in `conflicts`). Another admin's batch, or an unknown one, is 404.",
  tag,
  access: 'admin',
  params: z.object({ batchId: id() }),
  responses: {
    200: { description: 'What changed back and what was left.', body: ReviewResultSchema },
    ...errors(401, 403, 404),
  },
});

/*
 * A project's comments (docs/product.md#a-projects-comments; decision 027): the comments on the
 * channels a project follows, for its owner. Top-level comments are the list; each brings its
 * replies (`parentId`), oldest first, so a reply is read under what it answers. Bookmark and hide
 * are the owner's marks.
 */

/** A comment of a project's list: a top-level comment with the replies under it. */
export const ProjectCommentSchema = z
  .extend(CommentSchema, { replies: z.array(CommentSchema) })
  .register(z.globalRegistry, { id: 'ProjectComment' });
export type ProjectComment = z.infer<typeof ProjectCommentSchema>;

/** The filters of a project's comments (kept in the page's address). */
export const projectCommentFilterShape = {
  /** One of the channels the project follows. */
  channelId: z.optional(id()),
  sentiment: z.optional(sentiment()),
  isBookmarked: flag(),
  isHidden: flag(),
  /** Comments the channel replied to (`channelReplyCount` above 0), or not. */
  repliedByYou: flag(),
};

const projectTag = 'Projects';

export const listProjectComments = defineOperation({
  method: 'GET',
  path: '/v1.0/projects/:projectId/comments',
  summary: "A project's comments, newest first, each with its replies",
  description:
    `The top-level comments on the channels the project follows, newest first, ${COMMENTS_PAGE_SIZE} a page, ` +
    `each with its replies (oldest first). Pages by \`pageNumber\` (up to ${MAX_COMMENTS_PAGE_NUMBER}), or by \`after\` (the \`{publishedAt}_{id}\` of the ` +
    "last comment shown) for infinite scroll and beyond. `meta.total` counts the matching top-level comments. Another user's " +
    'project is not found.',
  tag: projectTag,
  access: 'user',
  params: z.object({ projectId: id() }),
  query: z.object({
    pageNumber: pageNumber(),
    after: commentsCursorField(),
    ...projectCommentFilterShape,
  }),
  responses: {
    200: { description: 'A page of comments.', body: pagedSchema(ProjectCommentSchema) },
    ...errors(401, 404, 422),
  },
});

export const updateProjectComment = defineOperation({
  method: 'PATCH',
  path: '/v1.0/projects/:projectId/comments/:commentId',
  summary: 'Bookmark or hide a comment of a project',
  description:
    "Sets `isBookmarked` and/or `isHidden` (at least one). A comment that is not on one of the project's channels " +
    'is not found. On a Facebook page or an Instagram account that came with a connected account, `isHidden` hides ' +
    'the comment at the provider first (Graph’s `is_hidden`, Instagram’s `hide`): its refusal changes nothing here ' +
    'and answers 409 (the account needs reconnecting) or 502 (the provider cannot be reached). Elsewhere it is the ' +
    "app's own mark.",
  tag: projectTag,
  access: 'user',
  params: z.object({ projectId: id(), commentId: id() }),
  body: z
    .object({
      isBookmarked: z.optional(z.boolean({ error: 'boolean' })),
      isHidden: z.optional(z.boolean({ error: 'boolean' })),
    })
    .check(
      z.refine((body) => body.isBookmarked !== undefined || body.isHidden !== undefined, {
        error: 'required',
        path: ['isBookmarked'],
      }),
    ),
  responses: {
    200: { description: 'The comment as it is now.', body: CommentSchema },
    ...errors(401, 404, ...BODY_ERRORS),
    409: { description: 'The channel’s account needs reconnecting: nothing was hidden.', body: ErrorBodySchema },
    ...badGateway,
  },
});

/** How far back the sentiment summary reaches, in days. */
export const SUMMARY_PERIODS = ['7', '30', '90'] as const;
export type SummaryPeriod = (typeof SUMMARY_PERIODS)[number];

export const SentimentSummarySchema = z
  .object({
    /** One entry a day, oldest first, every day of the period (days without comments count 0). */
    days: z.array(
      z.object({
        /** The day, `YYYY-MM-DD` (UTC). */
        date: z.string(),
        counts: z.record(z.enum(SENTIMENTS), z.number()),
      }),
    ),
  })
  .register(z.globalRegistry, { id: 'SentimentSummary' });
export type SentimentSummary = z.infer<typeof SentimentSummarySchema>;

export const projectSentimentSummary = defineOperation({
  method: 'GET',
  path: '/v1.0/projects/:projectId/sentiment-summary',
  summary: "A project's comments by sentiment, day by day",
  description:
    'The comments on the channels the project follows (top-level ones, as its list counts them), counted by ' +
    'sentiment for each day of the last `days` days (7, 30 or 90; 30 when absent), today (UTC) included.',
  tag: projectTag,
  access: 'user',
  params: z.object({ projectId: id() }),
  query: z.object({ days: z.optional(z.enum(SUMMARY_PERIODS, { error: 'in' })) }),
  responses: {
    200: { description: 'The counts, a day at a time.', body: SentimentSummarySchema },
    ...errors(401, 404, 422),
  },
});

export const deleteProjectComment = defineOperation({
  method: 'DELETE',
  path: '/v1.0/projects/:projectId/comments/:commentId',
  summary: 'Delete a comment of a project at its network',
  description:
    'On a Facebook page or an Instagram account that came with a connected account (`channel.canDelete`), the ' +
    'comment is deleted at the provider first (Graph’s `DELETE /{comment-id}`), then here with its replies, for every ' +
    'user who follows the page; the network’s own webhook for it then changes nothing. A refusal changes nothing ' +
    'here: 409 (the account needs reconnecting, the provider no longer has the comment, or the channel cannot ' +
    'delete) or 502 (the provider cannot be reached).',
  tag: projectTag,
  access: 'user',
  params: z.object({ projectId: id(), commentId: id() }),
  responses: {
    204: { description: 'Deleted at the network and here.' },
    ...errors(401, 404),
    409: {
      description:
        'Not deleted: the account needs reconnecting, the comment is gone there, or the channel cannot delete.',
      body: ErrorBodySchema,
    },
    ...badGateway,
  },
});

/** The longest reply (Facebook takes 8,000 characters; a reply is a few lines). */
export const REPLY_MAX = 2000;

/** A reply's words: trimmed, not empty, lines allowed, no other control characters. */
export const replyMessage = () =>
  z.string({ error: 'required' }).check(
    z.trim(),
    z.minLength(1, { error: 'required', abort: true }),
    z.maxLength(REPLY_MAX, `max:${REPLY_MAX}`),
    z.refine((value) => hasNoControlCharacters(value.replace(/[\n\t]/g, ' ')), 'control'),
  );

/**
 * A reply: its words, and the attempt it belongs to: an id the client makes when the person starts
 * the reply and sends again with every retry of it, so a retry never posts the reply twice.
 */
export const ReplyBodySchema = z.object({ message: replyMessage(), attemptId: z.uuid({ error: 'invalid' }) });
export type ReplyBody = z.infer<typeof ReplyBodySchema>;

export const replyToProjectComment = defineOperation({
  method: 'POST',
  path: '/v1.0/projects/:projectId/comments/:commentId/replies',
  summary: "Reply to a comment as its channel, through the channel's provider",
  description:
    'Posts the reply at the provider with the token of the account that brought the channel (the sandbox outside ' +
    'production), then keeps it under its parent (a reply to a reply goes under the same parent, as Facebook ' +
    "nests them) and counts it in the parent's `channelReplyCount`. 409 when the channel came without a connected " +
    'account or its kind takes no replies; the provider refusing the token makes the account `needs_reconnect` ' +
    '(409); a provider that cannot be reached, 502. The reply is not stored unless the provider took it. ' +
    '`attemptId` makes it idempotent: the same attempt sent again answers the reply already posted (201) without ' +
    'posting it again, 409 while the first is still being posted, and 409 when it named another comment or other words.',
  tag: projectTag,
  access: 'user',
  params: z.object({ projectId: id(), commentId: id() }),
  body: ReplyBodySchema,
  responses: {
    201: {
      description: 'The reply, and its parent as it is now.',
      body: z.object({ reply: CommentSchema, parent: CommentSchema }),
    },
    ...errors(401, 404, 429, ...BODY_ERRORS),
    409: {
      description:
        'The channel cannot reply from here, its account needs reconnecting, or this attempt is still being posted or was for another reply.',
      body: ErrorBodySchema,
    },
    ...badGateway,
  },
});
