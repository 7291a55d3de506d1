import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SENTIMENTS, type Sentiment } from '~contract/fields';
import { SentimentBadge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { AppDialog } from '~/components/ui/dialog';
import { Select } from '~/components/ui/select';
import type { Comment } from './api';
import { authorOf } from './author';

/**
 * Edit, for one comment in review (docs/product.md#sentiment-review): the dialog 'Edit comment'
 * shows the comment and a select
 * 'Proposed sentiment' with the five values, starting on the proposal; Save sets the chosen
 * sentiment and ends the review, Cancel leaves everything as it was.
 */
export function EditCommentDialog({
  comment,
  onClose,
  onSave,
  pending,
}: {
  comment: Comment | null;
  onClose: () => void;
  onSave: (comment: Comment, sentiment: Sentiment) => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  // The dialog keeps showing the last comment while it closes.
  const [shown, setShown] = useState(comment);
  const [sentiment, setSentiment] = useState<Sentiment>(
    comment?.proposedSentiment ?? comment?.sentiment.sentiment ?? 'NEUTRAL',
  );
  if (comment && comment !== shown) {
    setShown(comment);
    setSentiment(comment.proposedSentiment ?? comment.sentiment.sentiment);
  }
  return (
    <AppDialog
      open={comment !== null}
      onClose={pending ? () => {} : onClose}
      title={t('review.edit.title')}
      width="lg"
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => shown && onSave(shown, sentiment)} pending={pending}>
            {t('review.edit.save')}
          </Button>
        </>
      }
    >
      {shown ? (
        <div className="flex flex-col gap-4">
          <figure className="flex flex-col gap-2 rounded-lg bg-muted p-4">
            {/* User content: React writes it as text, never as HTML. */}
            <blockquote className="max-h-48 overflow-auto text-sm whitespace-pre-wrap text-fg wrap-anywhere">
              {shown.message}
            </blockquote>
            <figcaption className="text-xs text-fg-muted">— {authorOf(shown, t)}</figcaption>
          </figure>
          <p className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
            {t('review.edit.current')} <SentimentBadge sentiment={shown.sentiment.sentiment} />
          </p>
          <Select
            label={t('review.edit.proposedSentiment')}
            options={SENTIMENTS.map((value) => ({ value, label: t(`ui.sentiment.${value}`) }))}
            value={sentiment}
            onChange={(value) => setSentiment(value as Sentiment)}
          />
        </div>
      ) : null}
    </AppDialog>
  );
}
