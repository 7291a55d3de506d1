import { randomInt } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { clientAddress } from '../http/client-ip';
import { hmacSha256Hex, sameSecret } from '../security/same-secret';

/**
 * The embedded Pusher Channels server (protocol 7; decision 026): what pusher-js and
 * laravel-echo expect at `/app/{key}`, for one API instance. Public and private channels
 * (HMAC-SHA256 subscription auth), ping/pong, idle sockets pruned, a cap on message size and on
 * subscriptions per socket; events come in through the signed HTTP events API (./routes.ts), as
 * they would at Pusher, Soketi or Laravel Reverb, so a deployment of several instances swaps
 * in one of those by configuration alone.
 *
 * Anyone may open a socket (the key is public), so nothing a client sends may throw out of here,
 * and what one client can hold is bounded (decision 029): sockets per address and in all, a
 * socket that never subscribes is closed, an upgrade to any other path is answered 404 at once.
 */

export interface RealtimeApp {
  appId: string;
  key: string;
  secret: string;
}

export interface HubOptions {
  /** Seconds of silence after which a client pings (told in the handshake); the server prunes at twice that. */
  activityTimeoutSeconds?: number;
  /** The largest message a client may send, in bytes. */
  maxMessageBytes?: number;
  maxSubscriptionsPerSocket?: number;
  /** Open sockets at most, every address together; past it an upgrade is answered 503. */
  maxConnections?: number;
  /** Open sockets at most from one client address (as the API reads it: server/http/client-ip.ts). */
  maxConnectionsPerAddress?: number;
  /** A socket still without a subscription this long after it opened is closed (4202). */
  subscribeWithinSeconds?: number;
  /** Read the client's address from X-Forwarded-For (TRUST_PROXY=1), as the rate limits do. */
  trustProxy?: boolean;
  /** Whether an upgrade addressed to this host name is ours (local mode's own names); any, when absent. */
  acceptsHostName?: (hostname: string) => boolean;
  /** Told of a socket's troubles (a malformed message), for the log. */
  onProblem?: (problem: string) => void;
}

/** Pusher's close codes as pusher-js acts on them (4000–4099: do not reconnect; 4200–4299: reconnect at once). */
export const CLOSE = {
  appUnknown: 4001,
  overCapacity: 4100,
  reconnectNow: 4200,
  pongNotReceived: 4201,
  /** Pusher's "closed after inactivity": pusher-js reconnects at once, and subscribes. */
  inactive: 4202,
} as const;

/** The defaults: far above what an office behind one address opens, well under a process's open files. */
export const HUB_DEFAULTS = {
  maxConnections: 10_000,
  maxConnectionsPerAddress: 500,
  // Pusher's own window for a connection to sign in; pusher-js subscribes right after connecting.
  subscribeWithinSeconds: 30,
} as const;

const APP_PATH = /^\/app\/([^/?]+)(?:\?.*)?$/;
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,200}$/;

type Socket = {
  id: string;
  ws: WebSocket;
  channels: Set<string>;
  lastSeen: number;
};

type Send = (event: string, data: unknown, channel?: string) => void;
type Fields = { channel?: unknown; auth?: unknown };

/** The `auth` a private channel's subscription carries: `key:HMAC-SHA256(secret, "socket_id:channel")`. */
export function privateChannelAuth(app: RealtimeApp, socketId: string, channel: string): string {
  return `${app.key}:${hmacSha256Hex(app.secret, `${socketId}:${channel}`)}`;
}

export class RealtimeHub {
  private readonly wss: WebSocketServer;
  private readonly sockets = new Map<string, Socket>();
  private readonly channels = new Map<string, Set<Socket>>();
  private readonly activityTimeout: number;
  private readonly maxSubscriptions: number;
  private readonly limits: { total: number; perAddress: number; subscribeWithinMs: number };
  /** Every socket from its handshake to its close, a refused one too (it lingers while closing). */
  private open = 0;
  private readonly openByAddress = new Map<string, number>();
  private pruning: NodeJS.Timeout | undefined;

