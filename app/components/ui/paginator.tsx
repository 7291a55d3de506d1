import { useTranslation } from 'react-i18next';
import { numberFormat } from '~/lib/format';

export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/**
 * The page buttons to show for `current` of `totalPages` (one-based): all of them up to seven;
 * beyond that always seven items — the first and last pages, the current one with a neighbour
 * on each side, and an ellipsis for each run that is left out. An ellipsis never hides a single
 * page (that page is shown instead), and the count never changes, so the buttons do not jump
 * about under the pointer while paging.
 */
export function pageItems(current: number, totalPages: number): PageItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
  if (total <= 7) return range(1, total);
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  // The window of three around the current page, slid inwards at either end to keep seven items.
  const start = Math.max(Math.min(page - 1, total - 4), 3);
  const end = Math.min(Math.max(page + 1, 5), total - 2);
  return [
    1,
    start > 3 ? 'start-ellipsis' : 2,
    ...range(start, end),
    end < total - 2 ? 'end-ellipsis' : total - 1,
    total,
  ];
}

const stepClass =
  'focus-ring inline-flex h-9 items-center gap-1 rounded-md px-2.5 text-sm font-medium text-fg hover:bg-muted aria-disabled:cursor-not-allowed aria-disabled:text-fg-subtle aria-disabled:hover:bg-transparent';

/**
 * Paging through a long list (the admin users table: 15 a page, one-based): where the
 * user is ("16–30 of 42"), previous and next, and on wider screens the page numbers. A step that
 * leads nowhere is `aria-disabled` rather than disabled, so the focus stays on it when the last
 * page is reached by keyboard.
 */
export function Paginator({
  page,
  pageSize,
  total,
  onPageChange,
  label,
  className = '',
}: {
  /** One-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** The navigation's name; give each paginator on one page its own. */
  label?: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), totalPages);
  const format = numberFormat(i18n.language).format;
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(current * pageSize, total);
  const go = (target: number) => {
    if (target >= 1 && target <= totalPages && target !== current) onPageChange(target);
  };

  return (
    <nav
      aria-label={label ?? t('ui.paginator.label')}
      className={`flex flex-wrap items-center justify-between gap-x-4 gap-y-2 ${className}`}
    >
      {/* Said again after each step, so a screen reader hears where paging led. */}
      <p className="text-sm text-fg-muted tabular-nums" aria-live="polite">
        {total === 0
          ? t('ui.paginator.none')
          : t('ui.paginator.range', { from: format(from), to: format(to), total: format(total) })}
      </p>
      <ul className="flex items-center gap-1">
        <li>
          <button
            type="button"
            className={stepClass}
            aria-disabled={current <= 1 || undefined}
            onClick={() => go(current - 1)}
          >
            <Chevron direction="left" />
            <span className="sr-only sm:not-sr-only">{t('ui.paginator.previous')}</span>
          </button>
        </li>
        {pageItems(current, totalPages).map((item) =>
          typeof item === 'number' ? (
            <li key={item} className="hidden sm:block">
              <button
                type="button"
                aria-label={t('ui.paginator.page', { page: format(item) })}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => go(item)}
                className={`focus-ring inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm font-medium tabular-nums ${
                  item === current ? 'bg-primary text-on-primary shadow-xs' : 'text-fg hover:bg-muted'
                }`}
              >
                {format(item)}
              </button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="hidden w-9 text-center text-sm text-fg-subtle sm:block">
              …
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={stepClass}
            aria-disabled={current >= totalPages || undefined}
            onClick={() => go(current + 1)}
          >
            <span className="sr-only sm:not-sr-only">{t('ui.paginator.next')}</span>
            <Chevron direction="right" />
          </button>
        </li>
      </ul>
    </nav>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4 shrink-0 rtl:-scale-x-100">
      <path
        fillRule="evenodd"
        d={
          direction === 'left'
            ? 'M11.78 5.22a.75.75 0 0 1 0 1.06L8.06 10l3.72 3.72a.75.75 0 1 1-1.06 1.06l-4.25-4.25a.75.75 0 0 1 0-1.06l4.25-4.25a.75.75 0 0 1 1.06 0Z'
            : 'M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L11.94 10 8.22 6.28a.75.75 0 0 1 0-1.06Z'
        }
        clipRule="evenodd"
      />
    </svg>
  );
}
