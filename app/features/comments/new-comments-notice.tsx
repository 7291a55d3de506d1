import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { numberFormat } from '~/lib/format';

/**
 * The comments that arrived while the list was open (docs/decisions/044): said, and shown when
 * the reader asks, so the rows never move under their eyes. The region stays in the page, empty
 * while nothing waits, so a screen reader hears each new count; out of the layout while empty
 * (`sr-only`, which keeps it in the accessibility tree), so that its parent's gap does not leave a
 * space where nothing is. `words` is the key of the button's words, plural by the count: a
 * project's new comments, or the review's to review.
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
  const formatted = numberFormat(i18n.language).format(count);
  return (
    <div aria-live="polite" className={count > 0 ? undefined : 'sr-only'}>
      {count > 0 ? (
        <Button variant="secondary" size="sm" className="w-full sm:w-auto" onClick={onShow}>
          {t(words, { count, formatted })}
        </Button>
      ) : null}
    </div>
  );
}
