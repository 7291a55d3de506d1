import { useEffect, useRef } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { useRevalidator } from '@remix-run/react';
import type { SentimentSummary } from '~contract/comments';
import type { CommentsArrivedEvent, CommentsChangedEvent } from '~contract/realtime';
import { invalidate, updateCached } from '~/lib/cache';
import { createStore, useStore } from '~/lib/store';
import { throttle } from '~/lib/throttle';
import { useReadAgainUnlessBusy } from '~/lib/read-again-unless-busy';
import { useReadAgainOnListening } from '~/lib/listening';
import { withCountChanges } from '~/lib/sentiment-counts';
import { commentKeys } from './api';
import type { ProjectCommentPages } from './project-comments';

/**
 * Comments that arrived by themselves (docs/decisions/044), as the live updates tell: how many are
 * new on each channel since its list was last shown in full, and the edits and removals for an
 * open list to apply in place. Outside React: an event can come while no comments page is open.
 */
const arrived = createStore<ReadonlyMap<string, number>>(new Map());
/**
 * How often an open comments page shows its chart again while comments keep arriving: from the
 * cache, where each event's counts were added (no request), so a burst redraws it a few times a
 * second at most.
 */
const SHOW_AGAIN_MS = 250;
const listeners = new Set<(event: CommentsChangedEvent) => void>();
/**
 * When each channel's comments last changed in place (an edit, a removal, a mark made elsewhere),
 * as the events told: a list read before that, or while it was on its way, is read again as it
 * is shown. An event that comes between a page's reading and its listening is otherwise lost.
 */
const changedAt = new Map<string, number>();

export const commentArrivals = {
  /** What a `CommentsChanged` event says; the live updates call it. */
  tell(event: CommentsChangedEvent) {
    if (event.refresh || event.edited.length > 0 || event.removed.length > 0)
      changedAt.set(event.channelId, Date.now());
    if (event.added > 0) {
      arrived.update((current) =>
        new Map(current).set(event.channelId, (current.get(event.channelId) ?? 0) + event.added),
      );
    }
    listeners.forEach((listener) => listener(event));
  },
  /** The new ones on these channels are shown: nothing waits there any more. */
  shown(channelIds: readonly string[]) {
    if (!channelIds.some((id) => arrived.get().has(id))) return;
    arrived.update((current) => {
      const next = new Map(current);
      channelIds.forEach((id) => next.delete(id));
      return next;
    });
  },
  /** The review's list was read again from its top (after "select all matching"): nothing waits there. */
  reviewShown() {
    reviewArrived.set(NOTHING_ARRIVED);
  },
  /** Signing out: another user here never sees this one's. */
  clear() {
    arrived.set(new Map());
    changedAt.clear();
    reviewArrived.set(NOTHING_ARRIVED);
  },
  /** What a `CommentsArrived` event says (admins only): comments arrived on anyone's channels. */
  tellReview(event: CommentsArrivedEvent) {
    if (event.added === 0) return;
    reviewArrived.update((current) => ({
      added: current.added + event.added,
      toReview: current.toReview + event.toReview,
    }));
  },
};

const NOTHING_ARRIVED: CommentsArrivedEvent = { added: 0, toReview: 0 };
/** The comments that arrived since the sentiment review's list was last read in full. */
const reviewArrived = createStore<CommentsArrivedEvent>(NOTHING_ARRIVED);

/**
 * The admin's sentiment review and what arrives anywhere: how many new comments its list would
 * show (those to review, when it lists only those), until `show` reads the list again from its top.
 * A list read before the page listened is read so again (`useReadAgainOnListening`).
 */
export function useReviewArrivals(
  inReviewOnly: boolean,
  /** The list the page shows (its query's key), when its loader started and when it was last read. */
  read: { listKey: QueryKey; loaderStartedAt: number; listReadAt: number },
) {
  const revalidator = useRevalidator();
  const waiting = useStore(reviewArrived, (current) => (inReviewOnly ? current.toReview : current.added));
  useShownOnReadingAfresh(read, commentArrivals.reviewShown);
  // The list from its top, then the page: asked for (`show`), or not (the page started listening).
  async function fromTop(readPage: () => void) {
    reviewArrived.set(NOTHING_ARRIVED);
    await invalidate(commentKeys.lists());
    readPage();
  }
  const show = () => fromTop(revalidator.revalidate);
  const readAgain = useReadAgainUnlessBusy();
  useReadAgainOnListening(Math.min(read.loaderStartedAt, read.listReadAt), () => void fromTop(readAgain));
  return { waiting, show };
}

/**
 * A list shown for another filter, once read (its reading no older than the loader that changed
 * the filter, which reads it first), holds what arrived before: nothing waits any more (`shown`),
 * so the offer never counts comments the list already shows. The list a page opens with is
 * `useReadAgainOnListening`'s; a list shown again from the cache, read before, still waits for
 * what came since.
 */
function useShownOnReadingAfresh(
  { listKey, loaderStartedAt, listReadAt }: { listKey: QueryKey; loaderStartedAt: number; listReadAt: number },
  shown: () => void,
) {
  const key = JSON.stringify(listKey);
  const since = useRef<{ key: string; at: number } | null>(null);
  const showing = useRef(shown);
  showing.current = shown;
  useEffect(() => {
    if (since.current === null) since.current = { key, at: Infinity };
    else if (since.current.key !== key) since.current = { key, at: loaderStartedAt };
    // The loader's start as the filter changed (its later readings are the list's own business).
  }, [key]);
  useEffect(() => {
    const changed = since.current;
    if (!changed || listReadAt < changed.at) return;
    changed.at = Infinity;
    showing.current();
  }, [key, listReadAt]);
}

