import { useTranslation } from 'react-i18next';
import { SentimentBadge } from '~/components/ui/badge';
import type { Column } from '~/components/ui/table';
import { dateTimeFormat, numberFormat } from '~/lib/format';
import type { Comment } from './api';
import { authorClass, authorOf } from './author';

/** The review list's columns; on a phone the others fold into the message's cell. */
export function useReviewColumns(): Column<Comment>[] {
  const { t, i18n } = useTranslation();
  const date = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return [
    {
      id: 'message',
      header: t('review.columns.message'),
      // The words take what the other columns leave, each of them as wide as a box of a fixed
      // width in its cells (the narrowest a column of a filling table gets), so no column moves
      // as rows come and go (the new ones "Show N new" adds, a page of other lengths).
      fill: true,
      // User content: React writes it as text, never as HTML.
      cell: (comment) => (
        <div className="flex flex-col gap-1">
          <span className="line-clamp-2 wrap-anywhere">{comment.message}</span>
          <span className="text-xs text-fg-muted">
            {t(`review.channelKinds.${comment.channel.kind}`)} · {comment.channel.name} ·{' '}
            <time dateTime={comment.publishedAt}>{date.format(new Date(comment.publishedAt))}</time>
          </span>
          {/* On a phone the other columns fold in here, so a row reads whole without scrolling sideways. */}
          <span className="flex flex-wrap items-center gap-1.5 text-xs text-fg-muted md:hidden">
            {authorOf(comment, t)}
            <SentimentBadge sentiment={comment.sentiment.sentiment} />
            {comment.proposedSentiment ? (
              <>
                <span aria-hidden="true">→</span>
                <span className="sr-only">{t('review.columns.proposedSentiment')}</span>
                <SentimentBadge sentiment={comment.proposedSentiment} />
              </>
            ) : null}
          </span>
          <span className="md:hidden">
            <ReviewReason comment={comment} />
          </span>
        </div>
      ),
    },
    {
      id: 'author',
      header: t('review.columns.author'),
      from: 'md',
      cell: (comment) => (
        <span className={`line-clamp-2 w-36 wrap-anywhere ${authorClass(comment)}`}>{authorOf(comment, t)}</span>
      ),
    },
    {
      id: 'sentiment',
      header: t('review.columns.sentiment'),
      from: 'md',
      cell: (comment) => (
        <div className="flex w-32 flex-col items-start gap-1">
          <SentimentBadge sentiment={comment.sentiment.sentiment} />
          <SentimentOrigin comment={comment} />
        </div>
      ),
    },
    {
      id: 'proposedSentiment',
      header: t('review.columns.proposedSentiment'),
      from: 'md',
      cell: (comment) =>
        comment.proposedSentiment ? (
          <div className="flex w-44 flex-col items-start gap-1">
            <SentimentBadge sentiment={comment.proposedSentiment} />
            <ReviewReason comment={comment} />
          </div>
        ) : (
          <div className="flex w-44 flex-col items-start gap-1">
            <span className="text-fg-muted">
              <span aria-hidden="true">—</span>
              <span className="sr-only">{t('review.noProposal')}</span>
            </span>
            <ReviewReason comment={comment} />
          </div>
        ),
    },
  ];
}

/**
 * Who decided the sentiment: an admin's review, or the classifier on its own. Nothing while in
 * review, but for a label applied without a person and picked to be checked: that sentiment is
 * the classifier's, kept unless the reviewer changes it.
 */
function SentimentOrigin({ comment }: { comment: Comment }) {
  const { t } = useTranslation();
  if (comment.sentiment.inReview) {
    return comment.reviewReason === 'sampled' ? (
      <span className="text-xs text-fg-muted">{t('review.classified')}</span>
    ) : null;
  }
  if (comment.reviewedAt) return <span className="text-xs text-fg-muted">{t('review.reviewed')}</span>;
  if (comment.proposalConfidence === null) return null;
  return <span className="text-xs text-fg-muted">{t('review.classified')}</span>;
}

/** Why a comment is in review (docs/decisions/048): left to a person, or picked to check a label applied without one. */
export function ReviewReason({ comment }: { comment: Comment }) {
  const { t, i18n } = useTranslation();
  if (!comment.sentiment.inReview || !comment.reviewReason) return null;
  const confidence = numberFormat(i18n.language, { style: 'percent' }).format(comment.proposalConfidence ?? 0);
  return (
    <span className="text-xs text-fg-muted">
      {comment.reviewReason === 'unsure'
        ? t('review.reason.unsure', { confidence })
        : t(`review.reason.${comment.reviewReason}`)}
    </span>
  );
}
