/**
 * A route's `handle` for the page that lists the channels no project follows, to attach them
 * there (a project's channels): the channel-fetched dialog, open over it, says they join the list
 * below instead of leading elsewhere. Declared by the route, so a change of its path cannot part
 * the two.
 */
export interface AttachHereHandle {
  attachesChannels?: boolean;
}
export const ATTACHES_CHANNELS: AttachHereHandle = { attachesChannels: true };