/**
 * The loaded pages with the edited comments' new text and without the removed ones (and their
 * replies); the list's total counts the removed comments it held out (a reply is not counted).
 */
export function withChanges<Pages extends ProjectCommentPages>(pages: Pages, event: CommentsChangedEvent): Pages {
  const edited = new Map(event.edited.map((each) => [each._id, each.message]));
  const removed = new Set(event.removed);
  const apply = <T extends { id: string; message: string }>(comment: T): T =>
    edited.has(comment.id) ? { ...comment, message: edited.get(comment.id)! } : comment;
  const gone = pages.pages.reduce(
    (sum, page) => sum + page.data.filter((comment) => removed.has(comment.id)).length,
    0,
  );
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      meta: gone > 0 ? { ...page.meta, total: Math.max(0, page.meta.total - gone) } : page.meta,
      data: page.data
        .filter((comment) => !removed.has(comment.id))
        .map((comment) => ({
          ...apply(comment),
          replies: comment.replies.filter((reply) => !removed.has(reply.id)).map(apply),
        })),
    })),
  };
}

/**
 * The chart's summary with an event's counts added (CommentsChangedEvent.counted): each day it
 * shows, by sentiment. A day outside its period is not on it.
 */
export function withCounted(summary: SentimentSummary, counted: CommentsChangedEvent['counted']): SentimentSummary {
  if (counted.length === 0) return summary;
  const byDate = new Map<string, CommentsChangedEvent['counted']>();
  for (const each of counted) byDate.set(each.date, [...(byDate.get(each.date) ?? []), each]);
  return {
    ...summary,
    days: summary.days.map((day) => {
      const changes = byDate.get(day.date);
      if (!changes) return day;
      return { ...day, counts: withCountChanges(day.counts, changes) };
    }),
  };
}

/**
 * A project's comments page and what arrives on its channels: edits and removals change the
 * loaded rows in place and the event's counts are added to the chart (the list stays where the
 * reader is; nothing is read again); new comments wait, counted, until `show` reads the list
 * again from its top.
 */
export function useCommentArrivals(
  /** The lists this page shows (a project's, or the inbox's), and the project's chart if it has one. */
  shown: { lists: QueryKey; summaries?: QueryKey },
  channelIds: readonly string[],
  /**
   * The list the page shows (its query's key), and since when it says how things are: the earlier
   * of its loader's start (`Date.now()` as it began) and when the list was last read (the query's
   * `dataUpdatedAt`).
   */
  read: { listKey: QueryKey; loaderStartedAt: number; listReadAt: number },
) {
  const revalidator = useRevalidator();
  // Readings nobody asked for: never while the reader is on their way elsewhere.
  const readAgain = useReadAgainUnlessBusy();
  const ids = channelIds.join(',');
  const readAt = useRef(read);
  readAt.current = read;

  // A list shown (the page opening, another filter's list) that was read before a change came,
  // or while it was on its way: read again, once. Not at each reading of the page's loader (the
  // chart's, during a burst): the listener below keeps a list on show up to date in place.
  useEffect(() => {
    const since = Math.min(readAt.current.loaderStartedAt, readAt.current.listReadAt);
    if (ids.split(',').some((id) => (changedAt.get(id) ?? -Infinity) >= since)) void invalidate(shown.lists);
    // As the listener below: the keys as the page opened them.
  }, [JSON.stringify(shown), ids, JSON.stringify(read.listKey)]);
  const waiting = useStore(arrived, (current) =>
    ids === '' ? 0 : ids.split(',').reduce((sum, id) => sum + (current.get(id) ?? 0), 0),
  );
  useShownOnReadingAfresh(read, () => commentArrivals.shown(ids.split(',')));

  useEffect(() => {
    const mine = new Set(ids.split(','));
    // The chart and its counts: the event's counts are added to every cached period, and the
    // loader shows them from the cache (docs/decisions/062): a burst on a busy project costs the
    // API nothing for each page open on it.
    const showAgain = throttle(readAgain, SHOW_AGAIN_MS);
    const listener = (event: CommentsChangedEvent) => {
      if (!mine.has(event.channelId)) return;
      void (async () => {
        if (event.refresh) await invalidate(shown.lists);
        else if (event.edited.length > 0 || event.removed.length > 0) {
          await updateCached<ProjectCommentPages>(shown.lists, (pages) => (pages ? withChanges(pages, event) : pages));
        }
        // The list follows the cache by itself; only the chart, which the loader gives, is shown
        // again, and only when its counts moved (a reply, or a new text, moves none): a page
        // drawn again for nothing can swallow a click in an open menu.
        if (event.counted.length > 0 && shown.summaries) {
          await updateCached<SentimentSummary>(shown.summaries, (summary) =>
            summary ? withCounted(summary, event.counted) : summary,
          );
          showAgain.call();
        }
      })();
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      showAgain.cancel();
    };
    // The keys are read as they were when the page opened them: arrays made again each render.
  }, [JSON.stringify(shown), ids]);

  async function show() {
    commentArrivals.shown(ids.split(','));
    await invalidate(shown.lists);
    revalidator.revalidate();
  }
  // Read from its top again, with the chart: what arrived before the page listened is in neither.
  useReadAgainOnListening(Math.min(read.loaderStartedAt, read.listReadAt), () => {
    commentArrivals.shown(ids.split(','));
    void Promise.all([invalidate(shown.lists), shown.summaries && invalidate(shown.summaries)]).then(readAgain);
  });
  return { waiting, show };
}
