import type { FacebookWebhookDelivery } from '../../contract/webhooks';

/**
 * Meta's webhook deliveries about comments, as Graph sends them (Graph API Webhooks › Page ›
 * `feed`, Instagram › `comments`): what the sandbox delivers, and what the tests and the ingest
 * bench send. What the API reads of them is ./comment-events.ts. Times are Meta's, whole seconds.
 */

/** One change of a comment on a page's post. */
export type FeedCommentChange = {
  verb: 'add' | 'edited' | 'remove' | 'hide' | 'unhide';
  commentId: string;
  /** When the change happened: the entry's `time`. */
  time: number;
  /** When the comment was written; the change's time when not given. */
  createdTime?: number;
  /** Not sent with a removal. */
  message?: string;
  /** The comment answered; absent, a comment on the post. */
  parentId?: string;
  /** Not sent with a removal. */
  from?: { id: string; name: string };
};

/** A Page `feed` delivery, one entry a change, each about a comment on the page's one post. */
export function pageFeedDelivery(pageId: string, changes: FeedCommentChange[]): FacebookWebhookDelivery {
  const post = `${pageId}_post1`;
  return {
    object: 'page',
    entry: changes.map((change) => ({
      id: pageId,
      time: change.time,
      changes: [
        {
          field: 'feed',
          value: {
            item: 'comment',
            verb: change.verb,
            comment_id: change.commentId,
            post_id: post,
            parent_id: change.parentId ?? post,
            created_time: change.createdTime ?? change.time,
            ...(change.verb === 'remove' ? {} : { message: change.message, from: change.from }),
          },
        },
      ],
    })),
  };
}

/** A new comment on an Instagram account's media (Instagram sends only these). */
export type InstagramComment = {
  id: string;
  text: string;
  from: { id: string; username: string };
  mediaId: string;
  /** The comment answered, for a reply. */
  parentId?: string;
};

/** An Instagram `comments` delivery, one entry a comment. */
export function instagramCommentsDelivery(
  accountId: string,
  time: number,
  comments: InstagramComment[],
): FacebookWebhookDelivery {
  return {
    object: 'instagram',
    entry: comments.map((comment) => ({
      id: accountId,
      time,
      changes: [
        {
          field: 'comments',
          value: {
            id: comment.id,
            text: comment.text,
            from: comment.from,
            media: { id: comment.mediaId },
            ...(comment.parentId ? { parent_id: comment.parentId } : {}),
          },
        },
      ],
    })),
  };
}
