import { createStore, useStore } from './store';

/**
 * What the rest of the app may know of the signed-in pages' live connection
 * (app/components/live-updates.tsx, loaded lazily) without loading it: closing it from sign-out
 * and from an impersonation starting or ending (the socket belongs to one account, and closes
 * before the session changes hands), and whether it is live (a screen that would otherwise
 * look again on a timer only does so while it is not).
 */
/** `live`: subscribed to the user's channel, events arrive; `lost`: away for more than a few seconds. */
export type LiveState = 'off' | 'connecting' | 'live' | 'lost';

let current: { close: () => void; socketId: () => string | undefined } | null = null;
const state = createStore<LiveState>('off');

export const liveConnection = {
  /**
   * The open connection's close and its socket's id; answers how to forget it again (when it
   * closes on its own).
   */
  register(close: () => void, socketId: () => string | undefined): () => void {
    const registered = { close, socketId };
    current = registered;
    return () => {
      if (current === registered) current = null;
    };
  },
  close(): void {
    const close = current?.close;
    current = null;
    close?.();
    liveConnection.report('off');
  },
  /**
   * The open socket's id, which the app's HTTP client sends as `X-Socket-ID`: what this tab
   * changes, the API tells the user's other tabs, not this one (it has changed it already).
   */
  socketId: (): string | undefined => current?.socketId(),
  report(next: LiveState): void {
    state.set(next);
  },
  get state(): LiveState {
    return state.get();
  },
};

export const useLiveState = () => useStore(state);
