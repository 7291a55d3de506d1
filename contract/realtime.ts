import { z } from 'zod/mini';
import { ChannelSchema } from './integrations';
import { ErrorBodySchema } from './common';
import { CHANNEL_KINDS, JOB_FAILURE_REASONS, PROVIDERS, SENTIMENTS, timestamp, type ChannelKind } from './fields';
import { defineOperation, errors } from './operation';

/**
 * Real-time (docs/product.md#live-updates; decision 026): the Pusher Channels protocol. The app
 * subscribes to its session's private channel with laravel-echo and pusher-js; `/broadcasting/auth`
 * signs that subscription. The API publishes through Pusher's HTTP events API: to the embedded
 * server (one instance) or to Pusher, Soketi or Laravel Reverb (several), by configuration.
 */
const tag = 'Real-time';

/**
 * A session's private channel as laravel-echo names it (`Echo.private(name)` adds the `private-`):
 * Laravel's user channel, `App.Models.User.{id}`, followed by the session (the access token's
 * `sid`: a sign-in's refresh family, or an impersonation). The API publishes a user's events to the
 * channel of each of their live sessions, so a session that ended hears nothing more on any
 * service (docs/decisions/056-live-updates-end-with-the-session.md).
 */
export const userChannelName = (userId: string, sessionId: string) => `App.Models.User.${userId}.${sessionId}`;
/** A session's private channel, as the protocol and /broadcasting/auth see it. */
export const userChannel = (userId: string, sessionId: string) => `private-${userChannelName(userId, sessionId)}`;

/**
 * The event a channel new to its owner is announced with, as Laravel names them
 * (docs/product.md#fetching-channels), each with `{ channel }`: the app's dialog lists what just
 * arrived.
 */
export const CHANNEL_FETCHED_EVENTS: Record<ChannelKind, string> = {
  'facebook-page': 'FacebookPageFetched',
  'instagram-account': 'InstagramAccountFetched',
  'facebook-ad-account': 'FacebookAdAccountFetched',
  'linkedin-organization': 'LinkedinOrganizationFetched',
  'tiktok-user': 'TiktokUserFetched',
};
/** A channel that arrived, with the user's projects that already follow it (a TikTok user connected from one). */
export const ChannelFetchedEventSchema = z.object({
  channel: ChannelSchema,
  projects: z.array(z.object({ id: z.uuid(), name: z.string() })),
});

/**
 * One kind of an account's channels is done (fetched, or given up until a reconnect), with
 * `{ account: { _id, provider, kind } }`: the open app reads its accounts again, and knows that
 * "Fetching channels…" is over even for a kind that brought no channel (no other event says so).
 * Not one of the five channel-fetched events.
 */
export const ACCOUNT_CHANNELS_FETCHED = 'AccountChannelsFetched';

/**
 * One kind of an account's channels could not be fetched (the provider refused the grant, or the
 * fetch was given up after its retries), with `{ account: { _id, provider, kind }, reason }`: the
 * account's `fetchFailure` says the same after a reload. Not one of the five channel-fetched events.
 */
export const ACCOUNT_CHANNELS_FETCH_FAILED = 'AccountChannelsFetchFailed';
export const AccountChannelsFetchFailedEventSchema = z.object({
  account: z.object({ _id: z.uuid(), provider: z.enum(PROVIDERS), kind: z.enum(CHANNEL_KINDS) }),
  reason: z.enum(JOB_FAILURE_REASONS),
});

/**
 * Comments changed on a channel of the user's (docs/decisions/044): new ones arrived, some were
 * edited or removed at their provider. `added` counts the new ones (the comments page offers to
 * show them; nothing moves under the reader); `edited` and `removed` change the loaded rows in
 * place. A change too big to list says `refresh`: the page reads again; so does a bookmark or a
 * hide the user made in another tab (the tab that made it, named by the request's `X-Socket-ID`,
 * is not told: docs/decisions/082). `counted` says how the
 * channel's count changed, so an open chart and its totals add it up instead of reading again.
 */
export const COMMENTS_CHANGED = 'CommentsChanged';
export const CommentsChangedEventSchema = z.object({
  channelId: z.uuid(),
  added: z.number(),
  /** The new comments' ids, when no more than 100 arrived at once; else empty. */
  addedIds: z.optional(z.array(z.uuid())),
  edited: z.array(z.object({ _id: z.uuid(), message: z.string() })),
  removed: z.array(z.uuid()),
  refresh: z.boolean(),
  /**
   * How many top-level comments (what a project counts) the change added (+) or took away (-), by
   * UTC day (`YYYY-MM-DD`) and sentiment: comments arrived, removed, or judged again.
   */
  counted: z.array(z.object({ date: z.string(), sentiment: z.enum(SENTIMENTS), change: z.number() })),
});
export type CommentsChangedEvent = z.infer<typeof CommentsChangedEventSchema>;

/**
 * The user marked comments of their inbox done or open again, in another tab or by replying
 * (docs/product.md#inbox): the header's open count and an open inbox are read again.
 */
export const INBOX_CHANGED = 'InboxChanged';
export const InboxChangedEventSchema = z.object({ updated: z.number() });
export type InboxChangedEvent = z.infer<typeof InboxChangedEventSchema>;

