import { describe, expect, it, vi } from 'vitest';
import {
  createLiveConnection,
  type ListenCallbacks,
  type LiveConnectionOptions,
  type LiveSocket,
  type SocketState,
  reconnectDelayMs,
} from './live-connection';

/** A socket driven by hand: its state changes and events are whatever the test says. */
function fakeSocket() {
  const listeners = new Set<(state: SocketState) => void>();
  const socket = {
    listened: [] as Array<{ channel: string; events: string[] }>,
    handlers: {} as Record<string, (payload: unknown) => void>,
    callbacks: null as ListenCallbacks | null,
    disconnected: 0,
    reconnects: 0,
    listen(channel, events, callbacks) {
      socket.listened.push({ channel, events: Object.keys(events) });
      socket.handlers = events;
      socket.callbacks = callbacks;
    },
    onState(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    disconnect() {
      socket.disconnected++;
    },
    socketId: () => undefined,
    /** As pusher-js's connection.disconnect() then connect(): through 'disconnected' to 'connecting'. */
    reconnect() {
      socket.reconnects++;
      socket.to('disconnected');
      socket.to('connecting');
    },
    to(state: SocketState) {
      for (const listener of [...listeners]) listener(state);
    },
    /** Connected, and the subscription signed and accepted: what pusher-js does after each (re)connect. */
    subscribe() {
      socket.to('connected');
      socket.callbacks!.onSubscribed();
    },
    get watchers() {
      return listeners.size;
    },
  } satisfies LiveSocket & Record<string, unknown>;
  return socket;
}

/** Timers moved by hand, so "lost after 4 s" is tested without waiting. */
function manualTimers() {
  let now = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  let nextId = 1;
  return {
    set: (run: () => void, ms: number) => {
      const id = nextId++;
      due.set(id, { at: now + ms, run });
      return id;
    },
    clear: (handle: unknown) => void due.delete(handle as number),
    now: () => now,
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...due]) {
        if (timer.at <= now) {
          due.delete(id);
          timer.run();
        }
      }
    },
  };
}

function setup(overrides: Partial<LiveConnectionOptions> = {}) {
  const socket = fakeSocket();
  const timers = manualTimers();
  const statuses: string[] = [];
  const onSubscribed = vi.fn();
  const fetched = vi.fn();
  const connection = createLiveConnection({
    open: async () => socket,
    channel: 'App.Models.User.u1',
    events: { '.FacebookPageFetched': fetched },
    onSubscribed,
    onStatus: (status) => statuses.push(status),
    lostAfterMs: 4000,
    timers,
    now: timers.now,
    reconnectDelayMs: (awayMs) => (awayMs >= 60_000 ? 10_000 : 3000),
    ...overrides,
  });
  return { socket, timers, statuses, onSubscribed, fetched, connection };
}

