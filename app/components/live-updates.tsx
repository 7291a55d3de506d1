import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import * as realtime from '~contract/realtime';
import {
  ACCOUNT_CHANNELS_FETCH_FAILED,
  ACCOUNT_CHANNELS_FETCHED,
  AccountChannelsFetchFailedEventSchema,
  CHANNEL_FETCHED_EVENTS,
  ChannelFetchedEventSchema,
  COMMENTS_ARRIVED,
  COMMENTS_CHANGED,
  CommentsArrivedEventSchema,
  CommentsChangedEventSchema,
  INBOX_CHANGED,
  NOTIFIED,
  SENTIMENT_TRAINING,
  SentimentTrainingEventSchema,
} from '~contract/realtime';
import {
  TIKTOK_IMPORT_FAILED,
  TIKTOK_IMPORT_PROGRESS,
  TiktokImportFailedEventSchema,
  TiktokImportProgressEventSchema,
} from '~contract/tiktok-users';
import { authKeys, type User } from '~/features/auth/api';
import { commentArrivals } from '~/features/comments/comment-arrivals';
import { forgetInboxCount, inboxChanged, inboxKeys, inboxMarkedElsewhere } from '~/features/comments/inbox';
import { commentKeys } from '~/features/comments/api';
import { forgetNotifications, notified } from '~/features/alerts/api';
import { sentimentModelKeys, sentimentTraining } from '~/features/comments/sentiment-model';
import { channelFetched } from '~/features/integrations/channel-fetched';
import { brandName } from '~/components/ui/brand-mark';
import { ChannelFetchedDialog } from '~/features/integrations/channel-fetched-dialog';
import { createLiveConnection, type LiveConnection } from '~/features/realtime/live-connection';
import { LiveStatusIndicator } from '~/features/realtime/live-status';
import { getProjects, projectKeys } from '~/features/projects/api';
import { countOnProjects } from '~/features/projects/project-counts';
import { TiktokImportPanel } from '~/features/projects/tiktok-import-panel';
import { tiktokImports } from '~/features/projects/tiktok-imports';
import { liveConnection, useLiveState } from '~/lib/live';
import { listening } from '~/lib/listening';
import { useReadAgainUnlessBusy } from '~/lib/read-again-unless-busy';
import { invalidate, markStale } from '~/lib/cache';
import { snackbar } from '~/lib/snackbar';

/**
 * The signed-in pages' live updates (docs/product.md#live-updates; decision 026): the socket on the
 * private channel of the session (decision 056) and what its events do. This module is loaded lazily: by the signed-in
 * layout once the first screen is up, or sooner by a screen about to cause events
 * (`openLiveSession`), so laravel-echo and pusher-js are never on the sign-in path or in a page's
 * first load.
 *
 * - A channel-fetched event opens the dialog, or adds to it (docs/product.md#fetching-channels).
 * - Each event, and each subscription after a reconnect, reads the page's data again (the route
 *   loaders: the integrations screen loads the user's accounts and their channels), so a screen
 *   showing channels shows the new ones, and nothing sent while the socket was away stays missing.
 */

/** Several events in a burst (one per channel of an account) are one reading of the page's data. */
const REFRESH_COALESCE_MS = 300;

let session: { channel: string; connection: LiveConnection } | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
const refreshListeners = new Set<() => void>();
/**
 * A reading asked for while no page listened: the session opens before the layout shows (a
 * screen about to cause events opens it from its loader), so events can come first. The page
 * reads as soon as it listens.
 */
let refreshMissed = false;

function refresh() {
  if (refreshTimer !== undefined) return;
  refreshTimer = setTimeout(() => {
    refreshTimer = undefined;
    // A project follows channels: new ones may have joined it (a LinkedIn organization connected
    // from the project), gone ones left it. Its cached reading is stale from now.
    void invalidate(projectKeys.all);
    if (refreshListeners.size === 0) refreshMissed = true;
    refreshListeners.forEach((listener) => listener());
  }, REFRESH_COALESCE_MS);
}

function onChannelFetched(payload: unknown) {
  const event = z.safeParse(ChannelFetchedEventSchema, payload);
  if (event.success) channelFetched.announce(event.data, window.location.pathname);
  refresh();
}

