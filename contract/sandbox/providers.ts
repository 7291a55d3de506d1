import { z } from 'zod/mini';
import { ErrorBodySchema } from '../common';
import { ReplyBodySchema } from '../comments';
import { LIMITS, text } from '../fields';
import { BODY_ERRORS, defineOperation, errors, type Operation } from '../operation';

/**
 * The sandbox providers (decision 025): the parts of Facebook's and LinkedIn's OAuth pages and
 * APIs the adapters use (server/integrations/providers), served by the API outside a deployment
 * so that `npm start` connects accounts end to end with no provider app. Each answers in its
 * provider's own shapes and error codes (not this API's), from made-up people, pages, Instagram and
 * ad accounts and organizations. Local mode points the adapters here; a deployment at the real
 * providers, with the same code.
 */
const tag = 'Sandbox providers';

const version = z.object({ version: z.string() });
const raw = (description: string) => ({ description });

function sandboxOperation(
  method: 'GET' | 'POST' | 'DELETE',
  path: `/${string}`,
  summary: string,
  responses: Operation['responses'],
  params?: z.core.$ZodObject,
) {
  return defineOperation({ method, path, summary, tag, access: 'public', params, responses });
}

const graph = {
  200: raw("Graph's answer (JSON)."),
  400: raw("Graph's error: `{ error: { code, type, message } }` (190: the token no longer works; 100: a bad code)."),
  403: raw("Graph's error 200: a permission not granted."),
  429: raw("Graph's error 4: the app's rate limit."),
};

