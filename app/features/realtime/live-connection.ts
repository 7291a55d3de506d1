/**
 * The app's live connection (docs/product.md#live-updates; decision 026): one socket per signed-in
 * page, on the user's private channel, with what happens around it kept here and free of the
 * libraries, so the tricky parts are unit-tested by driving a fake socket
 * (live-connection.test.ts), as the HTTP client's refresh is. `echo-socket.ts` is the real socket:
 * laravel-echo over pusher-js.
 *
 * - It opens once, and a close before the socket is even open wins (the page was left, the user
 *   signed out): nothing stays connected behind a closed connection. A socket that cannot be
 *   opened (offline at the start) is tried again.
 * - Losing the socket is said only after `lostAfterMs` (pusher-js reconnects by itself, and a
 *   blip must not flash a warning); coming back clears it.
 * - Each time the subscription succeeds (first, and again after every reconnect) `onSubscribed`
 *   is called: events sent while nobody listened are not replayed, so the page reads again what
 *   they would have told it. Only a subscription on the first socket is the first: one that comes
 *   after a socket was lost is a reconnect's, even when it is the first to succeed (the socket
 *   was lost while its first subscription was being answered). `whenSubscribed` lets a caller
 *   wait for it before causing events.
 * - While it is connecting, it starts over every few seconds (`reconnectDelayMs`): pusher-js,
 *   after an attempt fails, waits out 15 s, then 30, then 60 before the next, so a service back
 *   in one second was heard again twenty seconds later. Starting over every 3 s (±20%, so pages
 *   do not all come back at once; time enough for a slow handshake) finds it within 5 s; after a
 *   minute away every 10 s, which a dead server hardly notices.
 */

/** pusher-js's connection states. */
export type SocketState = 'initialized' | 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected';

export interface ListenCallbacks {
  /** The subscription succeeded: first, and again after each reconnect. */
  onSubscribed: () => void;
  /** The subscription was refused (403 for another user's channel, 401 for an ended session). */
  onRefused: (status: number | null) => void;
}

/** What the connection needs of a socket (laravel-echo's, or a test's). */
export interface LiveSocket {
  /** Listens to `events` on the private channel `channel`. */
  listen(channel: string, events: Record<string, (payload: unknown) => void>, callbacks: ListenCallbacks): void;
  /** Calls `listener` with each new state; answers how to stop. */
  onState(listener: (state: SocketState) => void): () => void;
  /** Drops the attempt under way and tries again now (subscriptions follow the new socket). */
  reconnect(): void;
  disconnect(): void;
  /** The socket's id while it is connected (the service names each connection). */
  socketId(): string | undefined;
}

/** What a person sees: live, still connecting for the first time, or lost for a while. */
export type LiveStatus = 'connecting' | 'live' | 'lost';

type Timers = { set: (run: () => void, ms: number) => unknown; clear: (handle: unknown) => void };

export interface LiveConnectionOptions {
  /** Opens the socket (loads the libraries and the settings); rejects when it cannot. */
  open: () => Promise<LiveSocket>;
  /** Laravel's private channel name without `private-` (`App.Models.User.{id}`). */
  channel: string;
  events: Record<string, (payload: unknown) => void>;
  /** The subscription succeeded; `first` is false after a reconnect, whether or not one succeeded before it. */
  onSubscribed?: (first: boolean) => void;
  onStatus?: (status: LiveStatus) => void;
  onRefused?: (status: number | null) => void;
  /** The socket could not be opened: tried again after `retryOpenMs`. */
  onOpenFailed?: (error: unknown) => void;
  lostAfterMs?: number;
  retryOpenMs?: number;
  /** How long to let an attempt run before starting over, `awayMs` after the socket left. */
  reconnectDelayMs?: (awayMs: number) => number;
  timers?: Timers;
  now?: () => number;
}

/** How long the socket may be away before the page says so. */
export const LOST_AFTER_MS = 4000;
/** How long before trying again to open a socket that could not be opened (offline at start). */
export const RETRY_OPEN_MS = 15_000;

/** 3 s for the first minute away, 10 s after; each ±20%. */
export function reconnectDelayMs(awayMs: number, random: () => number = Math.random): number {
  const base = awayMs >= 60_000 ? 10_000 : 3000;
  return Math.round(base * (0.8 + 0.4 * random()));
}

