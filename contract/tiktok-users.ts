import { z } from 'zod/mini';
import { AuthorizeAnswerSchema, badGateway, ChannelSchema, JobFailureSchema } from './integrations';
import { ErrorBodySchema } from './common';
import { id, timestamp } from './fields';
import { OAUTH_RETURN_PATHS, oauthCode, oauthRedirectUri, oauthState } from './oauth';
import { planLimitResponse } from './subscription';
import { BODY_ERRORS, defineOperation, errors } from './operation';

/**
 * TikTok users (docs/product.md#tiktok-users; decision 026). A TikTok user is connected straight
 * into a project through TikTok's Login Kit; the API then imports their videos in the background,
 * telling the owner's open app how far it is (`TiktokUserImportProgress`) and, at the end,
 * `TiktokUserFetched`.
 */
const tag = 'TikTok users';

export const TiktokUserSchema = z
  .object({
    /** The channel's id. */
    _id: z.uuid(),
    name: z.string(),
    /** The project it was connected into. */
    projectId: z.uuid(),
    /** How far its import is while one runs (0 to 99); null when none runs. */
    importProgress: z.nullable(z.number()),
    /**
     * An import that runs but has not moved for longer than its work is ever held up (its
     * instance gone and not taken over): it can be started again.
     */
    importStalled: z.boolean(),
    /** Why the last import stopped short, and when; null once one runs or ends well. */
    importFailure: z.nullable(JobFailureSchema),
    /** When its last import ended; null until the first does. */
    importedAt: z.nullable(timestamp()),
    /** The videos imported. */
    videoCount: z.number(),
  })
  .register(z.globalRegistry, { id: 'TiktokUser' });
export type TiktokUser = z.infer<typeof TiktokUserSchema>;

export const StoreTiktokUserBodySchema = z.object({
  code: oauthCode(),
  state: oauthState(),
  redirect_uri: oauthRedirectUri(),
});

const notConfigured = {
  description: 'No TikTok app is configured (in a deployment without its settings), or a state refused.',
  body: ErrorBodySchema,
};

export const authorizeTiktokUser = defineOperation({
  method: 'POST',
  path: '/v1.0/projects/:projectId/tiktok-users/authorize',
  summary: "Start connecting a TikTok user to a project: TikTok's consent page",
  description:
    'Issues a single-use `state` bound to this session and to the project (ten minutes), returning to ' +
    `\`${OAUTH_RETURN_PATHS['tiktok-user']}\`. Another user's project is not found; one already following as ` +
    "many channels as the caller's plan includes is a 403 (`channelsPerProject`) before the round trip.",
  tag,
  access: 'user',
  params: z.object({ projectId: id() }),
  responses: {
    200: { description: 'Where to send the browser.', body: AuthorizeAnswerSchema },
    ...errors(401, 404),
    409: notConfigured,
    ...planLimitResponse,
  },
});

export const storeTiktokUser = defineOperation({
  method: 'POST',
  path: '/v1.0/tiktok-users',
  summary: 'Finish a TikTok round trip: connect the user to the project, and import their videos',
  description:
    'The `code` and `state` TikTok sent the browser back with, and the redirect URI. The state must be one this ' +
    'session started for a project (409 otherwise); the code is exchanged once (422 `errors.code` when TikTok ' +
    'refuses it). The TikTok user joins the project, and their import starts in the background (202): progress ' +
    'comes as real-time events. Connecting the same user again imports it again. A project already following ' +
    "as many channels as the caller's plan includes takes no new one: 403 (`channelsPerProject`), before the " +
    'code is spent, and again in the transaction that joins the user to the project.',
  tag,
  access: 'user',
  body: StoreTiktokUserBodySchema,
  responses: {
    202: { description: 'The TikTok user, its import under way.', body: z.object({ tiktokUser: TiktokUserSchema }) },
    ...errors(401, 404, 429, ...BODY_ERRORS),
    409: {
      description: 'The state is unknown, expired, used, from another session, or not a project’s.',
      body: ErrorBodySchema,
    },
    ...planLimitResponse,
    ...badGateway,
  },
});

export const restartTiktokImport = defineOperation({
  method: 'POST',
  path: '/v1.0/projects/:projectId/tiktok-users/:tiktokUserId/import',
  summary: "Start a TikTok user's import again",
  description:
    'For an import that stopped (`importFailure`) or stalled (`importStalled`), or to read the videos again: the ' +
    'import starts over in the background (202), its progress coming as real-time events. While one runs and ' +
    "moves, 409. A TikTok user the project does not follow, or another user's project, is not found.",
  tag,
  access: 'user',
  params: z.object({ projectId: id(), tiktokUserId: id() }),
  responses: {
    202: { description: 'The TikTok user, its import under way.', body: z.object({ tiktokUser: TiktokUserSchema }) },
    ...errors(401, 404),
    409: { description: 'An import of this user is running; or no TikTok app is configured.', body: ErrorBodySchema },
  },
});

export const listProjectTiktokUsers = defineOperation({
  method: 'GET',
  path: '/v1.0/projects/:projectId/tiktok-users',
  summary: "A project's TikTok users, with how far any import is",
  tag,
  access: 'user',
  params: z.object({ projectId: id() }),
  responses: {
    200: { description: 'Oldest first.', body: z.object({ data: z.array(TiktokUserSchema) }) },
    ...errors(401, 404),
  },
});

/** How far a TikTok user's import is: `progress` 0 to 100. */
export const TIKTOK_IMPORT_PROGRESS = 'TiktokUserImportProgress';
export const TiktokImportProgressEventSchema = z.object({
  progress: z.number().check(z.minimum(0), z.maximum(100)),
  tiktokUser: TiktokUserSchema,
});
/**
 * A TikTok user's import stopped short (given up after its retries, or refused by TikTok), with
 * `{ tiktokUser }`: its `importFailure` says why. The project's TikTok users say the same after a
 * reload.
 */
export const TIKTOK_IMPORT_FAILED = 'TiktokUserImportFailed';
export const TiktokImportFailedEventSchema = z.object({ tiktokUser: TiktokUserSchema });
/** `TiktokUserFetched` (a channel-fetched event) carries the TikTok user beside the channel. */
export const TiktokUserFetchedEventSchema = z.object({ channel: ChannelSchema, tiktokUser: TiktokUserSchema });