/**
 * A TikTok import's progress (docs/product.md#tiktok-users): the bar moves; at 100 the project's
 * cached TikTok data is invalidated (read again on next use) and the page is read again, so the new
 * user shows.
 */
function onTiktokProgress(payload: unknown) {
  const event = z.safeParse(TiktokImportProgressEventSchema, payload);
  if (!event.success) return;
  const { progress, tiktokUser } = event.data;
  if (!tiktokImports.report(tiktokUser, progress)) return;
  void invalidate(projectKeys.tiktok(tiktokUser.projectId));
  void invalidate(projectKeys.lists());
  snackbar.show('tiktokImport.imported', 'success', {
    values: { name: tiktokUser.name, count: tiktokUser.videoCount },
  });
  refresh();
}

/**
 * A TikTok import stopped short: its bar goes, the project's TikTok data is read again (the
 * channels page says why and offers to start it again), and wherever the user is, they are told.
 */
function onTiktokFailed(payload: unknown) {
  const event = z.safeParse(TiktokImportFailedEventSchema, payload);
  if (!event.success) return;
  const { tiktokUser } = event.data;
  tiktokImports.dismiss(tiktokUser._id);
  void invalidate(projectKeys.tiktok(tiktokUser.projectId));
  snackbar.show('tiktokImport.failedSnack', 'error', { values: { name: tiktokUser.name } });
  refresh();
}

/** An account's channels could not be fetched: the integrations screen, read again, says why. */
function onFetchFailed(payload: unknown) {
  const event = z.safeParse(AccountChannelsFetchFailedEventSchema, payload);
  if (event.success) {
    snackbar.show('integrations.fetchFailedSnack', 'warning', {
      values: { provider: brandName(event.data.account.provider) },
    });
  }
  refresh();
}

/**
 * Comments arrived, were edited or removed on one of the user's channels (docs/decisions/044): an
 * open comments page offers the new ones and changes the rest in place; the projects' cards add
 * the event's counts up, open or cached.
 */
function onCommentsChanged(payload: unknown) {
  const event = z.safeParse(CommentsChangedEventSchema, payload);
  if (!event.success) return;
  commentArrivals.tell(event.data);
  void countOnProjects(event.data);
  // Comments that arrived or left move the inbox's open count.
  if (event.data.counted.length > 0) inboxChanged();
}

/** Comments arrived on anyone's channels (told to admins): the sentiment review offers them. */
function onCommentsArrived(payload: unknown) {
  const event = z.safeParse(CommentsArrivedEventSchema, payload);
  if (event.success) commentArrivals.tellReview(event.data);
}

/**
 * A training on the reviews was queued, started or ended (told to admins): the model panel's
 * cached reading is stale, and the page is read again, so an open sentiment review follows the
 * training and shows its outcome without a reload.
 */
function onSentimentTraining(payload: unknown) {
  const event = z.safeParse(SentimentTrainingEventSchema, payload);
  if (!event.success) return;
  sentimentTraining.tell(event.data);
  void invalidate(sentimentModelKeys.all);
  refresh();
}

/**
 * The subscription was refused: the session it was for is no longer this page's (another tab
 * signed in again or changed the password, which share the token) or has ended. The user is read
 * again: with a session of their own they come back with it, and the layout opens its channel;
 * with none the page goes to sign in.
 */
function onRefused() {
  void invalidate(authKeys.me());
  refresh();
}

/**
 * The session's live connection, on its own private channel (decision 056): opened once, and again
 * only for another session (another user, a new sign-in, a password or address change, an
 * impersonation starting or ending). None without a session to name (an answer that did not say).
 */
