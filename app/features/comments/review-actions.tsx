import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/dialog';
import { numberFormat } from '~/lib/format';
import type { ReviewChoice } from './review';

/**
 * Above the review list: how many comments match, or how many are selected, and what can be done
 * to them. Offers every comment matching once every loaded one in review is selected (in the
 * in-review list only, where "all matching" is what the server reviews). Where the count stopped
 * short (`totalIsAtLeast`: "more than 1,000"), there is no number to confirm: it says to narrow
 * the filters instead.
 */
export function ReviewActionsBar({
  total,
  totalIsAtLeast = false,
  selectionCount,
  offerAllMatching,
  reviewable,
  editable,
  pending,
  onChoose,
  onEdit,
  onSelectAllMatching,
  onClear,
}: {
  total: number;
  totalIsAtLeast?: boolean;
  selectionCount: number;
  offerAllMatching: boolean;
  reviewable: boolean;
  editable: boolean;
  pending: boolean;
  onChoose: (choice: ReviewChoice) => void;
  onEdit: () => void;
  onSelectAllMatching: () => void;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation();
  const count = numberFormat(i18n.language).format;
  // The count and "Clear selection" share a line as tall as a button, whether the button is there
  // or not, and on a phone the action buttons always take the next line: a selection changes what
  // the bar says, never its height, so the rows under the sticky bar stay where they are.
  return (
    <div
      className="flex min-h-11 flex-wrap items-center gap-x-4 gap-y-2 rounded-lg bg-muted px-3 py-2 text-sm"
      role="toolbar"
      aria-label={t('review.actions.label')}
    >
      <div className="flex min-h-8 w-full flex-wrap items-center gap-x-2 sm:w-auto">
        <p className="font-medium text-fg" aria-live="polite">
          {selectionCount > 0
            ? t('review.selected', { count: selectionCount, formatted: count(selectionCount) })
            : totalIsAtLeast
              ? t('review.matchingAtLeast', { count: total, formatted: count(total) })
              : t('review.matching', { count: total, formatted: count(total) })}
        </p>
        {selectionCount > 0 ? (
          <Button size="sm" variant="ghost" onClick={onClear}>
            {t('review.clearSelection')}
          </Button>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onChoose({ action: 'accept' })} disabled={!reviewable || pending}>
          {t('review.actions.accept')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onChoose({ action: 'reject' })}
          disabled={!reviewable || pending}
        >
          {t('review.actions.reject')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onEdit} disabled={!editable || pending}>
          {t('review.actions.edit')}
        </Button>
      </div>
      {offerAllMatching && totalIsAtLeast ? (
        <p className="text-fg-muted">{t('review.narrowForAllMatching', { formatted: count(total) })}</p>
      ) : offerAllMatching ? (
        <Button size="sm" variant="ghost" onClick={onSelectAllMatching}>
          {t('review.selectAllMatching', { count: total, formatted: count(total) })}
        </Button>
      ) : null}
    </div>
  );
}

function confirmText(t: TFunction, choice: ReviewChoice): string {
  if (choice.action === 'accept') return t('review.actions.accept');
  if (choice.action === 'reject') return t('review.actions.reject');
  return t('review.actions.set', { sentiment: t(`ui.sentiment.${choice.sentiment}`) });
}

/** What a review of every matching comment will do, said before it is done. */
function ConfirmAllText({ choice, total }: { choice: ReviewChoice; total: number }) {
  const { t, i18n } = useTranslation();
  const values = { count: total, formatted: numberFormat(i18n.language).format(total) };
  if (choice.action === 'accept') return t('review.confirmAll.accept', values);
  if (choice.action === 'reject') return t('review.confirmAll.reject', values);
  return t('review.confirmAll.set', { ...values, sentiment: t(`ui.sentiment.${choice.sentiment}`) });
}

/** The confirmation a review of every comment matching asks for, with their count. */
export function ConfirmAllDialog({
  choice,
  total,
  pending,
  onClose,
  onConfirm,
}: {
  choice: ReviewChoice | null;
  total: number;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={choice !== null}
      onClose={onClose}
      onConfirm={onConfirm}
      pending={pending}
      title={t('review.confirmAll.title')}
      confirmText={choice ? confirmText(t, choice) : ''}
    >
      {choice ? <ConfirmAllText choice={choice} total={total} /> : null}
    </ConfirmDialog>
  );
}
