import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import * as comments from '../../contract/comments';
import { COMMENTS_PAGE_SIZE } from '../../contract/comments';
import { channels, connectedAccounts } from '../db/schema';
import { rateLimitCheck, type Limit } from '../http/rate-limiter';
import { ACTED_ON_AT_PROVIDER_KINDS, REPLIED_KINDS } from '../integrations/adapters';
import {
  actAtProvider,
  postReply,
  type ChannelFetchDeps,
  type ProviderCommentAction,
} from '../integrations/channel-fetch';
import { PROVIDER_NAMES } from '../integrations/presenters';
import { ProviderError } from '../integrations/providers/provider-error';
import { providerFailure } from '../integrations/routes';
import { createEncryption } from '../security/encryption';
import { workCommentDaysFold } from './comment-days';
import type { AppEnv, Services } from '../http/context';
import type { Logger } from '../log';
import { HttpError, notFound } from '../http/errors';
import { reply, route } from '../http/operation';
import { pageOffset, paged, refuseNumberWithCursor } from '../http/paging';
import { findOwnProject } from '../projects/queries';
import { markDoneByReply } from '../inbox/queries';
import { COMMENTS_CHANGED, INBOX_CHANGED } from '../../contract/realtime';
import { tellOtherTabs } from '../realtime/publisher';
import { presentComment, presentProjectComment } from './presenters';
import { claimReplyAttempt, recordReplyPosted, releaseReplyAttempt } from './reply-attempts';
import { keyOf, refreshOf, writeCommentEvents, writeHiddenMarks } from './writer';
import {
  countProjectComments,
  findComment,
  findProjectComment,
  listComments,
  markComment,
  projectComments,
  repliesTo,
  sentimentByDay,
  totalOf,
  type CommentWithChannel,
} from './queries';

/** Replies posted per user: a busy afternoon of answering, not a script flooding a page. */
const REPLY_LIMIT: Limit = { max: 60, windowMs: 15 * 60_000, backoffMs: 60_000, maxBackoffMs: 15 * 60_000 };

/**
 * A project's comments, for its owner (contract/comments.ts; decision 027): the same
 * list and filters as the sentiment review, scoped to the channels the project follows. Another
 * user's project, and a comment not on the project's channels, are not found.
 */