  constructor(
    readonly app: RealtimeApp,
    private readonly options: HubOptions = {},
  ) {
    this.activityTimeout = options.activityTimeoutSeconds ?? 120;
    this.maxSubscriptions = options.maxSubscriptionsPerSocket ?? 100;
    this.limits = {
      total: options.maxConnections ?? HUB_DEFAULTS.maxConnections,
      perAddress: options.maxConnectionsPerAddress ?? HUB_DEFAULTS.maxConnectionsPerAddress,
      subscribeWithinMs: (options.subscribeWithinSeconds ?? HUB_DEFAULTS.subscribeWithinSeconds) * 1000,
    };
    this.wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes ?? 10 * 1024 });
  }

  /**
   * Takes the HTTP server's upgrades: `/app/{key}` is this server's, any other path is answered
   * 404 and closed (nothing else on the API's port speaks websocket; left open, it would be held
   * until the client gives up).
   */
  attach(server: Server) {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      // Between the upgrade and ws taking the socket nobody else listens for its errors (a client
      // resetting the connection): unheard, one would end the process.
      socket.on('error', () => socket.destroy());
      try {
        this.upgrade(request, socket, head);
      } catch (error) {
        this.options.onProblem?.(`upgrade refused: ${error instanceof Error ? error.message : String(error)}`);
        refuseUpgrade(socket, 400, 'Bad Request');
      }
    });
    // Sockets that stopped talking (no ping within twice the activity timeout) are closed.
    this.pruning = setInterval(() => this.prune(), Math.min(this.activityTimeout, 30) * 1000);
    this.pruning.unref();
  }

  /** How many sockets are open now (closing ones included). */
  get connections() {
    return this.open;
  }

  /** Sends `event` with `data` (a string, as the HTTP API carries it) to every subscriber of each channel. */
  publish(channels: string[], event: string, data: string, exceptSocketId?: string) {
    for (const channel of channels) {
      const message = JSON.stringify({ event, channel, data });
      for (const socket of this.channels.get(channel) ?? []) {
        if (socket.id !== exceptSocketId && socket.ws.readyState === WebSocket.OPEN) socket.ws.send(message);
      }
    }
  }

  /** Closes every socket with 4200 (pusher-js reconnects at once: to another instance, or to this one back). */
  async close() {
    if (this.pruning) clearInterval(this.pruning);
    for (const socket of this.sockets.values()) socket.ws.close(CLOSE.reconnectNow, 'Server shutting down');
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const key = APP_PATH.exec(request.url ?? '')?.[1];
    if (key === undefined) return refuseUpgrade(socket, 404, 'Not Found');
    // As the API's own answers (server/app.ts): a socket asked for by a name that is not ours is
    // a page elsewhere reaching this machine through DNS rebinding.
    if (this.options.acceptsHostName && !this.options.acceptsHostName(upgradeHostName(request))) {
      return refuseUpgrade(socket, 421, 'Misdirected Request');
    }
    const forwarded = request.headers['x-forwarded-for'];
    const address = clientAddress(
      Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
      request.socket.remoteAddress,
      this.options.trustProxy ?? false,
    );
    // Over a cap, refused before the handshake, as Pusher answers an upgrade over capacity: the
    // refusal costs no socket, and pusher-js tries again later.
    if (this.open >= this.limits.total || (this.openByAddress.get(address) ?? 0) >= this.limits.perAddress) {
      return refuseUpgrade(socket, 503, 'Service Unavailable', 'Over capacity');
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, key, address));
  }

  private accept(ws: WebSocket, key: string, address: string) {
    this.count(address, +1);
    ws.on('close', () => this.count(address, -1));
    ws.on('error', (error) => this.options.onProblem?.(`socket error: ${error.message}`));
    const send: Send = (event, data, channel) =>
      ws.send(JSON.stringify({ event, ...(channel ? { channel } : {}), data: JSON.stringify(data) }));
    // Compared as sent: a key is letters, digits, - and _, so no escape is ever needed (nor decoded).
    if (key !== this.app.key) {
      send('pusher:error', { code: CLOSE.appUnknown, message: 'App key does not exist' });
      ws.close(CLOSE.appUnknown, 'App key does not exist');
      return;
    }
    const socket: Socket = {
      id: `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`,
      ws,
      channels: new Set(),
      lastSeen: Date.now(),
    };
    this.sockets.set(socket.id, socket);
    send('pusher:connection_established', { socket_id: socket.id, activity_timeout: this.activityTimeout });
    // A socket kept without listening to anything holds a place for nothing.
    const unsubscribed = setTimeout(() => {
      if (socket.channels.size === 0) ws.close(CLOSE.inactive, 'No subscription');
    }, this.limits.subscribeWithinMs);
    unsubscribed.unref();

    ws.on('message', (raw: RawData, isBinary: boolean) => {
      socket.lastSeen = Date.now();
      try {
        this.receive(socket, raw, isBinary, send);
      } catch (error) {
        // Never reached by any message known; if one does, it costs that socket, not the process.
        this.options.onProblem?.(`message failed: ${error instanceof Error ? error.message : String(error)}`);
        ws.close(1011, 'Internal error');
      }
    });
    ws.on('pong', () => (socket.lastSeen = Date.now()));
    ws.on('close', () => {
      clearTimeout(unsubscribed);
      this.forget(socket);
    });
  }

  private count(address: string, change: 1 | -1) {
    this.open += change;
    const now = (this.openByAddress.get(address) ?? 0) + change;
    if (now > 0) this.openByAddress.set(address, now);
    else this.openByAddress.delete(address);
  }

  private receive(socket: Socket, raw: RawData, isBinary: boolean, send: Send) {
    let message: unknown;
    try {
      if (isBinary) throw new Error('binary');
      message = JSON.parse(raw.toString());
    } catch {
      send('pusher:error', { code: null, message: 'Messages must be JSON text' });
      return;
    }
    // `null`, an array, a number: JSON, but not a message.
    if (!isObject(message)) {
      send('pusher:error', { code: null, message: 'Messages must be JSON objects' });
      return;
    }
    const inner = typeof message.data === 'string' ? safeJson(message.data) : message.data;
    const data: Fields = isObject(inner) ? inner : {};
    switch (message.event) {
      case 'pusher:ping':
        send('pusher:pong', {});
        return;
      case 'pusher:subscribe':
        this.subscribe(socket, data, send);
        return;
      case 'pusher:unsubscribe': {
        const channel = typeof data.channel === 'string' ? data.channel : '';
        socket.channels.delete(channel);
        this.channels.get(channel)?.delete(socket);
        return;
      }
      default: {
        // Client events (client-*) and anything else: this server relays none.
        const name = typeof message.event === 'string' ? message.event.slice(0, 60) : typeof message.event;
        send('pusher:error', { code: null, message: `Unsupported event ${name}` });
      }
    }
  }

  private subscribe(socket: Socket, data: Fields, send: Send) {
    const channel = typeof data.channel === 'string' ? data.channel : '';
    const refuse = (error: string, status: number) =>
      send('pusher:subscription_error', { type: 'AuthError', error, status }, channel || undefined);
    if (!CHANNEL_NAME.test(channel)) return refuse('Invalid channel name', 400);
    if (channel.startsWith('presence-')) return refuse('Presence channels are not supported', 400);
    if (!socket.channels.has(channel) && socket.channels.size >= this.maxSubscriptions) {
      return refuse(`At most ${this.maxSubscriptions} channels per connection`, 400);
    }
    if (channel.startsWith('private-')) {
      const auth = typeof data.auth === 'string' ? data.auth : '';
      if (!sameSecret(auth, privateChannelAuth(this.app, socket.id, channel))) {
        return refuse('Invalid signature for this socket and channel', 401);
      }
    }
    socket.channels.add(channel);
    let members = this.channels.get(channel);
    if (!members) this.channels.set(channel, (members = new Set()));
    members.add(socket);
    send('pusher_internal:subscription_succeeded', {}, channel);
  }

  private forget(socket: Socket) {
    this.sockets.delete(socket.id);
    for (const channel of socket.channels) {
      const members = this.channels.get(channel);
      members?.delete(socket);
      if (members?.size === 0) this.channels.delete(channel);
    }
  }

  private prune() {
    const limit = Date.now() - 2 * this.activityTimeout * 1000;
    for (const socket of this.sockets.values()) {
      if (socket.lastSeen < limit) socket.ws.close(CLOSE.pongNotReceived, 'Pong reply not received');
    }
  }
}

/** The host name an upgrade is addressed to, as URL parsing gives it (lower case, IPv6 in brackets); '' when unreadable. */
function upgradeHostName(request: IncomingMessage): string {
  try {
    return new URL(`http://${request.headers.host ?? ''}`).hostname;
  } catch {
    return '';
  }
}

/** Answers an upgrade with a plain HTTP status and closes the connection once it is written. */
function refuseUpgrade(socket: Duplex, status: number, reason: string, body = reason) {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `${status === 503 ? 'Retry-After: 5\r\n' : ''}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