export const showSandboxFacebookDialog = sandboxOperation(
  'GET',
  '/sandbox/facebook/:version/dialog/oauth',
  "Facebook's login dialog: who to be, and Allow, Allow without email or Cancel (HTML)",
  { 200: raw('The dialog (text/html).'), 303: raw('Back with an error.'), 400: raw('Unknown app or redirect URI.') },
  version,
);
export const decideSandboxFacebookDialog = sandboxOperation(
  'POST',
  '/sandbox/facebook/:version/dialog/oauth',
  "The dialog's answer: back with `code`, `granted_scopes` and `state`, or `error=access_denied`",
  { 303: raw('Back to the redirect URI.'), 400: raw('An incomplete form, unknown app or redirect URI.') },
  version,
);
/** The sandbox's page where someone plays its people: comment, edit, remove (HTML forms). */
export const SANDBOX_COMMENT_PAGE = '/sandbox/facebook/comments';
const commentId = z.object({ commentId: z.string() });
export const showSandboxCommentPage = sandboxOperation(
  'GET',
  SANDBOX_COMMENT_PAGE,
  "A page to comment as one of the sandbox's people on its pages and Instagram accounts (HTML)",
  { 200: raw('The page (text/html); `channel`, `author` and `done` in the query say what was chosen and done.') },
);
export const commentOnSandboxCommentPage = sandboxOperation(
  'POST',
  SANDBOX_COMMENT_PAGE,
  "The page's form: `channel`, `author`, `message`, `twice`; delivered as Meta's webhook when subscribed",
  { 303: raw('Back to the page, saying it is done.'), 400: raw('The page again, saying what is wrong by the field.') },
);
export const editOnSandboxCommentPage = sandboxOperation(
  'POST',
  `${SANDBOX_COMMENT_PAGE}/:commentId/edit`,
  "A comment's new text (`message`), from the page",
  {
    303: raw('Back to the page, saying it is done.'),
    400: raw('The page again, saying what is wrong by the field.'),
    404: raw('No such comment (HTML).'),
  },
  commentId,
);
export const removeOnSandboxCommentPage = sandboxOperation(
  'POST',
  `${SANDBOX_COMMENT_PAGE}/:commentId/remove`,
  'A comment removed, with its replies, from the page',
  { 303: raw('Back to the page, saying it is done.'), 404: raw('No such comment (HTML).') },
  commentId,
);
export const exchangeSandboxFacebookCode = sandboxOperation(
  'GET',
  '/sandbox/facebook/:version/oauth/access_token',
  'The code for a user token (once, for the same redirect URI, within ten minutes)',
  graph,
  version,
);
export const showSandboxFacebookMe = sandboxOperation(
  'GET',
  '/sandbox/facebook/:version/me',
  'The person',
  graph,
  version,
);
export const listSandboxFacebookPermissions = sandboxOperation(
  'GET',
  '/sandbox/facebook/:version/me/permissions',
  'The permissions the person granted',
  graph,
  version,
);
export const listSandboxFacebookPages = sandboxOperation(
  'GET',
  '/sandbox/facebook/:version/me/accounts',
  'The pages the person manages, with their Instagram business accounts',
  graph,
  version,
);
export const listSandboxFacebookAdAccounts = sandboxOperation(
  'GET',
  '/sandbox/facebook/:version/me/adaccounts',
  "The person's ad accounts",
  graph,
  version,
);
const withObject = z.object({ version: z.string(), objectId: z.string() });
export const listSandboxFacebookComments = sandboxOperation(
  'GET',
  '/sandbox/facebook/:version/:objectId/comments',
  "The comments on a page or Instagram account of the person's (one stream a channel; Graph's are per post)",
  graph,
  withObject,
);
export const replySandboxFacebookComment = sandboxOperation(
  'POST',
  '/sandbox/facebook/:version/:objectId/comments',
  'A reply under the comment `objectId`, as its page (`message`): the reply’s id',
  graph,
  withObject,
);
export const hideSandboxFacebookComment = sandboxOperation(
  'POST',
  '/sandbox/facebook/:version/:commentId',
  'Hides a comment on the page (`is_hidden=true`) or the Instagram account (`hide=true`), or shows it again: `{ success: true }`',
  graph,
  z.object({ version: z.string(), commentId: z.string() }),
);
export const deleteSandboxFacebookComment = sandboxOperation(
  'DELETE',
  '/sandbox/facebook/:version/:commentId',
  'Deletes a comment on the page or the Instagram account, with its replies, then delivers `remove` to the app’s webhook as Meta does: `{ success: true }`',
  graph,
  z.object({ version: z.string(), commentId: z.string() }),
);
const withPage = z.object({ version: z.string(), pageId: z.string() });
export const subscribeSandboxFacebookPage = sandboxOperation(
  'POST',
  '/sandbox/facebook/:version/:pageId/subscribed_apps',
  "Subscribes the person's page to the app's webhooks (`subscribed_fields=feed`): `{ success: true }`",
  graph,
  withPage,
);
export const unsubscribeSandboxFacebookPage = sandboxOperation(
  'DELETE',
  '/sandbox/facebook/:version/:pageId/subscribed_apps',
  "Ends the page's subscription to the app's webhooks: `{ success: true }`",
  graph,
  withPage,
);

const linkedin = {
  200: raw("LinkedIn's answer (JSON)."),
  401: raw("LinkedIn's `INVALID_ACCESS_TOKEN`."),
  403: raw("LinkedIn's `ACCESS_DENIED`: a permission not granted."),
  404: raw('No such organization.'),
  429: raw("LinkedIn's throttle."),
};

