import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as realtimeContract from '../../contract/realtime';
import type { AppEnv, Services } from '../http/context';
import { readForm } from '../http/form-body';
import { readBodyBytes } from '../http/json-body';
import { reply, route } from '../http/operation';
import { hmacSha256Hex, sameSecret } from '../security/same-secret';
import { privateChannelAuth, type RealtimeHub } from './hub';
import { SOCKET_ID } from './publisher';

/** How far a signed request's timestamp may be from now, as Pusher allows. */
const TIMESTAMP_LEEWAY_SECONDS = 600;
const MAX_BATCH = 10;

/**
 * Whether a request to the HTTP events API is signed as Pusher signs it: the query (without
 * `auth_signature`) sorted by key, after the method and path, with HMAC-SHA256 and the app's
 * secret; `body_md5` the body's; the timestamp within ten minutes.
 */
export function eventsRequestProblem(
  hub: RealtimeHub,
  method: string,
  path: string,
  query: Record<string, string>,
  body: string,
  nowSeconds: number,
): string | undefined {
  if (query.auth_key !== hub.app.key) return 'Unknown auth_key';
  if (query.auth_version !== '1.0') return 'auth_version must be 1.0';
  const timestamp = Number(query.auth_timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > TIMESTAMP_LEEWAY_SECONDS) {
    return 'Timestamp expired: more than 600 seconds off';
  }
  const { auth_signature: signature = '', ...signed } = query;
  const queryString = Object.keys(signed)
    .sort()
    .map((key) => `${key}=${signed[key]}`)
    .join('&');
  if (!sameSecret(signature, hmacSha256Hex(hub.app.secret, [method, path, queryString].join('\n'))))
    return 'Invalid signature';
  if (signed.body_md5 !== createHash('md5').update(body, 'utf8').digest('hex')) return 'body_md5 does not match';
  return undefined;
}

type Published = { name: string; channels: string[]; data: string; socketId?: string };

/** One event of a body, or why not. */
function parseEvent(value: unknown): Published | string {
  const event = value as { name?: unknown; channels?: unknown; channel?: unknown; data?: unknown; socket_id?: unknown };
  if (!event || typeof event !== 'object') return 'Each event must be an object';
  const channels = Array.isArray(event.channels) ? event.channels : [event.channel];
  if (typeof event.name !== 'string' || event.name.length === 0 || event.name.length > 200) return 'name is required';
  if (channels.length === 0 || channels.length > 100 || channels.some((each) => typeof each !== 'string')) {
    return 'channels must be 1 to 100 channel names';
  }
  if (typeof event.data !== 'string') return 'data must be a string';
  return {
    name: event.name,
    channels: channels as string[],
    data: event.data,
    socketId: typeof event.socket_id === 'string' ? event.socket_id : undefined,
  };
}

/** The real-time endpoints (contract/realtime.ts; decision 026). */
export function realtimeRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  const realtime = s.config.realtime;

  route(routes, s, realtimeContract.showRealtimeSettings, (c) =>
    reply(c, realtimeContract.showRealtimeSettings, 200, {
      key: realtime.key,
      wsHost: realtime.socketHost ?? null,
      // Pusher's own socket is on 443; Soketi's and Reverb's where their HTTP API is.
      wsPort: realtime.socketHost && realtime.socketHost === realtime.host ? (realtime.port ?? null) : null,
      // At this API's own address the page's scheme decides; elsewhere the service's.
      forceTLS: realtime.socketHost ? realtime.useTLS : s.config.secureCookies,
      cluster: realtime.cluster,
    }),
  );

  // pusher-js posts the subscription form-encoded; JSON is taken too.
  route(routes, s, realtimeContract.authorizeBroadcasting, async (c) => {
    const type = c.req.header('content-type') ?? '';
    let fields: Record<string, unknown> | undefined;
    if (type.startsWith('application/json')) {
      try {
        fields = JSON.parse(Buffer.from(await readBodyBytes(c)).toString('utf8')) as Record<string, unknown>;
      } catch {
        fields = undefined;
      }
    } else {
      fields = await readForm(c);
    }
    const socketId = typeof fields?.socket_id === 'string' ? fields.socket_id : '';
    const channel = typeof fields?.channel_name === 'string' ? fields.channel_name : '';
    if (!SOCKET_ID.test(socketId) || channel.length === 0 || channel.length > 200) {
      return reply(c, realtimeContract.authorizeBroadcasting, 422, {
        message: 'socket_id and channel_name are required.',
      });
    }
    // The private channel of the caller's own session only (the bearer's `sid`, live: requireUser
    // has just checked): never another user's, nor another session's, nor a channel of some other
    // kind. So a subscription lasts no longer than its session: once it ends, nothing is published
    // to its channel (./publisher.ts).
    if (channel !== realtimeContract.userChannel(c.get('user').id, c.get('sessionId'))) {
      return reply(c, realtimeContract.authorizeBroadcasting, 403, { message: 'Forbidden.' });
    }
    return reply(c, realtimeContract.authorizeBroadcasting, 200, {
      auth: privateChannelAuth(realtime, socketId, channel),
    });
  });

  const hub = s.realtime;
  if (!hub) return routes;

  const receive = async (c: Context<AppEnv>, batch: boolean) => {
    const op = batch ? realtimeContract.triggerRealtimeBatch : realtimeContract.triggerRealtimeEvent;
    if (c.req.param('appId') !== hub.app.appId) return reply(c, op, 404, { message: 'No app has this id.' });
    const body = Buffer.from(await readBodyBytes(c)).toString('utf8');
    const problem = eventsRequestProblem(hub, 'POST', c.req.path, c.req.query(), body, Math.floor(s.clock() / 1000));
    if (problem) return reply(c, op, problem.startsWith('body_md5') ? 400 : 401, { message: problem });
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return reply(c, op, 400, { message: 'The body must be JSON.' });
    }
    const list = batch ? (parsed as { batch?: unknown })?.batch : [parsed];
    if (!Array.isArray(list) || list.length === 0 || list.length > MAX_BATCH) {
      return reply(c, op, 400, { message: `batch must hold 1 to ${MAX_BATCH} events.` });
    }
    const events = list.map(parseEvent);
    const bad = events.find((each): each is string => typeof each === 'string');
    if (bad) return reply(c, op, 400, { message: bad });
    for (const event of events as Published[]) hub.publish(event.channels, event.name, event.data, event.socketId);
    return reply(c, op, 200, {});
  };
  route(routes, s, realtimeContract.triggerRealtimeEvent, (c) => receive(c as unknown as Context<AppEnv>, false));
  route(routes, s, realtimeContract.triggerRealtimeBatch, (c) => receive(c as unknown as Context<AppEnv>, true));
  return routes;
}
