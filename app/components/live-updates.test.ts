import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListenCallbacks, LiveSocket, SocketState } from '~/features/realtime/live-connection';

/** The sockets the live updates opened, in order: driven by hand. */
const sockets: Array<
  LiveSocket & {
    channels: string[];
    events: Record<string, (payload: unknown) => void>;
    disconnected: boolean;
    callbacks: ListenCallbacks | null;
    to(state: SocketState): void;
  }
> = [];

vi.mock('~/features/realtime/echo-socket', () => ({
  openEchoSocket: async (): Promise<LiveSocket> => {
    const listeners = new Set<(state: SocketState) => void>();
    const socket: (typeof sockets)[number] = {
      channels: [],
      events: {},
      disconnected: false,
      callbacks: null,
      listen(channel, events, callbacks) {
        socket.channels.push(channel);
        socket.events = events;
        socket.callbacks = callbacks;
      },
      onState(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      reconnect() {},
      disconnect() {
        socket.disconnected = true;
      },
      socketId: () => undefined,
      to(state) {
        for (const listener of [...listeners]) listener(state);
      },
    };
    sockets.push(socket);
    return socket;
  },
}));

const invalidated: unknown[] = [];
const staled: unknown[] = [];
vi.mock('~/lib/cache', () => ({
  invalidate: async (key: unknown) => void invalidated.push(key),
  markStale: async (key: unknown) => void staled.push(key),
}));

/** The bell's and the inbox count's readings again, counted (their requests are their own tests'). */
const readAgain = vi.hoisted(() => ({ notified: vi.fn(), inboxChanged: vi.fn() }));
vi.mock('~/features/alerts/api', async (original) => ({
  ...(await original<typeof import('~/features/alerts/api')>()),
  notified: readAgain.notified,
}));
vi.mock('~/features/comments/inbox', async (original) => ({
  ...(await original<typeof import('~/features/comments/inbox')>()),
  inboxChanged: readAgain.inboxChanged,
}));

const { openLiveSession, closeLiveSession } = await import('./live-updates');
const { authKeys } = await import('~/features/auth/api');
const { sentimentModelKeys, sentimentTraining } = await import('~/features/comments/sentiment-model');
const { listening: listeningNow } = await import('~/lib/listening');

/** Lets the `count`th socket's lazy opening finish: it listens. */
const opened = (count = 1) => vi.waitFor(() => expect(sockets[count - 1]?.callbacks).toBeTruthy());

afterEach(() => {
  closeLiveSession();
  sockets.length = 0;
  invalidated.length = 0;
});

describe("the live updates' connection", () => {
  it("listens on the session's own channel (docs/decisions/056), once however often it is opened", async () => {
    const first = openLiveSession({ _id: 'u1', sessionId: 's1' });
    await opened();
    expect(openLiveSession({ _id: 'u1', sessionId: 's1' })).toBe(first);
    expect(sockets.map((socket) => socket.channels)).toEqual([['App.Models.User.u1.s1']]);
  });

  it('opens again, on the new channel, when the session changes (a password changed here), closing the old', async () => {
    openLiveSession({ _id: 'u1', sessionId: 's1' });
    await opened();
    openLiveSession({ _id: 'u1', sessionId: 's2' });
    await opened(2);
    expect(sockets[0]!.disconnected).toBe(true);
    expect(sockets[1]!.channels).toEqual(['App.Models.User.u1.s2']);
    expect(sockets[1]!.disconnected).toBe(false);
  });

  it('opens nothing for an answer that names no session', () => {
    expect(openLiveSession({ _id: 'u1', sessionId: undefined })).toBeNull();
    expect(sockets).toEqual([]);
  });

  it('reads the user again when its subscription is refused: the session may have changed in another tab, or ended', async () => {
    openLiveSession({ _id: 'u1', sessionId: 's1' });
    await opened();
    sockets[0]!.to('connected');
    sockets[0]!.callbacks!.onRefused(403);
    expect(invalidated).toContainEqual(authKeys.me());
  });

  it("reads the sentiment model again as a training is queued, starts and ends (told to admins): the review page's panel follows it", async () => {
    const told = vi.spyOn(sentimentTraining, 'tell');
    openLiveSession({ _id: 'u1', sessionId: 's1' });
    await opened();
    for (const event of [{ state: 'queued' }, { state: 'running' }, { state: 'ended', outcome: 'switched' }]) {
      invalidated.length = 0;
      sockets[0]!.events['.SentimentTraining']!(event);
      expect(invalidated).toContainEqual(sentimentModelKeys.all);
    }
    expect(told.mock.calls.map(([event]) => event)).toEqual([
      { state: 'queued' },
      { state: 'running' },
      { state: 'ended', outcome: 'switched' },
    ]);
    told.mockRestore();
  });

  it("reads the bell, the inbox's count and an open list of comments again at each subscription, the first included: what was told before the page listened is not replayed", async () => {
    readAgain.notified.mockClear();
    readAgain.inboxChanged.mockClear();
    const listening = vi.spyOn(listeningNow, 'began');
    staled.length = 0;
    openLiveSession({ _id: 'u1', sessionId: 's1' });
    await opened();
    sockets[0]!.to('connected');
    expect(readAgain.notified).not.toHaveBeenCalled();
    expect(listening).not.toHaveBeenCalled();
    sockets[0]!.callbacks!.onSubscribed();
    expect(readAgain.notified).toHaveBeenCalledTimes(1);
    expect(readAgain.inboxChanged).toHaveBeenCalledTimes(1);
    // An open list of comments reads itself again; the ones cached, on their next showing.
    expect(listening).toHaveBeenCalledTimes(1);
    expect(staled).toEqual([['inbox'], ['comments']]);
    // The first subscription reads no page again: the page has just been read.
    expect(invalidated).toEqual([]);

    sockets[0]!.to('connecting');
    sockets[0]!.to('connected');
    sockets[0]!.callbacks!.onSubscribed();
    expect(readAgain.notified).toHaveBeenCalledTimes(2);
    expect(readAgain.inboxChanged).toHaveBeenCalledTimes(2);
    expect(listening).toHaveBeenCalledTimes(2);
    listening.mockRestore();
  });

  it('ignores a training event its schema refuses', async () => {
    const told = vi.spyOn(sentimentTraining, 'tell');
    openLiveSession({ _id: 'u1', sessionId: 's1' });
    await opened();
    sockets[0]!.events['.SentimentTraining']!({ state: 'finished' });
    expect(invalidated).toEqual([]);
    expect(told).not.toHaveBeenCalled();
    told.mockRestore();
  });
});