describe('the live connection', () => {
  it("listens on the user's channel once, however often it is started", async () => {
    const { socket, connection, fetched } = setup();
    await Promise.all([connection.start(), connection.start()]);
    await connection.start();
    expect(socket.listened).toEqual([{ channel: 'App.Models.User.u1', events: ['.FacebookPageFetched'] }]);
    socket.handlers['.FacebookPageFetched']!({ channel: { name: 'Espresso' } });
    expect(fetched).toHaveBeenCalledWith({ channel: { name: 'Espresso' } });
  });

  it('says it is live on connecting, and tells of the first subscription as the first', async () => {
    const { socket, connection, statuses, onSubscribed } = setup();
    await connection.start();
    socket.to('connecting');
    socket.subscribe();
    expect(statuses).toEqual(['live']);
    expect(connection.status).toBe('live');
    expect(onSubscribed.mock.calls).toEqual([[true]]);
  });

  it('says the connection is lost only once it has been away for 4 s, and live again when it is back', async () => {
    const { socket, timers, connection, statuses } = setup();
    await connection.start();
    socket.to('connected');
    socket.to('unavailable');
    timers.advance(3999);
    expect(statuses).toEqual(['live']);
    // A blip: back before the time is up, nothing is said.
    socket.to('connecting');
    socket.to('connected');
    timers.advance(10_000);
    expect(statuses).toEqual(['live']);

    socket.to('unavailable');
    socket.to('connecting');
    timers.advance(4000);
    expect(statuses).toEqual(['live', 'lost']);
    socket.to('connected');
    expect(statuses).toEqual(['live', 'lost', 'live']);
  });

  it('says so when the first connection does not come within 4 s either', async () => {
    const { socket, timers, connection, statuses } = setup();
    await connection.start();
    socket.to('connecting');
    timers.advance(4000);
    expect(statuses).toEqual(['lost']);
  });

  it('tells of each subscription after a reconnect, a short blip included: events sent meanwhile are not replayed', async () => {
    const { socket, connection, onSubscribed } = setup();
    await connection.start();
    socket.subscribe();
    socket.to('connecting');
    socket.subscribe();
    socket.to('unavailable');
    socket.to('connecting');
    socket.subscribe();
    expect(onSubscribed.mock.calls).toEqual([[true], [false], [false]]);
  });

  it("tells of the first subscription to succeed as a reconnect's when a socket was lost before it: the page read before that socket", async () => {
    const { socket, connection, onSubscribed } = setup();
    await connection.start();
    socket.to('connected');
    // Lost while its first subscription was being answered.
    socket.to('connecting');
    socket.subscribe();
    expect(onSubscribed.mock.calls).toEqual([[false]]);
  });

  it('tells of the first subscription as the first after attempts that never connected: no socket was lost', async () => {
    const { socket, connection, onSubscribed } = setup();
    await connection.start();
    socket.to('connecting');
    socket.to('unavailable');
    socket.reconnect();
    socket.subscribe();
    expect(onSubscribed.mock.calls).toEqual([[true]]);
  });

  it('lets a caller wait for the subscription: at once when subscribed, false on timeout or close', async () => {
    const { socket, timers, connection } = setup();
    await connection.start();
    const early = connection.whenSubscribed(3000);
    const late = connection.whenSubscribed(3000);
    timers.advance(2999);
    socket.subscribe();
    await expect(early).resolves.toBe(true);
    await expect(late).resolves.toBe(true);
    await expect(connection.whenSubscribed(3000)).resolves.toBe(true);

    // Away: a caller waits for the subscription to come back.
    socket.to('unavailable');
    const timedOut = connection.whenSubscribed(3000);
    timers.advance(3000);
    await expect(timedOut).resolves.toBe(false);
    const closing = connection.whenSubscribed(3000);
    connection.close();
    await expect(closing).resolves.toBe(false);
    await expect(connection.whenSubscribed(3000)).resolves.toBe(false);
  });

  it('closes for good: disconnects, stops listening to states, and says nothing more', async () => {
    const { socket, timers, connection, statuses, onSubscribed } = setup();
    await connection.start();
    socket.to('connected');
    socket.to('unavailable');
    const callbacks = socket.callbacks!;
    connection.close();
    connection.close();
    expect(socket.disconnected).toBe(1);
    expect(socket.watchers).toBe(0);
    timers.advance(10_000);
    socket.to('connected');
    callbacks.onSubscribed();
    expect(statuses).toEqual(['live']);
    expect(onSubscribed).not.toHaveBeenCalled();
    await connection.start();
    expect(socket.listened).toHaveLength(1);
  });

  it('a close while the socket is still opening wins: the socket is disconnected as it arrives', async () => {
    const socket = fakeSocket();
    let release!: () => void;
    const { connection } = setup({
      open: () => new Promise<LiveSocket>((resolve) => (release = () => resolve(socket))),
    });
    const starting = connection.start();
    connection.close();
    release();
    await starting;
    expect(socket.disconnected).toBe(1);
    expect(socket.listened).toEqual([]);
  });

  it('tries again to open a socket that could not be opened, until it opens or the connection closes', async () => {
    const socket = fakeSocket();
    const onOpenFailed = vi.fn();
    let attempts = 0;
    const { timers, connection } = setup({
      open: async () => {
        attempts++;
        if (attempts < 3) throw new Error('settings unavailable');
        return socket;
      },
      onOpenFailed,
      retryOpenMs: 15_000,
    });
    await connection.start();
    expect(onOpenFailed).toHaveBeenCalledWith(new Error('settings unavailable'));
    timers.advance(14_999);
    expect(attempts).toBe(1);
    timers.advance(1);
    await vi.waitFor(() => expect(attempts).toBe(2));
    timers.advance(15_000);
    await vi.waitFor(() => expect(socket.listened).toHaveLength(1));
    expect(attempts).toBe(3);

    // Closed meanwhile: no more tries.
    let tries = 0;
    const counted = setup({
      open: () => {
        tries++;
        return Promise.reject(new Error('offline'));
      },
    });
    await counted.connection.start();
    counted.connection.close();
    counted.timers.advance(60_000);
    expect(tries).toBe(1);
  });

  it('starts over every 3 s while connecting (pusher-js would wait 15, 30, 60 s after a failed attempt), every 10 s after a minute away', async () => {
    const { socket, timers, connection } = setup();
    await connection.start();
    socket.subscribe();
    // The service went away: pusher-js is connecting, its first attempt failed.
    socket.to('connecting');
    timers.advance(2999);
    expect(socket.reconnects).toBe(0);
    timers.advance(1);
    expect(socket.reconnects).toBe(1);
    timers.advance(3000);
    expect(socket.reconnects).toBe(2);
    // pusher-js's own 'unavailable' (10 s in) changes nothing: one timer at a time.
    socket.to('unavailable');
    timers.advance(3000);
    expect(socket.reconnects).toBe(3);
    // Back: it stops, and a later loss starts again at 3 s.
    socket.subscribe();
    timers.advance(30_000);
    expect(socket.reconnects).toBe(3);
    socket.to('connecting');
    timers.advance(3000);
    expect(socket.reconnects).toBe(4);
    // A minute away and still nothing: every 10 s.
    timers.advance(57_000);
    const atMinute = socket.reconnects;
    timers.advance(9_999);
    expect(socket.reconnects).toBe(atMinute);
    timers.advance(1);
    expect(socket.reconnects).toBe(atMinute + 1);
  });

  it('never starts over while connected, after a close on purpose or a refusal, nor once closed', async () => {
    const { socket, timers, connection } = setup();
    await connection.start();
    socket.subscribe();
    timers.advance(60_000);
    // pusher-js disconnected on purpose (or refused: an unknown key, 4001).
    socket.to('connecting');
    socket.to('disconnected');
    timers.advance(60_000);
    expect(socket.reconnects).toBe(0);
    socket.to('connecting');
    connection.close();
    timers.advance(60_000);
    expect(socket.reconnects).toBe(0);
  });

  it('spreads the restarts ±20% so pages do not all come back at once', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(2400);
    expect(reconnectDelayMs(59_999, () => 1)).toBe(3600);
    expect(reconnectDelayMs(60_000, () => 0)).toBe(8000);
    expect(reconnectDelayMs(600_000, () => 1)).toBe(12_000);
  });

  it('reports a refused subscription', async () => {
    const onRefused = vi.fn();
    const { socket, connection } = setup({ onRefused });
    await connection.start();
    socket.callbacks!.onRefused(403);
    expect(onRefused).toHaveBeenCalledWith(403);
  });
});
