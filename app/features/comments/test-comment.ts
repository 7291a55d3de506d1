import type { Comment } from '~contract/comments';

let made = 0;

/** A comment in review as the API lists it, each with an id of its own; `over` changes any field. Tests only. */
export const testComment = (over: Partial<Comment> = {}): Comment => ({
  id: `00000000-0000-4000-8000-${String(++made).padStart(12, '0')}`,
  message: 'Great coffee',
  authorName: 'Ada',
  sentiment: { sentiment: 'NEUTRAL', inReview: true },
  proposedSentiment: 'POSITIVE',
  proposalConfidence: 0.52,
  reviewReason: 'unsure',
  reviewedAt: null,
  publishedAt: '2026-11-01T10:00:00.000Z',
  isBookmarked: false,
  isHidden: false,
  channelReplyCount: 0,
  parentId: null,
  fromChannel: false,
  rule: null,
  channel: {
    id: '10000000-0000-4000-8000-000000000000',
    kind: 'facebook-page',
    name: 'Espresso Bar',
    canReply: false,
    canDelete: false,
  },
  ...over,
});
