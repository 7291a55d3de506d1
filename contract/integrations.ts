import { z } from 'zod/mini';
import { ErrorBodySchema } from './common';
import { ACCOUNT_STATUSES, CHANNEL_KINDS, id, JOB_FAILURE_REASONS, timestamp } from './fields';
import { OAUTH_RETURN_PATHS, oauthCode, oauthRedirectUri, oauthState } from './oauth';
import { planLimitResponse } from './subscription';
import { BODY_ERRORS, defineOperation, errors } from './operation';

/**
 * Integrations: the user's connected accounts (docs/product.md#integrations, decisions 025 and 069). A user connects Facebook and
 * LinkedIn accounts through the provider's OAuth round trip; each account brings channels (pages,
 * Instagram and ad accounts; organizations), fetched in the background after it is stored.
 *
 * A round trip: `authorize` answers the provider's consent page address, carrying a `state` bound
 * to this session; the provider sends the browser back to the app's return address (below) with
 * `code` and `state` (Facebook adds `granted_scopes`); the app posts them to `store`, which checks
 * the state (once), exchanges the code (once) and answers the account. The spec's return `id` is
 * that state: it names the round trip, which says whether it connects a new account or
 * re-authorises one in place.
 */
const tag = 'Connected accounts';

export { OAUTH_RETURN_PATHS, type OAuthReturn } from './oauth';

export const ChannelSchema = z
  .object({
    _id: z.uuid(),
    type: z.enum(CHANNEL_KINDS),
    name: z.string(),
    /** The provider's id of the page, account or organization. */
    externalId: z.string(),
  })
  .register(z.globalRegistry, { id: 'Channel' });
export type Channel = z.infer<typeof ChannelSchema>;

/**
 * Why background work for the user stopped short (an account's channel fetch, a TikTok user's
 * import), and when: `reason` says what to do, in the app's words.
 */
export const JobFailureSchema = z
  .object({ reason: z.enum(JOB_FAILURE_REASONS), failedAt: timestamp() })
  .register(z.globalRegistry, { id: 'JobFailure' });
export type JobFailure = z.infer<typeof JobFailureSchema>;

const accountFields = {
  _id: z.uuid(),
  /** The person's name at the provider. */
  name: z.string(),
  is_primary: z.boolean(),
  /** `needs_reconnect` once the provider stopped taking its token (expired, revoked): reconnect it. */
  status: z.enum(ACCOUNT_STATUSES),
  /** What the person granted, and what the product asks for that they did not. */
  grantedScopes: z.array(z.string()),
  missingScopes: z.array(z.string()),
  /** When its channels were last fetched from the provider; null until the first fetch ends. */
  channelsFetchedAt: z.nullable(timestamp()),
  /** Whether a background fetch of its channels is under way (one job per kind of channel). */
  fetchingChannels: z.boolean(),
  /** Why the last background fetch of its channels stopped short, and when; null until one does. */
  fetchFailure: z.nullable(JobFailureSchema),
  createdAt: timestamp(),
};

export const FacebookAccountSchema = z
  .object({
    ...accountFields,
    facebook_pages: z.array(ChannelSchema),
    instagram_accounts: z.array(ChannelSchema),
    facebook_ad_accounts: z.array(ChannelSchema),
  })
  .register(z.globalRegistry, { id: 'FacebookAccount' });
export type FacebookAccount = z.infer<typeof FacebookAccountSchema>;

export const LinkedInAccountSchema = z
  .object({ ...accountFields, organizations: z.array(ChannelSchema) })
  .register(z.globalRegistry, { id: 'LinkedInAccount' });
export type LinkedInAccount = z.infer<typeof LinkedInAccountSchema>;

export const AuthorizeBodySchema = z.object({
  /** Re-authorise this account in place (its reconnect) rather than connect another. */
  accountId: z.optional(z.uuid({ error: 'invalid' })),
  /** Ask again for permissions the person declined (Facebook's `auth_type=rerequest`). */
  rerequest: z.optional(z.boolean()),
});
export const AuthorizeAnswerSchema = z.object({
  /** The provider's consent page: the browser goes there. */
  url: z.string(),
});

/** How the stored account came to be: a new one, the same one re-authorised, or one already there. */
export const STORE_OUTCOMES = ['connected', 'reconnected', 'alreadyConnected'] as const;

export const badGateway = {
  502: {
    description: 'The provider could not be reached, or answered something unusable.',
    body: ErrorBodySchema,
  },
} as const;

/** The store payloads: Facebook's names its redirect URI `facebook_redirect_uri`. */
export const StoreFacebookAccountBodySchema = z.object({
  code: oauthCode(),
  state: oauthState(),
  facebook_redirect_uri: oauthRedirectUri(),
});
export const StoreLinkedInAccountBodySchema = z.object({
  code: oauthCode(),
  state: oauthState(),
  redirect_uri: oauthRedirectUri(),
});

