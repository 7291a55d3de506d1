import { z } from 'zod/mini';
import { CHANNEL_KINDS, distinctIds, id, oneOf, timestamp, type ChannelKind } from './fields';
import { pagedSchema } from './common';
import {
  CommentSchema,
  COMMENTS_PAGE_SIZE,
  flag,
  BULK_COMMENTS_BODY_BYTES,
  MAX_BULK_COMMENTS,
  MAX_COMMENTS_PAGE_NUMBER,
  pageNumber,
  parseCommentsCursor,
  sentiment,
  words,
  WORDS_MIN_LENGTH,
} from './comments';
import { BODY_ERRORS, defineOperation, errors } from './operation';

/**
 * The inbox (docs/product.md#inbox; docs/decisions/063): every comment on every channel of every
 * project of the user, in one list, to triage to zero. Open until the user marks it done (alone,
 * a selection, or everything matching, with undo) or replies to it; done is the user's own state,
 * not the admin's review. Top-level comments, each with its replies, as a project's list has them.
 */
const tag = 'Inbox';

/** The networks a channel kind belongs to: a filter by network is a filter by these kinds. */
export const NETWORKS = ['facebook', 'instagram', 'linkedin', 'tiktok'] as const;
export type Network = (typeof NETWORKS)[number];
export const NETWORK_KINDS: Record<Network, ChannelKind[]> = {
  facebook: ['facebook-page', 'facebook-ad-account'],
  instagram: ['instagram-account'],
  linkedin: ['linkedin-organization'],
  tiktok: ['tiktok-user'],
};
export const networkOf = (kind: ChannelKind): Network =>
  NETWORKS.find((network) => NETWORK_KINDS[network].includes(kind))!;
// Every kind has a network.
CHANNEL_KINDS.forEach((kind) => networkOf(kind));

/** How many characters a search by words takes (as the review's). */
export const INBOX_WORDS_MIN_LENGTH = WORDS_MIN_LENGTH;

/** Open (to triage) or done. */
export const INBOX_STATES = ['open', 'done'] as const;
export type InboxState = (typeof INBOX_STATES)[number];

/**
 * The inbox's orders: negatives first, then the rest, each newest first (the default: the
 * unhappy customers before anyone else), or newest first whatever the sentiment.
 */
export const INBOX_ORDERS = ['negativeFirst', 'newest'] as const;
export type InboxOrder = (typeof INBOX_ORDERS)[number];

/**
 * Where the next page starts: the last row's rank in the order (0 for a negative comment listed
 * first, 1 for the rest; always 0 newest first), its `publishedAt` and its `id`, as
 * `{rank}_{publishedAt}_{id}`. Rows marked done while one scrolls leave the list; a cursor skips
 * nothing for it.
 */
export function parseInboxCursor(value: string): { rank: 0 | 1; publishedAt: string; id: string } | undefined {
  const match = /^([01])_(.*)$/.exec(value);
  const rest = match && parseCommentsCursor(match[2]!);
  return rest ? { rank: match![1] === '0' ? 0 : 1, ...rest } : undefined;
}
export const inboxCursor = (rank: 0 | 1, comment: { publishedAt: string; id: string }) =>
  `${rank}_${comment.publishedAt}_${comment.id}`;

/** A comment of the inbox: a project's comment (with its replies), the projects that follow its channel, and when it was done. */
export const InboxCommentSchema = z
  .extend(CommentSchema, {
    replies: z.array(CommentSchema),
    /** The user's projects that follow its channel, by name (at least one). */
    projects: z.array(z.object({ id: z.uuid(), name: z.string() })),
    /** When the user marked it done (or replied to it); null while open. */
    doneAt: z.nullable(timestamp()),
    /** Where the next page starts after it, in the order it was listed in (`after`). */
    cursor: z.string(),
  })
  .register(z.globalRegistry, { id: 'InboxComment' });
export type InboxComment = z.infer<typeof InboxCommentSchema>;

/**
 * What the inbox page (`/inbox`) calls its filters in its address where it does not use the API's
 * names; the links of alerts, in the app and in mails, are made with them (`alertPathOf`).
 */
export const INBOX_PAGE_NAMES = { projectId: 'project', channelId: 'channel', commentId: 'comment' } as const;

/** The inbox's filters (kept in the page's address), shared by the list, its count and "done for all matching". */
export const inboxFilterShape = {
  /** One of the user's projects: the channels it follows. */
  projectId: z.optional(id()),
  channelId: z.optional(id()),
  /** One comment, by id: where a notification about it leads (`alertPathOf`). */
  commentId: z.optional(id()),
  network: z.optional(oneOf(NETWORKS)),
  sentiment: z.optional(sentiment()),
  /** `open` when absent. */
  state: z.optional(oneOf(INBOX_STATES)),
  repliedByYou: flag(),
  isBookmarked: flag(),
  isHidden: flag(),
  message: words(),
  authorName: words(),
};

