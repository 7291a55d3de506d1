import { z } from 'zod/mini';
import { CONTROL_CHARACTERS, id, LIMITS, SENTIMENTS, text, timestamp } from './fields';
import { NETWORKS } from './inbox';
import { BODY_ERRORS, defineOperation, errors } from './operation';

/**
 * Inbox rules (docs/product.md#inbox-rules): per project, what Agorapulse calls its assistant. When
 * a new comment on one of the project's channels matches a rule (its words, its sentiment, its
 * network: each given one must hold), the rule's actions are taken as it arrives, in the ingestion
 * job, never in a request: mark it done, hide it (on the network where the channel's account can),
 * bookmark it, alert the owner (the bell, and mail as the alert settings say). The comment then
 * says which rule did what.
 */
const tag = 'Inbox rules';

/** At most this many rules a project: a short list a person reads at a glance. */
export const MAX_INBOX_RULES = 20;
/** At most this many words a rule looks for (any of them matches). */
export const MAX_RULE_WORDS = 20;
/** A word or phrase a rule looks for: 2 to 100 characters. */
export const RULE_WORD_MAX = 100;
/** How many of the project's latest comments a rule is tried on before it is saved. */
export const RULE_PREVIEW_COMMENTS = 500;

/** What a rule does: mark done, hide, bookmark, and tell the owner (an alert, docs/product.md#alerts). */
export const RULE_ACTIONS = ['markDone', 'hide', 'bookmark', 'alert'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

/** A rule's words as a person types them: phrases separated by commas, each trimmed, none empty. */
export const ruleWordsOf = (words: string): string[] =>
  words
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);

/** Words or phrases separated by commas: each 2 to RULE_WORD_MAX characters, at most MAX_RULE_WORDS. */
const ruleWords = () =>
  z.string({ error: 'string' }).check(
    z.trim(),
    z.maxLength(MAX_RULE_WORDS * (RULE_WORD_MAX + 2), `max:${MAX_RULE_WORDS * (RULE_WORD_MAX + 2)}`),
    z.refine((words) => !CONTROL_CHARACTERS.test(words), 'control'),
    z.refine(
      (words) => ruleWordsOf(words).every((word) => word.length >= 2 && word.length <= RULE_WORD_MAX),
      'ruleWord',
    ),
    z.refine((words) => ruleWordsOf(words).length <= MAX_RULE_WORDS, 'ruleWords'),
  );

/** What a rule looks for, and what it does: at least one condition and one action. */
export const InboxRuleBodySchema = z
  .object({
    name: text(LIMITS.name),
    /** Words or phrases separated by commas: any of them in the comment (case and accents aside); empty: any words. */
    words: z.optional(ruleWords()),
    /** The comment's sentiment (applied, or proposed while it waits for review); absent: any. */
    sentiment: z.optional(z.enum(SENTIMENTS, { error: 'in' })),
    /** The channel's network; absent: any. */
    network: z.optional(z.enum(NETWORKS, { error: 'in' })),
    actions: z
      .array(z.enum(RULE_ACTIONS, { error: 'in' }), { error: 'invalid' })
      .check(z.minLength(1, { error: 'ruleNeedsAction' })),
  })
  .check(
    z.refine(
      (rule) => ruleWordsOf(rule.words ?? '').length > 0 || rule.sentiment !== undefined || rule.network !== undefined,
      {
        error: 'ruleNeedsCondition',
        path: ['words'],
        // Said with the other fields' errors, not only once they are right (a send shows every
        // error); only the conditions themselves must be readable for it.
        when: ({ issues }) =>
          !issues.some((issue) => ['words', 'sentiment', 'network'].includes(String(issue.path?.[0]))),
      },
    ),
  );
export type InboxRuleBody = z.infer<typeof InboxRuleBodySchema>;

export const InboxRuleSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    words: z.array(z.string()),
    sentiment: z.nullable(z.enum(SENTIMENTS)),
    network: z.nullable(z.enum(NETWORKS)),
    actions: z.array(z.enum(RULE_ACTIONS)),
    createdAt: timestamp(),
  })
  .register(z.globalRegistry, { id: 'InboxRule' });
export type InboxRule = z.infer<typeof InboxRuleSchema>;

const projectParams = z.object({ projectId: id() });
const ruleParams = z.object({ projectId: id(), ruleId: id() });

export const listInboxRules = defineOperation({
  method: 'GET',
  path: '/v1.0/projects/:projectId/rules',
  summary: "A project's inbox rules",
  description: `All of them (at most ${MAX_INBOX_RULES}), oldest first: the order they are applied in.`,
  tag,
  access: 'user',
  params: projectParams,
  responses: {
    200: { description: 'The rules.', body: z.object({ data: z.array(InboxRuleSchema) }) },
    ...errors(401, 404),
  },
});

export const createInboxRule = defineOperation({
  method: 'POST',
  path: '/v1.0/projects/:projectId/rules',
  summary: 'Add an inbox rule to a project',
  description: `At least one condition and one action. At most ${MAX_INBOX_RULES} a project: one more is a 409.`,
  tag,
  access: 'user',
  params: projectParams,
  body: InboxRuleBodySchema,
  responses: {
    201: { description: 'The rule.', body: InboxRuleSchema },
    ...errors(401, 404, 409, ...BODY_ERRORS),
  },
});

export const updateInboxRule = defineOperation({
  method: 'PUT',
  path: '/v1.0/projects/:projectId/rules/:ruleId',
  summary: 'Change an inbox rule',
  description: 'What it looks for and what it does, from the next comment on. Comments it acted on stay as they are.',
  tag,
  access: 'user',
  params: ruleParams,
  body: InboxRuleBodySchema,
  responses: {
    200: { description: 'The rule, changed.', body: InboxRuleSchema },
    ...errors(401, 404, ...BODY_ERRORS),
  },
});

export const deleteInboxRule = defineOperation({
  method: 'DELETE',
  path: '/v1.0/projects/:projectId/rules/:ruleId',
  summary: 'Delete an inbox rule',
  description: 'Comments it acted on stay as they are, and keep saying it did.',
  tag,
  access: 'user',
  params: ruleParams,
  responses: { 204: { description: 'Deleted.' }, ...errors(401, 404) },
});

export const previewInboxRule = defineOperation({
  method: 'POST',
  path: '/v1.0/projects/:projectId/rules/preview',
  summary: 'Try a rule on past comments',
  description:
    `How many of the project's latest ${RULE_PREVIEW_COMMENTS} top-level comments (not its channels' own replies) ` +
    'the rule would have matched, and the first few of them, before it is saved. Nothing changes.',
  tag,
  access: 'user',
  params: projectParams,
  body: InboxRuleBodySchema,
  responses: {
    200: {
      description: 'What it would have matched.',
      body: z.object({
        matched: z.number(),
        of: z.number(),
        examples: z.array(z.object({ id: z.uuid(), authorName: z.string(), message: z.string() })),
      }),
    },
    ...errors(401, 404, ...BODY_ERRORS),
  },
});
