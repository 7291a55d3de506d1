import { Hono } from 'hono';
import {
  COMMENTS_PAGE_SIZE,
  listProjectComments,
  projectSentimentSummary,
  updateProjectComment,
} from '../../contract/comments';
import type { AppEnv, Services } from '../http/context';
import { notFound } from '../http/errors';
import { reply, route } from '../http/operation';
import { pageOffset, paged } from '../http/paging';
import { findOwnProject } from '../projects/queries';
import { presentComment, presentProjectComment } from './presenters';
import {
  countComments,
  findProjectComment,
  listComments,
  markComment,
  repliesTo,
  sentimentByDay,
  type CommentWithChannel,
} from './queries';

/**
 * A project's comments, for its owner (contract/comments.ts; issue 13, decision 027): the same
 * list and filters as the sentiment review, scoped to the channels the project follows. Another
 * user's project, and a comment not on the project's channels, are not found.
 */
export function projectCommentRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  const ownProject = async (ownerId: string, projectId: string) => {
    const project = await findOwnProject(s.db, ownerId, projectId);
    if (!project) throw notFound();
    return project;
  };

  route(routes, s, listProjectComments, async (c, { params, query }) => {
    const project = await ownProject(c.get('user').id, params.projectId);
    const { pageNumber, after, ...chosen } = query;
    const filter = { ...chosen, projectId: project.id, topLevel: true };
    const pageRequest = { page: pageNumber, pageSize: COMMENTS_PAGE_SIZE };
    const [total, rows] = await Promise.all([
      countComments(s.db, filter),
      listComments(s.db, filter, {
        order: 'publishedAt:-1',
        after,
        limit: COMMENTS_PAGE_SIZE,
        offset: pageOffset(pageRequest),
      }),
    ]);
    const replies = await repliesTo(
      s.db,
      rows.map((row) => row.comment.id),
    );
    const byParent = new Map<string, CommentWithChannel[]>();
    for (const each of replies) {
      const parentId = each.comment.parentId!;
      byParent.set(parentId, [...(byParent.get(parentId) ?? []), each]);
    }
    const data = rows.map((row) => presentProjectComment(row, byParent.get(row.comment.id) ?? []));
    return reply(c, listProjectComments, 200, paged(data, total, pageRequest));
  });

  route(routes, s, updateProjectComment, async (c, { params, body }) => {
    const project = await ownProject(c.get('user').id, params.projectId);
    if (!(await findProjectComment(s.db, project.id, params.commentId))) throw notFound();
    await markComment(s.db, params.commentId, body);
    const fresh = await findProjectComment(s.db, project.id, params.commentId);
    return reply(c, updateProjectComment, 200, presentComment(fresh!));
  });

  route(routes, s, projectSentimentSummary, async (c, { params, query }) => {
    const project = await ownProject(c.get('user').id, params.projectId);
    const days = await sentimentByDay(s.db, project.id, {
      days: Number(query.days ?? '30'),
      today: new Date(s.clock()),
    });
    return reply(c, projectSentimentSummary, 200, { days });
  });

  return routes;
}
