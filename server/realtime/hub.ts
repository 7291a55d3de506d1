import { randomInt } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { hmacSha256Hex, sameSecret } from '../security/same-secret';

/**
 * The embedded Pusher Channels server (protocol 7; issue 12, decision 026): what pusher-js and
 * laravel-echo expect at `/app/{key}`, for one API instance. Public and private channels
 * (HMAC-SHA256 subscription auth), ping/pong, idle sockets pruned, a cap on message size and on
 * subscriptions per socket; events come in through the signed HTTP events API (./routes.ts), as
 * they would at Pusher, Soketi or Laravel Reverb, so a deployment of several instances swaps
 * in one of those by configuration alone.
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
  /** Told of a socket's troubles (a malformed message), for the log. */
  onProblem?: (problem: string) => void;
}

/** Pusher's close codes as pusher-js acts on them (4000–4099: do not reconnect; 4200–4299: reconnect at once). */
export const CLOSE = {
  appUnknown: 4001,
  overCapacity: 4100,
  reconnectNow: 4200,
  pongNotReceived: 4201,
} as const;

const APP_PATH = /^\/app\/([^/?]+)(?:\?.*)?$/;
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,200}$/;

type Socket = {
  id: string;
  ws: WebSocket;
  channels: Set<string>;
  lastSeen: number;
};

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
  private pruning: NodeJS.Timeout | undefined;

  constructor(
    readonly app: RealtimeApp,
    private readonly options: HubOptions = {},
  ) {
    this.activityTimeout = options.activityTimeoutSeconds ?? 120;
    this.maxSubscriptions = options.maxSubscriptionsPerSocket ?? 100;
    this.wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes ?? 10 * 1024 });
  }

  /** Takes the HTTP server's upgrades to `/app/{key}`; others are left alone (Vite's HMR socket, say). */
  attach(server: Server) {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (!APP_PATH.test(request.url ?? '')) return;
      this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, request));
    });
    // Sockets that stopped talking (no ping within twice the activity timeout) are closed.
    this.pruning = setInterval(() => this.prune(), Math.min(this.activityTimeout, 30) * 1000);
    this.pruning.unref();
  }

  /** How many sockets are open now. */
  get connections() {
    return this.sockets.size;
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

  private accept(ws: WebSocket, request: IncomingMessage) {
    const key = decodeURIComponent(APP_PATH.exec(request.url ?? '')?.[1] ?? '');
    const send = (event: string, data: unknown, channel?: string) =>
      ws.send(JSON.stringify({ event, ...(channel ? { channel } : {}), data: JSON.stringify(data) }));
    if (key !== this.app.key) {
      send('pusher:error', { code: CLOSE.appUnknown, message: `App key ${key} does not exist` });
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

    ws.on('message', (raw: RawData) => {
      socket.lastSeen = Date.now();
      this.receive(socket, raw, send);
    });
    ws.on('pong', () => (socket.lastSeen = Date.now()));
    ws.on('close', () => this.forget(socket));
    ws.on('error', (error) => this.options.onProblem?.(`socket error: ${error.message}`));
  }

  private receive(socket: Socket, raw: RawData, send: (event: string, data: unknown, channel?: string) => void) {
    let message: { event?: unknown; data?: unknown };
    try {
      message = JSON.parse(raw.toString()) as typeof message;
    } catch {
      send('pusher:error', { code: null, message: 'Messages must be JSON' });
      return;
    }
    const data = (typeof message.data === 'string' ? safeJson(message.data) : message.data) as
      { channel?: unknown; auth?: unknown } | undefined;
    switch (message.event) {
      case 'pusher:ping':
        send('pusher:pong', {});
        return;
      case 'pusher:subscribe':
        this.subscribe(socket, data, send);
        return;
      case 'pusher:unsubscribe': {
        const channel = typeof data?.channel === 'string' ? data.channel : '';
        socket.channels.delete(channel);
        this.channels.get(channel)?.delete(socket);
        return;
      }
      default:
        // Client events (client-*) and anything else: this server relays none.
        send('pusher:error', { code: null, message: `Unsupported event ${String(message.event).slice(0, 60)}` });
    }
  }

  private subscribe(
    socket: Socket,
    data: { channel?: unknown; auth?: unknown } | undefined,
    send: (event: string, data: unknown, channel?: string) => void,
  ) {
    const channel = typeof data?.channel === 'string' ? data.channel : '';
    const refuse = (error: string, status: number) =>
      send('pusher:subscription_error', { type: 'AuthError', error, status }, channel || undefined);
    if (!CHANNEL_NAME.test(channel)) return refuse('Invalid channel name', 400);
    if (channel.startsWith('presence-')) return refuse('Presence channels are not supported', 400);
    if (!socket.channels.has(channel) && socket.channels.size >= this.maxSubscriptions) {
      return refuse(`At most ${this.maxSubscriptions} channels per connection`, 400);
    }
    if (channel.startsWith('private-')) {
      const auth = typeof data?.auth === 'string' ? data.auth : '';
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

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
