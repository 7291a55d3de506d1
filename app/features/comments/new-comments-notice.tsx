import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';

/**
 * The comments that arrived while the list was open (docs/decisions/044): said, and shown when
 * the reader asks, so the rows never move under their eyes. The region stays in the page, empty
 * while nothing waits, so a screen reader hears each new count. `words` is the key of the
 * button's words, plural by the count: a project's new comments, or the review's to review.
 */
export function NewCommentsNotice({
  count,
  words = 'projectComments.showNew',
  onShow,
}: {
  count: number;
  words?: 'projectComments.showNew' | 'review.showNew' | 'review.showNewToReview';
  onShow: () => void;
}) {
  const { t, i18n } = useTranslation();
  const formatted = new Intl.NumberFormat(i18n.language || undefined).format(count);
  return (
    <div aria-live="polite">
      {count > 0 ? (
        <Button variant="secondary" size="sm" className="w-full sm:w-auto" onClick={onShow}>
          {t(words, { count, formatted })}
        </Button>
      ) : null}
    </div>
  );
}
