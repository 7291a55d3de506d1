import type { z } from 'zod/mini';
import type { CommentSchema, ProjectCommentSchema } from '../../contract/comments';
import { ACTED_ON_AT_PROVIDER_KINDS, REPLIED_KINDS } from '../integrations/adapters';
import type { CommentWithChannel } from './queries';

/** A comment as the contract writes it (`CommentSchema`). */
export function presentComment({ comment, channel }: CommentWithChannel): z.input<typeof CommentSchema> {
  return {
    id: comment.id,
    message: comment.message,
    authorName: comment.authorName,
    sentiment: { sentiment: comment.sentiment, inReview: comment.inReview },
    proposedSentiment: comment.proposedSentiment,
    proposalConfidence: comment.proposalConfidence,
    reviewReason: comment.reviewReason,
    reviewedAt: comment.reviewedAt?.toISOString() ?? null,
    publishedAt: comment.publishedAt.toISOString(),
    isBookmarked: comment.isBookmarked,
    isHidden: comment.isHidden,
    channelReplyCount: comment.channelReplyCount,
    parentId: comment.parentId,
    fromChannel: comment.fromChannel,
    rule: comment.ruleName ? { name: comment.ruleName, actions: comment.ruleActions ?? [] } : null,
    channel: {
      id: channel.id,
      kind: channel.kind,
      name: channel.name,
      canReply: channel.accountId !== null && REPLIED_KINDS.includes(channel.kind),
      canDelete: channel.accountId !== null && ACTED_ON_AT_PROVIDER_KINDS.includes(channel.kind),
    },
  };
}

/** A top-level comment of a project's list, with its replies under it. */
export function presentProjectComment(
  row: CommentWithChannel,
  replies: CommentWithChannel[],
): z.input<typeof ProjectCommentSchema> {
  return { ...presentComment(row), replies: replies.map(presentComment) };
}