export const showSandboxLinkedInAuthorization = sandboxOperation(
  'GET',
  '/sandbox/linkedin/oauth/v2/authorization',
  "LinkedIn's authorization page (HTML)",
  { 200: raw('The page (text/html).'), 303: raw('Back with an error.'), 400: raw('Unknown client or redirect URI.') },
);
export const decideSandboxLinkedInAuthorization = sandboxOperation(
  'POST',
  '/sandbox/linkedin/oauth/v2/authorization',
  "The page's answer: back with `code` and `state`, or `error=user_cancelled_authorize`",
  { 303: raw('Back to the redirect URI.'), 400: raw('An incomplete form, unknown client or redirect URI.') },
);
export const exchangeSandboxLinkedInToken = sandboxOperation(
  'POST',
  '/sandbox/linkedin/oauth/v2/accessToken',
  'A code or a refresh token for an access token (form-encoded, RFC 6749)',
  { 200: raw('The tokens.'), 400: raw('`invalid_grant` and the like.'), 401: raw('`invalid_client`.') },
);
export const showSandboxLinkedInUserInfo = sandboxOperation(
  'GET',
  '/sandbox/linkedin/v2/userinfo',
  'The person (OpenID Connect)',
  linkedin,
);
export const listSandboxLinkedInOrganizationAcls = sandboxOperation(
  'GET',
  '/sandbox/linkedin/rest/organizationAcls',
  'The organizations the person administers',
  linkedin,
);
export const showSandboxLinkedInOrganization = sandboxOperation(
  'GET',
  '/sandbox/linkedin/rest/organizations/:id',
  'One organization',
  linkedin,
  z.object({ id: z.string() }),
);
export const listSandboxLinkedInPosts = sandboxOperation(
  'GET',
  '/sandbox/linkedin/rest/posts',
  "An organization's posts (`q=author`, `author` its URN; `start`, `count`)",
  linkedin,
);
export const listSandboxLinkedInComments = sandboxOperation(
  'GET',
  '/sandbox/linkedin/rest/socialActions/:target/comments',
  "A post's first-level comments, or a comment's replies (`target` its URN, escaped; `start`, `count`)",
  linkedin,
  z.object({ target: z.string() }),
);

const tiktok = {
  200: raw('TikTok\'s answer (JSON, with `error.code: "ok"`).'),
  401: raw("TikTok's `access_token_invalid` or `scope_not_authorized`."),
  429: raw("TikTok's `rate_limit_exceeded`."),
};

export const showSandboxTikTokAuthorize = sandboxOperation(
  'GET',
  '/sandbox/tiktok/v2/auth/authorize/',
  "TikTok's Login Kit authorization page (HTML)",
  { 200: raw('The page (text/html).'), 303: raw('Back with an error.'), 400: raw('Unknown app or redirect URI.') },
);
export const decideSandboxTikTokAuthorize = sandboxOperation(
  'POST',
  '/sandbox/tiktok/v2/auth/authorize/',
  "The page's answer: back with `code`, `scopes` and `state`, or `error=access_denied`",
  { 303: raw('Back to the redirect URI.'), 400: raw('An incomplete form, unknown app or redirect URI.') },
);
export const exchangeSandboxTikTokToken = sandboxOperation(
  'POST',
  '/sandbox/tiktok/v2/oauth/token/',
  'A code or a refresh token for an access token (form-encoded)',
  { 200: raw('The tokens and the `open_id`.'), 400: raw('`invalid_grant`, `invalid_client` and the like.') },
);
export const showSandboxTikTokUserInfo = sandboxOperation(
  'GET',
  '/sandbox/tiktok/v2/user/info/',
  'The user (Display API)',
  tiktok,
);
export const listSandboxTikTokVideos = sandboxOperation(
  'POST',
  '/sandbox/tiktok/v2/video/list/',
  "The user's videos, a page at a time (Display API)",
  tiktok,
);

export const sandboxExpireTokens = defineOperation({
  method: 'POST',
  path: '/dev/sandbox/people/:personId/expire-tokens',
  summary: "Make a sandbox person's access tokens stop working",
  description:
    'As logging out of Facebook, or a LinkedIn token running out, does: the next call with them answers the ' +
    "provider's expired-token error, and the account they belong to needs a reconnect.",
  tag,
  access: 'public',
  params: z.object({ personId: z.string() }),
  responses: {
    204: { description: 'Done.' },
    404: { description: 'No sandbox person has this id.', body: ErrorBodySchema },
  },
});

