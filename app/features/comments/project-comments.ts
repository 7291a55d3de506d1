import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import * as comments from '~contract/comments';
import { COMMENTS_PAGE_SIZE, type Comment, type ProjectComment, type SummaryPeriod } from '~contract/comments';
import type { Paged } from '~contract/common';
import { api } from '~/lib/api';
import { cached, cachedPages, markStale, updateCached } from '~/lib/cache';
import { projectFilterToQuery, type ProjectCommentFilter } from './project-filter';

export type { ProjectComment, SentimentSummary, SummaryPeriod } from '~contract/comments';

/** A project's comments' cache keys: every query and invalidation names them through here. */
export const projectCommentKeys = {
  all: (projectId: string) => ['projects', projectId, 'comments'] as const,
  /** Every list of the project's comments, whatever its filter. */
  lists: (projectId: string) => [...projectCommentKeys.all(projectId), 'list'] as const,
  list: (projectId: string, filter: ProjectCommentFilter) => [...projectCommentKeys.lists(projectId), filter] as const,
  /** The chart's summary, every period. */
  summaries: (projectId: string) => [...projectCommentKeys.all(projectId), 'summary'] as const,
  summary: (projectId: string, period: SummaryPeriod) => [...projectCommentKeys.summaries(projectId), period] as const,
};

export type ProjectCommentPages = InfiniteData<Paged<ProjectComment>, unknown>;

/**
 * A project's comments as an infinite query: each page after the last comment of the one
 * before (a cursor). The list shows its own loading, never the global indicator.
 */
export const projectCommentsQuery = (projectId: string, filter: ProjectCommentFilter) =>
  infiniteQueryOptions({
    queryKey: projectCommentKeys.list(projectId, filter),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        comments.listProjectComments,
        { params: { projectId }, query: projectFilterToQuery(filter, pageParam) },
        { countsForLoading: false, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Paged<ProjectComment>) =>
      last.data.length < COMMENTS_PAGE_SIZE ? undefined : comments.commentsCursor(last.data[last.data.length - 1]!),
  });

/** The first page, for the route's loader: the page opens with its rows. */
export function getProjectComments(projectId: string, filter: ProjectCommentFilter) {
  return cachedPages(projectCommentsQuery(projectId, filter));
}

/**
 * The chart's summary for the route's loader, cached like the rest (a change of filter reads the
 * same period again). Neither a mark nor a reply changes it: the API counts the comments of the
 * channels' audience by their sentiment.
 */
export function getSentimentSummary(projectId: string, period: SummaryPeriod) {
  return cached({
    queryKey: projectCommentKeys.summary(projectId, period),
    queryFn: () =>
      api.call(
        comments.projectSentimentSummary,
        { params: { projectId }, query: { days: period } },
        { countsForLoading: false },
      ),
    // Its card says a failure, with a retry; the comments beside it do not wait.
    retry: false,
  });
}

/** A bookmark or a hide, set or taken off. */
export type CommentMarks = { isBookmarked?: boolean; isHidden?: boolean };

/**
 * Bookmark or hide (or undo either): the comment as it is now. It changes in place in every
 * loaded list of the project, where the eye is (a list filtered by that flag keeps it until it is
 * read again); those lists are read again on their next visit.
 */
export async function markProjectComment(projectId: string, commentId: string, marks: CommentMarks): Promise<Comment> {
  const changed = await api.call(
    comments.updateProjectComment,
    { params: { projectId, commentId }, body: marks },
    { countsForLoading: false },
  );
  await updateCached<ProjectCommentPages>(projectCommentKeys.lists(projectId), (pages) =>
    pages ? withComment(pages, changed) : pages,
  );
  await markStale(projectCommentKeys.lists(projectId));
  return changed;
}

/**
 * Deletes a comment at its network (a Facebook page's or an Instagram account's, connected), then
 * here for everyone who follows the page; it leaves every loaded list of the project at once.
 */
export async function deleteProjectComment(projectId: string, commentId: string): Promise<void> {
  await api.call(comments.deleteProjectComment, { params: { projectId, commentId } }, { countsForLoading: false });
  await updateCached<ProjectCommentPages>(projectCommentKeys.lists(projectId), (pages) =>
    pages ? withoutComment(pages, commentId) : pages,
  );
  await markStale(projectCommentKeys.lists(projectId));
}

/** The loaded pages without one comment (top-level, with its replies, or a reply). */
export function withoutComment<Pages extends ProjectCommentPages>(pages: Pages, id: string): Pages {
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      data: page.data
        .filter((comment) => comment.id !== id)
        .map((comment) => ({ ...comment, replies: comment.replies.filter((reply) => reply.id !== id) })),
    })),
  };
}

/** The loaded pages with one comment (top-level or reply) replaced by what the API answered. */
export function withComment<Pages extends ProjectCommentPages>(pages: Pages, changed: Comment): Pages {
  const apply = <T extends Comment>(comment: T): T =>
    comment.id === changed.id ? { ...comment, ...changed } : comment;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      data: page.data.map((comment) => ({ ...apply(comment), replies: comment.replies.map(apply) })),
    })),
  };
}

/**
 * Posts the channel's reply under a comment, through its provider: the reply and its parent now.
 * The reply shows under its parent at once, in every loaded list of the project that holds it.
 * `attemptId` is the reply form's own: a retry of the same reply sends it again, and the API never
 * posts the reply twice.
 */
export async function replyToComment(projectId: string, commentId: string, body: comments.ReplyBody) {
  const answer = await api.call(comments.replyToProjectComment, {
    params: { projectId, commentId },
    body,
  });
  await updateCached<ProjectCommentPages>(projectCommentKeys.lists(projectId), (pages) =>
    pages ? withReply(pages, answer.parent, answer.reply) : pages,
  );
  // A list filtered by "replied by you" now holds one more: read again on its next visit.
  await markStale(projectCommentKeys.lists(projectId));
  return answer;
}

/** The loaded pages with the reply under its parent, and the parent as it is now. */
export function withReply<Pages extends ProjectCommentPages>(pages: Pages, parent: Comment, reply: Comment): Pages {
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      data: page.data.map((comment) =>
        comment.id === parent.id
          ? {
              ...comment,
              ...parent,
              replies: [...comment.replies.filter((each) => each.id !== reply.id), reply],
            }
          : comment,
      ),
    })),
  };
}
