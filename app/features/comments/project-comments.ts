import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import {
  COMMENTS_PAGE_SIZE,
  commentsCursor,
  listProjectComments,
  projectSentimentSummary,
  replyToProjectComment,
  updateProjectComment,
  type Comment,
  type ProjectComment,
  type SummaryPeriod,
} from '~contract/comments';
import type { Paged } from '~contract/common';
import { api } from '~/lib/api';
import { queryClient } from '~/lib/query-client';
import { projectFilterToQuery, type ProjectCommentFilter } from './project-filter';

export type { ProjectComment, SentimentSummary, SummaryPeriod } from '~contract/comments';

/** A project's comments' cache keys (issue 13). */
export const projectCommentKeys = {
  all: (projectId: string) => ['projects', projectId, 'comments'] as const,
  list: (projectId: string, filter: ProjectCommentFilter) =>
    [...projectCommentKeys.all(projectId), 'list', filter] as const,
  summary: (projectId: string, period: SummaryPeriod) =>
    [...projectCommentKeys.all(projectId), 'summary', period] as const,
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
        listProjectComments,
        { params: { projectId }, query: projectFilterToQuery(filter, pageParam) },
        { countsForLoading: false, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Paged<ProjectComment>) =>
      last.data.length < COMMENTS_PAGE_SIZE ? undefined : commentsCursor(last.data[last.data.length - 1]!),
  });

/** The first page, for the route's loader: the page opens with its rows. */
export function getProjectComments(projectId: string, filter: ProjectCommentFilter) {
  return queryClient.ensureInfiniteQueryData(projectCommentsQuery(projectId, filter));
}

export const sentimentSummaryQuery = (projectId: string, period: SummaryPeriod) => ({
  queryKey: projectCommentKeys.summary(projectId, period),
  queryFn: () =>
    api.call(projectSentimentSummary, { params: { projectId }, query: { days: period } }, { countsForLoading: false }),
});

/** Bookmark or hide (or undo either): the comment as it is now. */
export function markProjectComment(
  projectId: string,
  commentId: string,
  marks: { isBookmarked?: boolean; isHidden?: boolean },
): Promise<Comment> {
  return api.call(updateProjectComment, { params: { projectId, commentId }, body: marks }, { countsForLoading: false });
}

/** The loaded pages with one comment (top-level or reply) replaced by what the API answered. */
export function withComment(pages: ProjectCommentPages, changed: Comment): ProjectCommentPages {
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

/** Posts the channel's reply under a comment, through its provider: the reply and its parent now. */
export function replyToComment(projectId: string, commentId: string, message: string) {
  return api.call(replyToProjectComment, { params: { projectId, commentId }, body: { message } });
}

/** The loaded pages with the reply under its parent, and the parent as it is now. */
export function withReply(pages: ProjectCommentPages, parent: Comment, reply: Comment): ProjectCommentPages {
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
