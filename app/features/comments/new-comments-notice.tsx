import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { numberFormat } from '~/lib/format';
import { firstFocusableIn } from '~/lib/focus';

/**
 * The comments that arrived while the list was open (docs/decisions/044): said, and shown when
 * the reader asks, so the rows never move under their eyes. The offer floats over the right end
 * of the list's column header (where the row actions' column has no words), just under the
 * toolbar it is placed in (a `DataTable`'s `toolbar`, which is positioned for it): it takes no
 * room, so neither its coming nor its going moves the list, and on a phone it is stuck under the
 * app's header with the toolbar, in view however far one has scrolled. The region stays in the
 * page, empty while nothing waits, so a screen reader hears each new count (`sr-only` then, which
 * keeps it in the accessibility tree). `words` is the key of the button's words, plural by the
 * count: a project's new comments, or the review's to review.
 */
export function NewCommentsNotice({
  count,
  words = 'projectComments.showNew',
  onShow,
}: {
  count: number;
  words?: 'projectComments.showNew' | 'review.showNew' | 'review.showNewToReview';
  onShow: () => unknown;
}) {
  const { t, i18n } = useTranslation();
  const formatted = numberFormat(i18n.language).format(count);
  return (
    <div
      aria-live="polite"
      className={
        count > 0 ? 'pointer-events-none absolute inset-x-0 top-full z-30 mt-3 flex justify-end pr-2 pl-12' : 'sr-only'
      }
    >
      {count > 0 ? (
        // Clear of the first column (the row checkboxes and "select all"), and in two lines where
        // the words are longer than the room left (a 320 px phone, in Italian).
        <Button
          variant="secondary"
          size="sm"
          className="pointer-events-auto h-auto min-h-8 max-w-full py-1 text-center shadow-md"
          onClick={(event) => {
            const table = tableAround(event.currentTarget);
            const firstRow = () => table?.querySelector<HTMLElement>('tbody tr[data-index]') ?? null;
            const before = firstRow();
            // The offer leaves as the comments show: the keyboard goes on from the newest of them
            // (the first row, once drawn: a frame or more after the list is read), not from the
            // page's start.
            void Promise.resolve(onShow()).then(() => {
              let frames = 0;
              const focusNewest = () => {
                const row = firstRow();
                if (row === before && frames++ < 120) return void requestAnimationFrame(focusNewest);
                if (document.activeElement && document.activeElement !== document.body) return;
                const target = row && row.tabIndex >= 0 ? row : firstFocusableIn(row);
                target?.focus();
              };
              requestAnimationFrame(focusNewest);
            });
          }}
        >
          <span className="whitespace-normal">{t(words, { count, formatted })}</span>
        </Button>
      ) : null}
    </div>
  );
}

/** The list's table the offer floats over: the toolbar it is in stands beside the table's frame. */
function tableAround(element: Element) {
  for (let around = element.parentElement; around; around = around.parentElement) {
    const table = around.querySelector('table');
    if (table) return table;
  }
  return null;
}