/**
 * Something to tell the user arrived (docs/product.md#alerts): their bell reads its list again.
 * `unread`: how many are unread now.
 */
export const NOTIFIED = 'Notified';
export const NotifiedEventSchema = z.object({ unread: z.number() });
export type NotifiedEvent = z.infer<typeof NotifiedEventSchema>;

/**
 * Comments arrived on anyone's channels (docs/decisions/044), told to every admin on their own
 * private channel: how many, and how many of them went to review. The sentiment review offers
 * them ("N new comments to review") without moving its list.
 */
export const COMMENTS_ARRIVED = 'CommentsArrived';
export const CommentsArrivedEventSchema = z.object({ added: z.number(), toReview: z.number() });
export type CommentsArrivedEvent = z.infer<typeof CommentsArrivedEventSchema>;

/**
 * A training on the reviews was asked for (`queued`), started (`running`) or ended (`ended`, with
 * its outcome; `waiting`: too few reviews, nothing trained; `cancelled`: its instance stopped, it
 * runs again later) (docs/decisions/049, 058), told to every admin on their own private channel:
 * the sentiment review's panel is read again, without a reload. A training that ended `switched`
 * or `kept` says when it was recorded (`trainedAt`, as the panel's last training gives it): the
 * panel says it ended once its reading shows that training, not while it still shows the one before.
 */
export const SENTIMENT_TRAINING = 'SentimentTraining';
export const SentimentTrainingEventSchema = z.object({
  state: z.enum(['queued', 'running', 'ended']),
  outcome: z.optional(z.enum(['waiting', 'switched', 'kept', 'cancelled'])),
  trainedAt: z.optional(timestamp()),
});
export type SentimentTrainingEvent = z.infer<typeof SentimentTrainingEventSchema>;

export const RealtimeSettingsSchema = z
  .object({
    /** The app key the client connects with (public, as Pusher's are). */
    key: z.string(),
    /** Where the socket is: null host means this API's own address (the embedded server). */
    wsHost: z.nullable(z.string()),
    wsPort: z.nullable(z.number()),
    forceTLS: z.boolean(),
    /** Pusher's cluster; laravel-echo needs one even with `wsHost`. */
    cluster: z.string(),
  })
  .register(z.globalRegistry, { id: 'RealtimeSettings' });
export type RealtimeSettings = z.infer<typeof RealtimeSettingsSchema>;

export const showRealtimeSettings = defineOperation({
  method: 'GET',
  path: '/v1.0/realtime',
  summary: 'Where and how the app connects its real-time socket',
  tag,
  access: 'public',
  responses: { 200: { description: 'The settings.', body: RealtimeSettingsSchema } },
});

export const authorizeBroadcasting = defineOperation({
  method: 'POST',
  path: '/broadcasting/auth',
  summary: "Sign a private channel's subscription",
  description:
    'Form-encoded (as pusher-js posts it) or JSON: `socket_id` and `channel_name`. A caller may subscribe to ' +
    "the private channel of their own session only, `private-App.Models.User.{id}.{sessionId}` (`me`'s " +
    "`sessionId`, the token's `sid`); any other channel answers 403, another session's of the same user too, and " +
    'a token of a session that ended answers 401 as on every call. ' +
    'The answer is Pusher\'s `{ auth: "key:signature" }`.',
  tag,
  access: 'user',
  readsOwnBody: true,
  responses: {
    200: { description: 'The signature.', body: z.object({ auth: z.string() }) },
    ...errors(401, 403, 413),
    422: { description: 'socket_id or channel_name missing or malformed.', body: ErrorBodySchema },
  },
});

const eventsResponses = {
  200: { description: 'Accepted (`{}`).', body: z.object({}) },
  400: { description: 'Malformed body, or a bad body_md5.', body: ErrorBodySchema },
  401: { description: 'Unknown key, bad signature, or a timestamp more than 600 s off.', body: ErrorBodySchema },
  404: { description: 'No app has this id.', body: ErrorBodySchema },
  413: { description: 'The body is over 16 KiB.', body: ErrorBodySchema },
} as const;

export const triggerRealtimeEvent = defineOperation({
  method: 'POST',
  path: '/apps/:appId/events',
  summary: "Pusher's HTTP events API: publish one event to channels",
  description:
    'Signed as Pusher signs it (`auth_key`, `auth_timestamp`, `auth_version=1.0`, `body_md5`, `auth_signature` in ' +
    'the query). Body: `name`, `channels` (or `channel`), `data` (a string), optional `socket_id` to leave out. ' +
    'The embedded server only (one instance).',
  tag,
  access: 'public',
  params: z.object({ appId: z.string() }),
  readsOwnBody: true,
  responses: eventsResponses,
});

export const triggerRealtimeBatch = defineOperation({
  method: 'POST',
  path: '/apps/:appId/batch_events',
  summary: "Pusher's HTTP events API: publish several events",
  description: 'As `triggerRealtimeEvent`, with `batch`: up to 10 `{ name, channel, data }`.',
  tag,
  access: 'public',
  params: z.object({ appId: z.string() }),
  readsOwnBody: true,
  responses: eventsResponses,
});