export function projectCommentRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  // The counts behind every figure of a project's comments, folded as they grow.
  workCommentDaysFold(s.jobs, s.db);
  const ownProject = async (ownerId: string, projectId: string) => {
    const project = await findOwnProject(s.db, ownerId, projectId);
    if (!project) throw notFound();
    return project;
  };

  route(routes, s, comments.listProjectComments, async (c, { params, query }) => {
    const project = await ownProject(c.get('user').id, params.projectId);
    const { pageNumber, after, ...chosen } = query;
    refuseNumberWithCursor(c, after);
    const pageRequest = { page: pageNumber, pageSize: COMMENTS_PAGE_SIZE };
    // The total is the count every figure of the project uses (its card, chart and report).
    const [counts, rows] = await Promise.all([
      countProjectComments(s.db, [project.id], chosen),
      listComments(s.db, projectComments(project.id, chosen), {
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
    return reply(c, comments.listProjectComments, 200, paged(data, totalOf(counts.get(project.id)!), pageRequest));
  });

  const deps: ChannelFetchDeps = {
    db: s.db,
    clock: s.clock,
    log: s.log,
    adapters: s.adapters,
    encryption: createEncryption(s.config.tokenEncryptionKey),
    publisher: s.publisher,
    judge: s.judge,
  };

  /**
   * Hides, shows again or deletes `found` at its provider (docs/product.md#inbox), when its channel
   * came with a connected account of a kind the provider acts on; answers whether it did (elsewhere
   * hiding is the app's own mark). A refusal changes nothing here: 409 to reconnect (a token or a
   * permission gone) or for a comment the provider no longer has, 502 when it cannot be reached.
   */
  const atNetwork = async (
    userId: string,
    found: CommentWithChannel,
    action: ProviderCommentAction,
    log: Logger,
  ): Promise<boolean> => {
    if (!found.channel.accountId || !ACTED_ON_AT_PROVIDER_KINDS.includes(found.channel.kind)) return false;
    const [account] = await s.db
      .select()
      .from(connectedAccounts)
      .where(eq(connectedAccounts.id, found.channel.accountId));
    if (!account) return false;
    const provider = PROVIDER_NAMES[account.provider];
    if (account.status !== 'authorized') throw new HttpError(409, 'accountNeedsReconnect', { provider });
    try {
      await actAtProvider(deps, account, found.channel.kind, found.comment.externalId, action);
      return true;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      const what = action === 'delete' ? 'delete' : 'hide';
      log.warn({ userId, channelId: found.channel.id, problem: error.problem }, `${what} not applied`);
      if (error.needsReconnect || error.problem === 'refused')
        throw new HttpError(409, 'accountNeedsReconnect', { provider });
      // Graph's "Object does not exist": the comment is gone there already.
      if (error.problem === 'answer' && error.providerCode === 100)
        throw new HttpError(409, 'commentGoneAtProvider', { provider });
      throw providerFailure(error);
    }
  };

  route(routes, s, comments.updateProjectComment, async (c, { params, body }) => {
    const user = c.get('user');
    const project = await ownProject(user.id, params.projectId);
    const found = await findProjectComment(s.db, project.id, params.commentId);
    if (!found) throw notFound();
    // Hidden at the network where the channel's account can (Facebook pages, Instagram accounts):
    // the provider first, and nothing changes here when it refuses. Hidden there, it is hidden for
    // everyone who follows the page, as the network's webhook would say (which then finds it so).
    if (body.isHidden !== undefined && body.isHidden !== found.comment.isHidden) {
      const hidden = body.isHidden;
      if (await atNetwork(user.id, found, { hide: hidden }, c.get('log'))) {
        const on = { kind: found.channel.kind, externalId: found.channel.externalId };
        await writeHiddenMarks(deps, [{ on, externalId: found.comment.externalId, hidden }], { except: user.id });
      }
    }
    await markComment(s.db, params.commentId, body);
    const fresh = await findProjectComment(s.db, project.id, params.commentId);
    const { isBookmarked, isHidden } = fresh!.comment;
    if (isBookmarked !== found.comment.isBookmarked || isHidden !== found.comment.isHidden) {
      // The user's other tabs read the comment's lists again; the tab that asked shows it already.
      await tellOtherTabs(s.publisher, c, user.id, COMMENTS_CHANGED, refreshOf(found.channel.id));
    }
    return reply(c, comments.updateProjectComment, 200, presentComment(fresh!));
  });

  route(routes, s, comments.deleteProjectComment, async (c, { params }) => {
    const user = c.get('user');
    const project = await ownProject(user.id, params.projectId);
    const found = await findProjectComment(s.db, project.id, params.commentId);
    if (!found) throw notFound();
    if (!(await atNetwork(user.id, found, 'delete', c.get('log')))) throw new HttpError(409, 'deleteNotPossible');
    // Gone for everyone who follows the page, as the network's own removal would make it: the
    // writer's tombstone keeps it gone, and the network's webhook for it finds nothing left to do.
    await writeCommentEvents(deps, [
      {
        type: 'remove',
        on: { kind: found.channel.kind, externalId: found.channel.externalId },
        externalId: found.comment.externalId,
        changedAt: new Date(s.clock()),
      },
    ]);
    c.get('log').info({ userId: user.id, channelId: found.channel.id }, 'comment deleted at the provider');
    return reply(c, comments.deleteProjectComment, 204);
  });

  route(routes, s, comments.replyToProjectComment, async (c, { params, body }) => {
    const user = c.get('user');
    const project = await ownProject(user.id, params.projectId);
    const found = await findProjectComment(s.db, project.id, params.commentId);
    if (!found) throw notFound();
    // A reply to a reply goes under the same parent, as Facebook nests them.
    const parent = found.comment.parentId ? await findComment(s.db, found.comment.parentId) : found;
    if (!parent) throw notFound();
    const [channel] = await s.db.select().from(channels).where(eq(channels.id, parent.comment.channelId));
    const [account] = channel?.accountId
      ? await s.db.select().from(connectedAccounts).where(eq(connectedAccounts.id, channel.accountId))
      : [];
    if (!channel || !account || !REPLIED_KINDS.includes(channel.kind)) {
      throw new HttpError(409, 'replyNotPossible');
    }
    const provider = PROVIDER_NAMES[account.provider];
    if (account.status !== 'authorized') throw new HttpError(409, 'accountNeedsReconnect', { provider });
    const perUser = rateLimitCheck('comment_reply', 'account', REPLY_LIMIT, user.id);
    await s.rateLimiter.enforce([perUser]);
    // One attempt, one post: a retry of it (an answer lost on the way) answers what the first did.
    const attempt = await claimReplyAttempt(s.db, {
      userId: user.id,
      attemptId: body.attemptId,
      commentId: parent.comment.id,
      message: body.message,
      now: new Date(s.clock()),
    });
    let externalId = attempt.replyExternalId;
    if (externalId === null) {
      try {
        externalId = await postReply(deps, account, channel.kind, parent.comment.externalId, body.message);
      } catch (error) {
        // Not posted: the same attempt may try again.
        await releaseReplyAttempt(s.db, user.id, body.attemptId);
        if (!(error instanceof ProviderError)) throw error;
        c.get('log').warn({ userId: user.id, channelId: channel.id, problem: error.problem }, 'reply not posted');
        if (error.needsReconnect || error.problem === 'refused') {
          throw new HttpError(409, 'accountNeedsReconnect', { provider });
        }
        throw providerFailure(error);
      }
      // Kept before anything else can fail: a retry then writes it, never posts it again.
      await recordReplyPosted(s.db, user.id, body.attemptId, externalId);
      c.get('log').info({ userId: user.id, channelId: channel.id, commentId: parent.comment.id }, 'reply posted');
    }
    // Written as any comment is (docs/decisions/055): the provider's webhook for it may have come
    // first, and then this changes nothing and finds it.
    const now = new Date(s.clock());
    const written = await writeCommentEvents(
      deps,
      [
        {
          type: 'upsert',
          on: { channelId: channel.id },
          externalId,
          parentExternalId: parent.comment.externalId,
          message: body.message,
          authorName: channel.name,
          publishedAt: now,
          changedAt: now,
          fromChannel: true,
        },
      ],
      // Told below to the replier's other tabs alone: the tab that replied shows it from the answer.
      { tell: false },
    );
    const replyId = written.ids.get(keyOf(channel.id, externalId));
    // Its comment was removed at the provider meanwhile, and the reply with it.
    if (!replyId) throw notFound();
    // The user's other tabs read the comment's lists again, and show the reply under it.
    await tellOtherTabs(s.publisher, c, user.id, COMMENTS_CHANGED, refreshOf(channel.id));
    // Answered: done in the inbox (docs/product.md#inbox); the user's other tabs count it so.
    if (await markDoneByReply(s.db, parent.comment.id, now))
      await tellOtherTabs(s.publisher, c, user.id, INBOX_CHANGED, { updated: 1 });
    const [posted, fresh] = await Promise.all([findComment(s.db, replyId), findComment(s.db, parent.comment.id)]);
    if (!posted || !fresh) throw notFound();
    return reply(c, comments.replyToProjectComment, 201, {
      reply: presentComment(posted),
      parent: presentComment(fresh),
    });
  });

  route(routes, s, comments.projectSentimentSummary, async (c, { params, query }) => {
    const project = await ownProject(c.get('user').id, params.projectId);
    const days = await sentimentByDay(s.db, project.id, {
      days: Number(query.days ?? '30'),
      today: new Date(s.clock()),
    });
    return reply(c, comments.projectSentimentSummary, 200, { days });
  });

  return routes;
}
