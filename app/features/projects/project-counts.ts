import { useEffect } from 'react';
import type { Paged } from '~contract/common';
import type { Sentiment } from '~contract/fields';
import type { CommentsChangedEvent } from '~contract/realtime';
import { markStale, updateCached } from '~/lib/cache';
import { useReadAgainOnListening } from '~/lib/listening';
import { useReadAgainUnlessBusy } from '~/lib/read-again-unless-busy';
import { withCountChanges } from '~/lib/sentiment-counts';
import { throttle } from '~/lib/throttle';
import { getProjects, projectKeys } from './api';

type Counted = { channels: ReadonlyArray<{ _id: string }>; commentCounts: Record<Sentiment, number> };

/**
 * A page of projects with a `CommentsChanged` event's counts added to each project that follows
 * its channel: the top-level comments it added or took away, by sentiment, whatever their day
 * (a card counts them all; docs/decisions/052). Never below zero.
 */
export function withCountedProjects<Project extends Counted>(
  page: Paged<Project>,
  event: Pick<CommentsChangedEvent, 'channelId' | 'counted'>,
): Paged<Project> {
  if (event.counted.length === 0) return page;
  return {
    ...page,
    data: page.data.map((project) => {
      if (!project.channels.some((channel) => channel._id === event.channelId)) return project;
      return { ...project, commentCounts: withCountChanges(project.commentCounts, event.counted) };
    }),
  };
}

/** The open project lists, told once their cached pages have counted an event. */
const shownLists = new Set<() => void>();

/**
 * What a `CommentsChanged` event does to the projects' cards (the live updates call it): its
 * counts are added to the cached pages of projects, so a card says the new totals without a
 * request, open or shown later. A change too big to list (`refresh`) is read again on the
 * list's next showing instead.
 */
export async function countOnProjects(event: CommentsChangedEvent) {
  if (event.refresh) return markStale(projectKeys.lists());
  if (event.counted.length === 0) return;
  await updateCached<Paged<Counted>>(projectKeys.lists(), (page) => page && withCountedProjects(page, event));
  shownLists.forEach((shown) => shown());
}

/** How often an open list of projects shows its cards again while comments keep arriving. */
const SHOW_AGAIN_MS = 250;

/**
 * The project list, open: its loader shows the cards from the cache, where each event's counts
 * were added; a burst shows them again a few times a second at most. Counted from the events, the
 * cards would stay short of what arrived before the page listened (`readSince`: its loader's
 * start): they are read again then, quietly (the user asked for nothing).
 */
export function useProjectCountsShownLive(readSince: number) {
  const readAgain = useReadAgainUnlessBusy();
  useReadAgainOnListening(readSince, () => {
    void markStale(projectKeys.lists())
      .then(() => getProjects(1, { quietly: true }))
      .then(
        readAgain,
        // Not read: the cards stay as they are, and the list is read again on its next showing.
        () => {},
      );
  });
  useEffect(() => {
    const showAgain = throttle(readAgain, SHOW_AGAIN_MS);
    const shown = () => showAgain.call();
    shownLists.add(shown);
    return () => {
      shownLists.delete(shown);
      showAgain.cancel();
    };
  }, [readAgain]);
}