export const listInbox = defineOperation({
  method: 'GET',
  path: '/v1.0/inbox',
  summary: 'The inbox: every comment on the channels of your projects',
  description:
    'The top-level comments on every channel a project of yours follows, each once, with its replies and the ' +
    `projects that follow its channel; the open ones unless \`state=done\`. \`orderBy=negativeFirst\` (the default) ` +
    `lists the negative ones first (with them the unclassified ones in review whose \`proposedSentiment\` is \`NEGATIVE\`), then the rest, each newest first; \`newest\` newest first. ${COMMENTS_PAGE_SIZE} a page, ` +
    `by \`pageNumber\` (up to ${MAX_COMMENTS_PAGE_NUMBER}) or by \`after\` (the \`cursor\` of the last comment shown). ` +
    '`meta.total` counts the matches exactly, or up to 1,000 with a filter by words (then `meta.totalIsAtLeast`).',
  tag,
  access: 'user',
  query: z.object({
    pageNumber: pageNumber(),
    after: z.optional(z.string().check(z.refine((value) => parseInboxCursor(value) !== undefined, 'invalid'))),
    orderBy: z.optional(oneOf(INBOX_ORDERS)),
    ...inboxFilterShape,
  }),
  responses: {
    200: { description: 'A page of the inbox.', body: pagedSchema(InboxCommentSchema) },
    ...errors(401, 422),
  },
});

export const InboxCountSchema = z
  .object({
    /** Open comments on the channels of your projects. */
    open: z.number().check(z.int(), z.minimum(0)),
  })
  .register(z.globalRegistry, { id: 'InboxCount' });

export const inboxCount = defineOperation({
  method: 'GET',
  path: '/v1.0/inbox/count',
  summary: 'How many comments of your inbox are open',
  description: 'What the header shows beside the inbox: read from the counts kept as comments change.',
  tag,
  access: 'user',
  responses: {
    200: { description: 'The open count.', body: InboxCountSchema },
    ...errors(401),
  },
});

export const InboxDoneResultSchema = z
  .object({
    /** Names this change, for its undo; null when nothing changed. */
    batchId: z.nullable(z.uuid()),
    /** How many comments changed. */
    updated: z.number().check(z.int(), z.minimum(0)),
  })
  .register(z.globalRegistry, { id: 'InboxDoneResult' });
export type InboxDoneResult = z.infer<typeof InboxDoneResultSchema>;

export const markInboxComments = defineOperation({
  method: 'POST',
  path: '/v1.0/inbox/done',
  summary: 'Mark comments of your inbox done, or open again',
  description:
    `Up to ${MAX_BULK_COMMENTS} comments of your inbox, by id, in one transaction: \`done: true\` marks the open ` +
    'ones done, `false` opens the done ones again. A comment that is already so, or not in your inbox, is left ' +
    'alone (not counted in `updated`).',
  tag,
  access: 'user',
  // A thousand ids are about 39 KB: over the API's usual 16 KiB, as the review's bulk update is.
  bodyLimit: BULK_COMMENTS_BODY_BYTES,
  body: z.object({
    ids: z
      .array(z.uuid({ error: 'invalid' }))
      .check(
        z.minLength(1, 'required'),
        z.maxLength(MAX_BULK_COMMENTS, `max:${MAX_BULK_COMMENTS}`),
        z.refine(distinctIds, 'distinct'),
      ),
    done: z.boolean({ error: 'boolean' }),
  }),
  responses: {
    200: { description: 'What changed.', body: InboxDoneResultSchema },
    ...errors(401, ...BODY_ERRORS),
  },
});

export const markMatchingInboxDone = defineOperation({
  method: 'POST',
  path: '/v1.0/inbox/done-matching',
  summary: 'Mark every open comment matching the filters done',
  description:
    '"Select all matching": every open comment of your inbox matching `filter`, in one transaction. ' +
    '`expectedTotal` is the count you confirmed; when more match now, nothing changes and the answer is 409 ' +
    '(confirm the new count). Fewer is fine: the others were done meanwhile.',
  tag,
  access: 'user',
  body: z.object({
    filter: z.object({
      projectId: z.optional(z.uuid({ error: 'invalid' })),
      channelId: z.optional(z.uuid({ error: 'invalid' })),
      commentId: z.optional(z.uuid({ error: 'invalid' })),
      network: z.optional(oneOf(NETWORKS)),
      sentiment: z.optional(sentiment()),
      repliedByYou: z.optional(z.boolean({ error: 'boolean' })),
      isBookmarked: z.optional(z.boolean({ error: 'boolean' })),
      isHidden: z.optional(z.boolean({ error: 'boolean' })),
      message: words(),
      authorName: words(),
    }),
    expectedTotal: z.number({ error: 'integer' }).check(z.int('integer'), z.minimum(1, 'min:1')),
  }),
  responses: {
    200: { description: 'What changed.', body: InboxDoneResultSchema },
    ...errors(401, 409, ...BODY_ERRORS),
  },
});

export const undoInboxDone = defineOperation({
  method: 'POST',
  path: '/v1.0/inbox/done/:batchId/undo',
  summary: 'Open again the comments a "done" made done',
  description:
    'The comments one of your "done" changes marked (by id or matching), open again, except those opened since. ' +
    'An unknown batch, or one that is not yours, is 404.',
  tag,
  access: 'user',
  params: z.object({ batchId: id() }),
  responses: {
    200: { description: 'What changed back.', body: InboxDoneResultSchema },
    ...errors(401, 404),
  },
});
