import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';

/**
 * The foot of a comments list read a page at a time (the sentiment review, a project's
 * comments): the next page coming, a failed page to try again, or that everything is shown.
 */
export function CommentListFooter({
  list,
  shown,
}: {
  list: { isFetchingNextPage: boolean; isError: boolean; hasNextPage: boolean; fetchNextPage: () => unknown };
  shown: number;
}) {
  const { t } = useTranslation();
  if (list.isFetchingNextPage) {
    return (
      <span className="inline-flex items-center gap-2">
        <Spinner /> {t('review.loadingMore')}
      </span>
    );
  }
  if (list.isError && shown > 0) {
    return (
      <span className="inline-flex items-center gap-3">
        {t('review.loadMoreFailed')}
        <Button size="sm" variant="secondary" onClick={() => void list.fetchNextPage()}>
          {t('review.retry')}
        </Button>
      </span>
    );
  }
  if (!list.hasNextPage && shown > 0) return <>{t('review.allShown', { count: shown })}</>;
  return null;
}