export function openLiveSession(user: Pick<User, '_id' | 'sessionId'>): LiveConnection | null {
  if (!user.sessionId) return null;
  const channel = realtime.userChannelName(user._id, user.sessionId);
  if (session?.channel === channel) return session.connection;
  closeLiveSession();
  const connection = createLiveConnection({
    open: () => import('~/features/realtime/echo-socket').then((module) => module.openEchoSocket()),
    channel,
    // Laravel's events, published under their own names (a leading dot: no App\Events\ namespace).
    events: {
      ...Object.fromEntries(Object.values(CHANNEL_FETCHED_EVENTS).map((name) => [`.${name}`, onChannelFetched])),
      [`.${ACCOUNT_CHANNELS_FETCHED}`]: refresh,
      [`.${TIKTOK_IMPORT_PROGRESS}`]: onTiktokProgress,
      [`.${TIKTOK_IMPORT_FAILED}`]: onTiktokFailed,
      [`.${ACCOUNT_CHANNELS_FETCH_FAILED}`]: onFetchFailed,
      [`.${COMMENTS_CHANGED}`]: onCommentsChanged,
      [`.${COMMENTS_ARRIVED}`]: onCommentsArrived,
      // Comments marked done or open again elsewhere (another tab, a reply): the count and an
      // open inbox follow.
      [`.${INBOX_CHANGED}`]: inboxMarkedElsewhere,
      // Something to tell (a negative comment arrived): the bell reads its list again.
      [`.${NOTIFIED}`]: notified,
      [`.${SENTIMENT_TRAINING}`]: onSentimentTraining,
    },
    // Live once listening. What was sent while nobody listened is not replayed. The bell and the
    // inbox's count live outside the pages' loaders: they are read again at each subscription,
    // the first included (read as the chrome first showed, they miss a negative comment told in
    // the second before the page listened; two small readings), and so is an open list of
    // comments read before it (`listening.began`). After a reconnect the page is read
    // again too; not after the first subscription, which would read every page twice on load (a
    // screen that may have missed something then asks: the integrations screen, the sentiment
    // review's panel).
    onSubscribed: (first) => {
      liveConnection.report('live');
      notified();
      inboxChanged();
      // Lists of comments read before now may lack what arrived meanwhile: read again on their
      // next showing (an open one is read at once). A project's are under the projects' keys,
      // which a reconnect's reading invalidates; marked stale at the first subscription, the
      // open page's project would be read again too, lighting the loading bar for nothing.
      void markStale(inboxKeys.all);
      void markStale(commentKeys.all);
      listening.began();
      if (first) return;
      // A training's events sent meanwhile are lost: the panel goes by the API's reading alone.
      sentimentTraining.clear();
      refresh();
    },
    onStatus: (status) => {
      if (status !== 'live') liveConnection.report(status);
    },
    onRefused,
  });
  const forget = liveConnection.register(
    () => {
      forget();
      if (session?.connection === connection) session = null;
      connection.close();
      if (refreshTimer !== undefined) clearTimeout(refreshTimer);
      refreshTimer = undefined;
      refreshMissed = false;
      // The dialog and the imports are this account's: another user signing in here never sees them.
      channelFetched.close();
      tiktokImports.clear();
      commentArrivals.clear();
      listening.forget();
      forgetInboxCount();
      forgetNotifications();
      sentimentTraining.clear();
    },
    () => connection.socketId(),
  );
  session = { channel, connection };
  liveConnection.report('connecting');
  void connection.start();
  return connection;
}

/** For the channel-fetched dialog's way to attach what arrived: a project made elsewhere counts. */
const readProjectsAfresh = () => getProjects(1, { quietly: true, fresh: true });

export function closeLiveSession() {
  if (session) liveConnection.close();
}

/**
 * Rendered by the signed-in layout: opens the session's connection, reads the page again when
 * told, shows the dialog and the status.
 */
export default function LiveUpdates({ userId, sessionId }: { userId: string; sessionId: string | undefined }) {
  // Not while the user is on their way elsewhere or sending a form: the router's reading would stop
  // them, and the page they reach, or the form's own reading, reads from caches already marked
  // stale. The function is the same at every render, so the listener outlives them.
  const readAgain = useReadAgainUnlessBusy();
  useEffect(() => {
    const listener = () => readAgain();
    refreshListeners.add(listener);
    openLiveSession({ _id: userId, sessionId });
    if (refreshMissed) {
      refreshMissed = false;
      refresh();
    }
    return () => {
      refreshListeners.delete(listener);
      closeLiveSession();
    };
  }, [userId, sessionId, readAgain]);

  const state = useLiveState();
  // "Back" is said once, on coming back from lost (never on the first connection).
  const [wasLost, setWasLost] = useState(false);
  if (state === 'lost' && !wasLost) setWasLost(true);
  return (
    <>
      <ChannelFetchedDialog readProjects={readProjectsAfresh} />
      <TiktokImportPanel />
      <LiveStatusIndicator lost={state === 'lost'} recovered={wasLost && state === 'live'} />
    </>
  );
}