/** A comment one of the sandbox's made-up people wrote on a page or an Instagram account. */
/** What became of a change's webhook (server/integrations/sandbox/facebook.ts SandboxDelivery). */
export const SANDBOX_DELIVERY_OUTCOMES = ['delivered', 'refused', 'notSubscribed', 'noWebhook', 'heldBack'] as const;
export type SandboxDeliveryOutcome = (typeof SANDBOX_DELIVERY_OUTCOMES)[number];

export const SandboxCommentSchema = z.object({
  id: z.string(),
  message: z.string(),
  authorName: z.string(),
  parentId: z.nullable(z.string()),
  /**
   * What became of its webhook: `delivered` only when the app answered 200, `refused` with the
   * app's `status` otherwise. Absent on a LinkedIn organization (LinkedIn sends no webhook).
   */
  delivery: z.optional(
    z.object({ outcome: z.enum(SANDBOX_DELIVERY_OUTCOMES), status: z.nullable(z.number().check(z.int())) }),
  ),
});
export type SandboxComment = z.infer<typeof SandboxCommentSchema>;

const deliveries = {
  /** Deliver the webhook twice, as Meta sometimes does. */
  deliverTwice: z.optional(z.boolean()),
};

export const sandboxAddComment = defineOperation({
  method: 'POST',
  path: '/dev/sandbox/comments',
  summary: 'A made-up person comments on a sandbox page, Instagram account or LinkedIn organization',
  description:
    "As a person commenting on Facebook: the comment joins the channel's comments (what a fetch or the sync " +
    'reads) and, when the page is subscribed to the app (a connected account subscribes its pages), its webhook ' +
    'is delivered to `/webhooks/facebook`, signed as Meta signs it. On a LinkedIn organization (its numeric id) ' +
    'the comment goes under its post and arrives with the next sync: LinkedIn sends no webhook for it. ' +
    '`parentId` answers a comment of the channel.',
  tag,
  access: 'public',
  body: z.object({
    channelId: text(64),
    authorName: text(LIMITS.name),
    message: ReplyBodySchema.shape.message,
    parentId: z.optional(text(128)),
    ...deliveries,
  }),
  responses: {
    201: { description: 'Commented (and delivered, when subscribed).', body: SandboxCommentSchema },
    404: {
      description: 'No sandbox page, Instagram account or LinkedIn organization has this id, or no such parent.',
      body: ErrorBodySchema,
    },
    ...errors(...BODY_ERRORS),
  },
});

export const sandboxEditComment = defineOperation({
  method: 'PATCH',
  path: '/dev/sandbox/comments/:commentId',
  summary: "A made-up person edits their comment (Facebook pages' only: Instagram sends no edits)",
  description:
    '`deliverLate` holds the webhook back until the next change of the same comment has been delivered: an ' +
    'edit arriving after a newer change, as Meta may send it.',
  tag,
  access: 'public',
  params: z.object({ commentId: z.string() }),
  body: z.object({ message: ReplyBodySchema.shape.message, ...deliveries, deliverLate: z.optional(z.boolean()) }),
  responses: {
    200: { description: 'Edited (and delivered, when subscribed).', body: SandboxCommentSchema },
    404: { description: 'No comment of the sandbox people has this id.', body: ErrorBodySchema },
    ...errors(...BODY_ERRORS),
  },
});

export const sandboxRemoveComment = defineOperation({
  method: 'DELETE',
  path: '/dev/sandbox/comments/:commentId',
  summary: 'A made-up person removes their comment, with its replies',
  tag,
  access: 'public',
  params: z.object({ commentId: z.string() }),
  query: z.object({ deliverTwice: z.optional(z.enum(['true', 'false'])) }),
  responses: {
    204: { description: 'Removed (and delivered, when subscribed).' },
    404: { description: 'No comment of the sandbox people has this id.', body: ErrorBodySchema },
  },
});
