import { z } from 'zod/mini';
import { replyMessage } from './comments';
import { id, text, timestamp } from './fields';
import { BODY_ERRORS, defineOperation, errors } from './operation';

/**
 * Saved replies (docs/product.md#saved-replies): a user's own short texts with a title, inserted
 * from the reply box by typing `/` and a few letters of the title. A text may name the variables
 * below between braces; the reply box fills them in for the comment being answered, so the person
 * reads the reply as it will go out before sending it.
 */
const tag = 'Saved replies';

/** The longest title: a few words to find the reply by. */
export const SAVED_REPLY_TITLE_MAX = 80;

/** How many saved replies a user keeps: a short list to pick from, read in one request. */
export const MAX_SAVED_REPLIES = 200;

/**
 * The variables a saved reply may name, `{firstName}` and `{pageName}`: the commenter's first
 * name, and the name of the channel (the page, account or organization) that answers.
 */
export const SAVED_REPLY_VARIABLES = ['firstName', 'pageName'] as const;
export type SavedReplyVariable = (typeof SAVED_REPLY_VARIABLES)[number];

/** A word between braces, spaces around it allowed ("{ firstName }" is meant as the variable). */
const VARIABLE = /\{\s*([^{}\s]*)\s*\}/g;
const isVariable = (name: string): name is SavedReplyVariable =>
  (SAVED_REPLY_VARIABLES as readonly string[]).includes(name);

const NAMES = SAVED_REPLY_VARIABLES.join('|');
/**
 * A variable's near misses, which would go out as typed or half filled: a name in words ("{first
 * name}"), a known name with a brace missing ("{firstName", "firstName}") or doubled
 * ("{{firstName}}", which reads "{Giulia}").
 */
const NEAR_MISS = new RegExp(
  [
    String.raw`\{\s*[A-Za-z]+(?: +[A-Za-z]+)+\s*\}`,
    String.raw`\{\s*(?:${NAMES})\b(?!\s*\})`,
    String.raw`(?<!\{\s*)\b(?:${NAMES})\s*\}`,
    String.raw`\{\s*\{\s*(?:${NAMES})\s*\}|\{\s*(?:${NAMES})\s*\}\s*\}`,
  ].join('|'),
);

/**
 * Whether every `{…}` in the text names a known variable, and none is a near miss of one (a typo
 * would otherwise go out as typed). Braces around other things ("{: a smiley") stay the writer's.
 */
export const namesKnownVariables = (message: string) =>
  [...message.matchAll(VARIABLE)].every(([, name]) => isVariable(name!)) && !NEAR_MISS.test(message);

/**
 * The text with its variables filled in. A value the comment lacks (a commenter the network does
 * not name) leaves no gap: the variable goes with the space before it, so "Hi {firstName}, thanks"
 * reads "Hi, thanks"; and with the comma before it, so "Thank you, {firstName}!" reads "Thank
 * you!" and "Thank you, {firstName}, for" reads "Thank you for".
 */
export function fillSavedReply(message: string, values: Partial<Record<SavedReplyVariable, string>>): string {
  return message.replace(
    /(,?)( ?)\{\s*([^{}\s]*)\s*\}([,;:]\s*)?/g,
    (whole, comma: string, space: string, name: string, after: string | undefined, offset: number) => {
      if (!isVariable(name)) return whole;
      const value = values[name]?.trim();
      if (value) return `${comma}${space}${value}${after ?? ''}`;
      // "{firstName}, welcome" opens with "welcome", not ", welcome".
      if (offset === 0) return '';
      if (comma && after?.startsWith(',')) return ' ';
      return after ?? '';
    },
  );
}

/** A commenter's first name, as a reply greets them: the first word of the name the network gives. */
export const firstNameOf = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] ?? '';

export const SavedReplySchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    message: z.string(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .register(z.globalRegistry, { id: 'SavedReply' });
export type SavedReply = z.infer<typeof SavedReplySchema>;

/** A saved reply's title and words: a reply's own rules, and only the known variables. */
export const SavedReplyBodySchema = z.object({
  title: text(SAVED_REPLY_TITLE_MAX),
  message: replyMessage().check(z.refine(namesKnownVariables, 'variable')),
});
export type SavedReplyBody = z.infer<typeof SavedReplyBodySchema>;

export const listSavedReplies = defineOperation({
  method: 'GET',
  path: '/v1.0/saved-replies',
  summary: "The caller's saved replies",
  description: `All of them (at most ${MAX_SAVED_REPLIES}), by title.`,
  tag,
  access: 'user',
  responses: {
    200: { description: 'The saved replies.', body: z.object({ data: z.array(SavedReplySchema) }) },
    ...errors(401),
  },
});

export const createSavedReply = defineOperation({
  method: 'POST',
  path: '/v1.0/saved-replies',
  summary: 'Save a reply',
  description:
    'A title the caller has not used yet (letter case aside: a 422 on `title` otherwise). ' +
    `At most ${MAX_SAVED_REPLIES} saved replies: one more is a 409.`,
  tag,
  access: 'user',
  body: SavedReplyBodySchema,
  responses: {
    201: { description: 'The saved reply.', body: SavedReplySchema },
    ...errors(401, 409, ...BODY_ERRORS),
  },
});

const savedReplyParams = z.object({ id: id() });

export const updateSavedReply = defineOperation({
  method: 'PATCH',
  path: '/v1.0/saved-replies/:id',
  summary: 'Change a saved reply',
  description: "Its title and words. Another user's saved reply is not found (404).",
  tag,
  access: 'user',
  params: savedReplyParams,
  body: SavedReplyBodySchema,
  responses: {
    200: { description: 'The saved reply, changed.', body: SavedReplySchema },
    ...errors(401, 404, ...BODY_ERRORS),
  },
});

export const deleteSavedReply = defineOperation({
  method: 'DELETE',
  path: '/v1.0/saved-replies/:id',
  summary: 'Delete a saved reply',
  description: "Replies already posted with it stay. Another user's saved reply is not found (404).",
  tag,
  access: 'user',
  params: savedReplyParams,
  responses: { 204: { description: 'Deleted.' }, ...errors(401, 404) },
});