const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createLiveConnection(options: LiveConnectionOptions) {
  const timers = options.timers ?? realTimers;
  const lostAfterMs = options.lostAfterMs ?? LOST_AFTER_MS;
  let socket: LiveSocket | null = null;
  let stopWatching: (() => void) | null = null;
  let closed = false;
  let started = false;
  let subscriptions = 0;
  // A socket was connected and then lost: whatever subscription follows is a reconnect's.
  let connectedOnce = false;
  let lostOnce = false;
  // Subscribed on the socket as it is now; a reconnect unsubscribes until pusher-js subscribes again.
  let subscribed = false;
  let lostTimer: unknown = null;
  let retryTimer: unknown = null;
  let reconnectTimer: unknown = null;
  let awaySince: number | null = null;
  const now = options.now ?? Date.now;
  const delayOf = options.reconnectDelayMs ?? reconnectDelayMs;
  let status: LiveStatus = 'connecting';
  const waiting = new Set<(subscribed: boolean) => void>();

  const say = (next: LiveStatus) => {
    if (next === status || closed) return;
    status = next;
    options.onStatus?.(next);
  };
  const stopLostTimer = () => {
    if (lostTimer !== null) timers.clear(lostTimer);
    lostTimer = null;
  };
  const startLostTimer = () => {
    if (lostTimer !== null) return;
    lostTimer = timers.set(() => {
      lostTimer = null;
      say('lost');
    }, lostAfterMs);
  };
  const stopReconnecting = () => {
    if (reconnectTimer !== null) timers.clear(reconnectTimer);
    reconnectTimer = null;
  };
  // Started over on a timer while connecting; each start-over passes through 'disconnected' and
  // comes back to 'connecting', which sets the next one.
  const keepReconnecting = () => {
    if (reconnectTimer !== null) return;
    awaySince ??= now();
    reconnectTimer = timers.set(
      () => {
        reconnectTimer = null;
        socket?.reconnect();
      },
      delayOf(now() - awaySince),
    );
  };
  const settleWaiting = (outcome: boolean) => {
    for (const resolve of [...waiting]) resolve(outcome);
    waiting.clear();
  };

  const onState = (state: SocketState) => {
    if (closed) return;
    if (state === 'connected') {
      connectedOnce = true;
      stopLostTimer();
      stopReconnecting();
      awaySince = null;
      say('live');
      return;
    }
    subscribed = false;
    if (connectedOnce) lostOnce = true;
    startLostTimer();
    // 'disconnected' is a close on purpose (or a refusal, such as an unknown key): nothing to retry.
    if (state === 'connecting' || state === 'unavailable') keepReconnecting();
    else stopReconnecting();
  };

  const onSubscribed = () => {
    if (closed) return;
    subscribed = true;
    subscriptions += 1;
    settleWaiting(true);
    options.onSubscribed?.(subscriptions === 1 && !lostOnce);
  };

  const open = async (): Promise<void> => {
    retryTimer = null;
    let opened: LiveSocket;
    try {
      opened = await options.open();
    } catch (error) {
      if (closed) return;
      options.onOpenFailed?.(error);
      retryTimer = timers.set(() => void open(), options.retryOpenMs ?? RETRY_OPEN_MS);
      return;
    }
    if (closed) {
      opened.disconnect();
      return;
    }
    socket = opened;
    stopWatching = opened.onState(onState);
    opened.listen(options.channel, options.events, {
      onSubscribed,
      onRefused: (refusal) => !closed && options.onRefused?.(refusal),
    });
  };

  return {
    /** Opens the socket once; later calls do nothing. */
    async start(): Promise<void> {
      if (started || closed) return;
      started = true;
      startLostTimer();
      await open();
    },
    /**
     * Resolves true once subscribed (at once if it is), false after `timeoutMs` or on close: for
     * a caller about to cause events (storing an account starts the jobs that announce its
     * channels), so the page is listening before the first one is sent.
     */
    whenSubscribed(timeoutMs: number): Promise<boolean> {
      if (subscribed) return Promise.resolve(true);
      if (closed) return Promise.resolve(false);
      return new Promise((resolve) => {
        const timer = timers.set(() => {
          waiting.delete(settle);
          resolve(false);
        }, timeoutMs);
        const settle = (outcome: boolean) => {
          timers.clear(timer);
          resolve(outcome);
        };
        waiting.add(settle);
      });
    },
    /** Closes for good: on leaving the signed-in pages, signing out, or an impersonation starting or ending. */
    close(): void {
      if (closed) return;
      closed = true;
      subscribed = false;
      stopLostTimer();
      stopReconnecting();
      if (retryTimer !== null) timers.clear(retryTimer);
      stopWatching?.();
      socket?.disconnect();
      socket = null;
      settleWaiting(false);
    },
    get status(): LiveStatus {
      return status;
    },
    /** The open socket's id: sent with each request, so the API tells this tab nothing it did itself. */
    socketId(): string | undefined {
      return socket?.socketId();
    },
  };
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;