function accountOperations<P extends 'facebook' | 'linkedin', S extends z.core.$ZodType, B extends z.core.$ZodObject>(
  provider: P,
  schema: S,
  storeBody: B,
) {
  const name = provider === 'facebook' ? 'Facebook' : 'LinkedIn';
  const base = `/v1.0/${provider}-accounts` as const;
  const notConfigured = {
    description: `No ${name} app is configured (in a deployment without its settings), or a state refused.`,
    body: ErrorBodySchema,
  };
  return {
    list: defineOperation({
      method: 'GET',
      path: base,
      summary: `The caller's ${name} accounts, with their channels`,
      description: 'Every account, authorised or needing a reconnect, oldest first; the primary one is marked.',
      tag,
      access: 'user',
      responses: {
        200: {
          description: 'The accounts, and whether this installation can connect more (a configured app).',
          body: z.object({ data: z.array(schema), configured: z.boolean() }),
        },
        ...errors(401),
      },
    }),
    authorize: defineOperation({
      method: 'POST',
      path: `${base}/authorize`,
      summary: `Start a ${name} round trip: the consent page's address`,
      description:
        `Issues a single-use \`state\` bound to this session (ten minutes) and answers ${name}'s consent page for ` +
        `it, returning to \`${OAUTH_RETURN_PATHS[`${provider}-account`]}\`. With \`accountId\`, the round trip ` +
        're-authorises that account in place (404 when it is not yours).',
      tag,
      access: 'user',
      body: AuthorizeBodySchema,
      responses: {
        200: { description: 'Where to send the browser.', body: AuthorizeAnswerSchema },
        ...errors(401, 404, ...BODY_ERRORS),
        409: notConfigured,
      },
    }),
    store: defineOperation({
      method: 'POST',
      path: base,
      summary: `Finish a ${name} round trip: store the account`,
      description:
        `The \`code\` and \`state\` ${name} sent the browser back with, and the redirect URI. The state must be one ` +
        'this session started and not yet used (409 otherwise: a reload or a replay); the code is then exchanged ' +
        'once. A new account is stored (primary if it is the first); a reconnect updates the same account in place ' +
        '(422 `code` when the person signed in to a different account). Its channels are fetched in the background. ' +
        'A code the provider refuses answers 422 in `errors.code`; a provider that cannot be reached, 502.',
      tag,
      access: 'user',
      body: storeBody,
      responses: {
        200: {
          description: 'The account, and how it came to be.',
          body: z.object({
            account: schema,
            outcome: z.enum(STORE_OUTCOMES),
            /** The project the round trip was started from (a LinkedIn organization's); else null. */
            projectId: z.nullable(z.uuid()),
          }),
        },
        ...errors(401, 429, ...BODY_ERRORS),
        409: { description: 'The state is unknown, expired, used, or from another session.', body: ErrorBodySchema },
        ...badGateway,
      },
    }),
    refresh: defineOperation({
      method: 'POST',
      path: `${base}/:id/refresh`,
      summary: `Fetch a ${name} account's channels again, now`,
      description:
        'Reads the channels from the provider and answers the account with them. When the provider no longer takes ' +
        'its token, the account is marked `needs_reconnect` and the answer is 409.',
      tag,
      access: 'user',
      params: z.object({ id: id() }),
      responses: {
        200: { description: 'The account with its channels as the provider has them now.', body: schema },
        ...errors(401, 404, 429),
        409: { description: 'The account needs reconnecting.', body: ErrorBodySchema },
        ...badGateway,
      },
    }),
    makePrimary: defineOperation({
      method: 'POST',
      path: `${base}/:id/primary`,
      summary: `Make a ${name} account the primary one`,
      description: 'Exactly one account per provider is primary; the others stop being so in the same transaction.',
      tag,
      access: 'user',
      params: z.object({ id: id() }),
      responses: {
        200: { description: 'The accounts.', body: z.object({ data: z.array(schema) }) },
        ...errors(401, 404),
      },
    }),
    remove: defineOperation({
      method: 'DELETE',
      path: `${base}/:id`,
      summary: `Delete a ${name} account and the channels that came with it`,
      description:
        'Its channels and their comments go with it. When it was the primary one, the oldest other becomes primary.',
      tag,
      access: 'user',
      params: z.object({ id: id() }),
      responses: { 204: { description: 'Deleted.' }, ...errors(401, 404) },
    }),
  };
}

const facebook = accountOperations('facebook', FacebookAccountSchema, StoreFacebookAccountBodySchema);
const linkedin = accountOperations('linkedin', LinkedInAccountSchema, StoreLinkedInAccountBodySchema);

export const listFacebookAccounts = facebook.list;
export const authorizeFacebookAccount = facebook.authorize;
export const storeFacebookAccount = facebook.store;
export const refreshFacebookAccount = facebook.refresh;
export const makeFacebookAccountPrimary = facebook.makePrimary;
export const deleteFacebookAccount = facebook.remove;

export const listLinkedInAccounts = linkedin.list;
export const authorizeLinkedInAccount = linkedin.authorize;
export const storeLinkedInAccount = linkedin.store;
export const refreshLinkedInAccount = linkedin.refresh;
export const makeLinkedInAccountPrimary = linkedin.makePrimary;
export const deleteLinkedInAccount = linkedin.remove;

/**
 * A LinkedIn organization for a project (docs/product.md#linkedin-organizations-from-a-project; decision 027):
 * a LinkedIn round trip bound to the project. Its return is stored with `storeLinkedInAccount`
 * like any other (the account and its organizations are the user's), and the organizations it
 * brings join the project as they are fetched.
 */
export const authorizeLinkedInOrganization = defineOperation({
  method: 'POST',
  path: '/v1.0/projects/:projectId/linkedin-organizations/authorize',
  summary: "Start connecting a LinkedIn organization to a project: LinkedIn's consent page",
  description:
    'Issues a single-use `state` bound to this session and to the project (ten minutes), returning to ' +
    `\`${OAUTH_RETURN_PATHS['linkedin-organization']}\`. Once stored, the account's organizations join the ` +
    "project as they are fetched, up to as many as the caller's plan includes (`channelsPerProject`; the " +
    'others stay the caller’s to attach elsewhere). Another user’s project is not found; a project already ' +
    'following as many as the plan includes is a 403 before the round trip.',
  tag,
  access: 'user',
  params: z.object({ projectId: id() }),
  responses: {
    200: { description: 'Where to send the browser.', body: AuthorizeAnswerSchema },
    ...errors(401, 404),
    409: { description: 'No LinkedIn app is configured.', body: ErrorBodySchema },
    ...planLimitResponse,
  },
});
