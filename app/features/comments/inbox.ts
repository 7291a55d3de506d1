import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createStore, useStore } from '~/lib/store';
import { throttle } from '~/lib/throttle';
import * as inbox from '~contract/inbox';
import { COMMENTS_PAGE_SIZE } from '~contract/comments';
import type { InboxComment, InboxDoneResult } from '~contract/inbox';
import type { Paged } from '~contract/common';
import { api } from '~/lib/api';
import { cachedEntries, cachedPages, invalidate, markStale, updateCached } from '~/lib/cache';
import { inboxFilterToApi, inboxFilterToQuery, type InboxFilter } from './inbox-filter';
import {
  deleteProjectComment,
  markProjectComment,
  replyToComment,
  withComment,
  withReply,
  type CommentMarks,
} from './project-comments';
import type { ReplyBody } from '~contract/comments';

export type { InboxComment } from '~contract/inbox';

/** The inbox's cache keys: every query and invalidation names them through here. */
export const inboxKeys = {
  all: ['inbox'] as const,
  lists: () => [...inboxKeys.all, 'list'] as const,
  list: (filter: InboxFilter) => [...inboxKeys.lists(), filter] as const,
};

export type InboxPages = InfiniteData<Paged<InboxComment>, unknown>;

/** The inbox as an infinite query: each page after the last comment of the one before (its cursor). */
export const inboxQuery = (filter: InboxFilter) =>
  infiniteQueryOptions({
    queryKey: inboxKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      api.call(inbox.listInbox, { query: inboxFilterToQuery(filter, pageParam) }, { countsForLoading: false, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Paged<InboxComment>) =>
      last.data.length < COMMENTS_PAGE_SIZE ? undefined : last.data[last.data.length - 1]!.cursor,
  });

/** The first page, for the route's loader: the page opens with its rows. */
export const getInbox = (filter: InboxFilter) => cachedPages(inboxQuery(filter));

/**
 * The open count the navigation and the header show, wherever the user is: kept outside React
 * (like the comments that arrived, comment-arrivals.ts), read when the chrome first shows and
 * again after each change of the inbox. Undefined until read, or when it could not be.
 */
const openCount = createStore<number | undefined>(undefined);
/** The last reading asked for: an answer to an earlier one (asked before a change) is not shown. */
let lastReading = 0;

/** Reads the open count again; of readings that cross, the one asked for last is shown. */
async function readOpenCount(): Promise<void> {
  const reading = ++lastReading;
  try {
    const { open } = await api.call(inbox.inboxCount, {}, { countsForLoading: false });
    if (reading === lastReading) openCount.set(open);
  } catch {
    // Not said: the chrome shows no count, and the next change reads it again.
    if (reading === lastReading) openCount.set(undefined);
  }
}

/** The loaded pages without `ids`, their totals counting them out: done leaves the open view at once (and open, the done view). */
export function withoutComments(pages: InboxPages, ids: ReadonlySet<string>): InboxPages {
  let gone = 0;
  const kept = pages.pages.map((page) => {
    const data = page.data.filter((comment) => !ids.has(comment.id));
    gone += page.data.length - data.length;
    return { ...page, data };
  });
  return {
    ...pages,
    pages: kept.map((page) => ({ ...page, meta: { ...page.meta, total: Math.max(0, page.meta.total - gone) } })),
  };
}

/**
 * After a change of done (here, or a reply on a project's comments, which makes its comment
 * done): the count and every other list are read again; the lists shown drop what moved. The
 * user's own change never waits for the live event about it, which a page still connecting misses.
 */
export async function afterDone(ids?: ReadonlySet<string>) {
  if (ids) await updateCached<InboxPages>(inboxKeys.lists(), (pages) => (pages ? withoutComments(pages, ids) : pages));
  await markStale(inboxKeys.lists());
  await readOpenCount();
}

/** Marks `ids` done (or open again): they leave the list shown at once. */
export async function markDone(ids: string[], done: boolean): Promise<InboxDoneResult> {
  const answer = await api.call(inbox.markInboxComments, { body: { ids, done } }, { countsForLoading: false });
  await afterDone(new Set(ids));
  return answer;
}

/**
 * Every open comment matching `filter` done, once `expectedTotal` is confirmed (a 409 when more
 * match now). Done or refused, the lists and the count are read again: after a 409 the page offers
 * the new count to confirm, not the old one the API refuses each time.
 */
export async function markMatchingDone(filter: InboxFilter, expectedTotal: number): Promise<InboxDoneResult> {
  try {
    return await api.call(
      inbox.markMatchingInboxDone,
      { body: { filter: inboxFilterToApi(filter), expectedTotal } },
      { countsForLoading: false },
    );
  } finally {
    await invalidate(inboxKeys.lists());
    await readOpenCount();
  }
}

/** Opens again what a "done" made done. */
export async function undoDone(batchId: string): Promise<InboxDoneResult> {
  const answer = await api.call(inbox.undoInboxDone, { params: { batchId } }, { countsForLoading: false });
  await invalidate(inboxKeys.lists());
  await readOpenCount();
  return answer;
}

/** How often the open count is read again while comments keep arriving or changing. */
const COUNT_AGAIN_MS = 1_000;
const countAgain = throttle(() => {
  void markStale(inboxKeys.lists());
  void readOpenCount();
}, COUNT_AGAIN_MS);

/**
 * The inbox changed elsewhere (another tab marked comments done, a reply, comments arrived or
 * left): its count is read again, at most once a second in a burst, and its lists on their next
 * showing (an open inbox offers the new ones itself).
 */
export function inboxChanged() {
  countAgain.call();
}

const listsAgain = throttle(() => void invalidate(inboxKeys.lists()), COUNT_AGAIN_MS);

/**
 * Comments marked done or open again elsewhere (another tab, a reply, a rule): besides the count,
 * an open inbox is read again at once, so that its list and its own count agree with the header's
 * (a row done in another tab leaves, and the keyboard goes to the one after it).
 */
export function inboxMarkedElsewhere() {
  countAgain.call();
  listsAgain.call();
}

/**
 * The first reading while it is under way: the header and the navigation mount together and
 * both ask for the count, which one request answers.
 */
let firstReading: Promise<void> | undefined;

/** The open count, read when the first component asks for it (the chrome, once signed in). */
export function useInboxOpenCount(): number | undefined {
  const count = useStore(openCount);
  useEffect(() => {
    if (openCount.get() !== undefined || firstReading) return;
    const reading = readOpenCount().finally(() => {
      if (firstReading === reading) firstReading = undefined;
    });
    firstReading = reading;
  }, []);
  return count;
}

/**
 * Signing out: another user here never sees this one's count, not even from a reading still
 * under way, whose answer is then not shown (the next user's chrome reads its own).
 */
export function forgetInboxCount() {
  lastReading += 1;
  firstReading = undefined;
  openCount.set(undefined);
}

/**
 * Bookmark or hide a comment of the inbox (through the first project that follows its channel:
 * the mark is the comment's, whichever project shows it); it changes in place in the inbox's lists.
 */
export async function markInboxComment(comment: InboxComment, marks: CommentMarks) {
  const changed = await markProjectComment(comment.projects[0]!.id, comment.id, marks);
  await updateCached<InboxPages>(inboxKeys.lists(), (pages) => (pages ? withComment(pages, changed) : pages));
  await markStale(inboxKeys.lists());
  return changed;
}

/**
 * Deletes a comment of the inbox at its network (through the first project that follows its
 * channel); it leaves the inbox's lists and its count at once.
 */
export async function deleteInboxComment(comment: InboxComment) {
  await deleteProjectComment(comment.projects[0]!.id, comment.id);
  await afterDone(new Set([comment.id]));
}

/**
 * Replies to a comment of the inbox as its channel: the reply shows under it, and the API marks
 * it done (docs/product.md#inbox), so it leaves the open view once read again.
 */
export async function replyInInbox(comment: InboxComment, body: ReplyBody) {
  const answer = await replyToComment(comment.projects[0]!.id, comment.id, body);
  await updateCached<InboxPages>(inboxKeys.lists(), (pages) =>
    pages ? withReply(pages, answer.parent, answer.reply) : pages,
  );
  // An open one is done now: it leaves the open view.
  if (comment.doneAt === null) await afterDone(new Set([comment.id]));
  return answer;
}

/** A comment the inbox shows (in any of its loaded lists), by id; undefined when none holds it. */
export async function shownInboxComment(id: string): Promise<InboxComment | undefined> {
  for (const pages of await cachedEntries<InboxPages>(inboxKeys.lists())) {
    const found = pages.pages.flatMap((page) => page.data).find((comment) => comment.id === id);
    if (found) return found;
  }
  return undefined;
}
