import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from './skeleton';

export interface Column<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Its header becomes a button that asks for the rows ordered by this column. */
  sortable?: boolean;
  /** `end` for numbers, so their digits line up. */
  align?: 'start' | 'center' | 'end';
  /** On the column's header and cells alike (a width, a wrap rule). */
  className?: string;
}

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: string;
  direction: SortDirection;
}

/**
 * Selectable rows: a checkbox in front of each, named after its row (`rowLabel`, e.g. the
 * user's email: "Select ada@example.com"), and one in the header for all the rows shown.
 * The ids are the caller's, so a selection may outlive a page of rows.
 */
type SelectionProps<Row> =
  | {
      selectedIds: ReadonlySet<string>;
      onSelectionChange: (ids: Set<string>) => void;
      rowLabel: (row: Row) => string;
    }
  | { selectedIds?: undefined; onSelectionChange?: undefined; rowLabel?: undefined };

export type DataTableProps<Row> = {
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  /** The table's name for assistive technology; shown above it unless `captionHidden`. */
  caption: string;
  captionHidden?: boolean;
  /** The order the caller applied to `rows`; the table only shows it and asks for another. */
  sort?: SortState | undefined;
  onSortChange?: (sort: SortState) => void;
  /** Rows taller than this scroll under the header, which stays in view. */
  maxHeight?: keyof typeof heights;
  /** Skeleton rows instead of rows, and `aria-busy`, while the rows are on their way. */
  loading?: boolean;
  loadingRows?: number;
  /** Shown across the whole table when there are no rows (and it is not loading). */
  empty?: ReactNode;
  className?: string;
} & SelectionProps<Row>;

const heights = { sm: 'max-h-64', md: 'max-h-96', lg: 'max-h-[36rem]' } as const;

const alignClass = { start: 'text-start', center: 'text-center', end: 'text-end' } as const;
const justifyClass = { start: 'justify-start', center: 'justify-center', end: 'justify-end' } as const;

// Separate borders, drawn on the cells: a collapsed border would not travel with a sticky header.
const headCell =
  'sticky top-0 z-10 border-b border-line bg-muted px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-fg-muted uppercase';
const bodyCell = 'border-b border-line px-4 py-3 align-middle';

/**
 * The one table (spec §2: the admin users table, the sentiment review list). Rows arrive
 * ordered and paged by the caller; the table shows them, asks for another order through
 * `onSortChange`, and reports the checked rows through `onSelectionChange`. On a narrow screen
 * it scrolls sideways inside its own frame, which can be focused and scrolled by keyboard.
 */
export function DataTable<Row>({
  columns,
  rows,
  getRowId,
  caption,
  captionHidden = false,
  sort,
  onSortChange,
  maxHeight,
  loading = false,
  loadingRows = 5,
  empty,
  className = '',
  selectedIds,
  onSelectionChange,
  rowLabel,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const captionId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const scrollable = useScrollable(frame);
  const selectable = !!selectedIds;
  const span = columns.length + (selectable ? 1 : 0);

  const shownIds = loading ? [] : rows.map(getRowId);
  const checkedCount = selectedIds ? shownIds.filter((id) => selectedIds.has(id)).length : 0;
  const allChecked = shownIds.length > 0 && checkedCount === shownIds.length;

  const toggleAll = () => {
    if (!selectedIds || !onSelectionChange) return;
    const next = new Set(selectedIds);
    // All shown rows checked: uncheck them; some or none: check them all, as a mixed box does.
    for (const id of shownIds) {
      if (allChecked) next.delete(id);
      else next.add(id);
    }
    onSelectionChange(next);
  };
  const toggleRow = (id: string) => {
    if (!selectedIds || !onSelectionChange) return;
    const next = new Set(selectedIds);
    if (!next.delete(id)) next.add(id);
    onSelectionChange(next);
  };

  return (
    <div className={`flex min-w-0 flex-col gap-2 ${className}`}>
      {/*
        The frame that scrolls. While the table is wider (or taller) than it, the frame is a named
        region in the tab order, so keyboard users can scroll it too (WCAG 2.1.1); otherwise it is
        no extra stop on the way through the page.
      */}
      <div
        ref={frame}
        role={scrollable ? 'region' : undefined}
        aria-labelledby={scrollable ? captionId : undefined}
        tabIndex={scrollable ? 0 : undefined}
        className={`focus-ring relative w-full overflow-auto rounded-lg ring-1 ring-line ${maxHeight ? heights[maxHeight] : ''}`}
      >
        <table aria-busy={loading || undefined} className="min-w-full border-separate border-spacing-0 text-sm">
          <caption
            id={captionId}
            className={captionHidden ? 'sr-only' : 'px-4 pt-3 pb-2 text-start text-sm font-semibold text-fg'}
          >
            {caption}
          </caption>
          <thead>
            <tr>
              {selectable ? (
                <th scope="col" className={`${headCell} w-px`}>
                  <TableCheckbox
                    label={t('ui.table.selectAll')}
                    checked={allChecked}
                    indeterminate={checkedCount > 0 && !allChecked}
                    disabled={shownIds.length === 0}
                    onChange={toggleAll}
                  />
                </th>
              ) : null}
              {columns.map((column) => {
                const align = column.align ?? 'start';
                const direction = sort?.column === column.id ? sort.direction : undefined;
                const canSort = column.sortable && onSortChange;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    // Only the column the rows are ordered by says so (the ARIA pattern).
                    aria-sort={canSort && direction ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
                    className={`${headCell} ${alignClass[align]} ${column.className ?? ''}`}
                  >
                    {canSort ? (
                      <button
                        type="button"
                        onClick={() =>
                          onSortChange({
                            column: column.id,
                            // A new column starts ascending; the same one again turns the order round.
                            direction: direction === 'asc' ? 'desc' : 'asc',
                          })
                        }
                        className={`focus-ring group -mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-0.5 tracking-wide uppercase hover:bg-surface hover:text-fg ${justifyClass[align]} ${direction ? 'text-fg' : ''}`}
                      >
                        {column.header}
                        <SortIcon direction={direction} />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {loading ? (
              Array.from({ length: loadingRows }, (_, index) => (
                <tr key={index} aria-hidden="true" className="last:[&>td]:border-b-0">
                  {selectable ? (
                    <td className={`${bodyCell} w-px`}>
                      <Skeleton className="size-4 rounded-sm" />
                    </td>
                  ) : null}
                  {columns.map((column) => (
                    <td key={column.id} className={`${bodyCell} ${column.className ?? ''}`}>
                      <Skeleton className={`h-4 ${index % 2 ? 'w-3/4' : 'w-full'} min-w-12`} />
                    </td>
                  ))}
                </tr>
              ))
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={span} className="px-4 py-3 text-center text-fg-muted">
                  {empty ?? t('ui.table.empty')}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const id = getRowId(row);
                const checked = !!selectedIds?.has(id);
                return (
                  <tr
                    key={id}
                    className={`transition-colors last:[&>td]:border-b-0 ${checked ? 'bg-primary-soft' : 'hover:bg-muted/50'}`}
                  >
                    {selectable ? (
                      <td className={`${bodyCell} w-px`}>
                        <TableCheckbox
                          label={t('ui.table.selectRow', { name: rowLabel!(row) })}
                          checked={checked}
                          onChange={() => toggleRow(id)}
                        />
                      </td>
                    ) : null}
                    {columns.map((column) => (
                      <td
                        key={column.id}
                        className={`${bodyCell} text-fg ${alignClass[column.align ?? 'start']} ${column.className ?? ''}`}
                      >
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {/* Always there, so the words are announced when they appear. */}
      <p role="status" className="sr-only">
        {loading ? t('ui.table.loading') : ''}
      </p>
    </div>
  );
}

/** Whether the element's content overflows it, kept up to date as either changes size. */
function useScrollable(ref: RefObject<HTMLElement>) {
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () =>
      setScrollable(element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return scrollable;
}

/**
 * A small native checkbox in the kit's colours: the box is drawn by CSS on the real input (so
 * it keeps the browser's keyboard, form and `indeterminate` behaviour), the tick and the dash
 * are drawn over it. Forced-colours mode gets the system's own checkbox back.
 */
export function TableCheckbox({
  label,
  checked,
  indeterminate = false,
  disabled = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  // `indeterminate` is a property only, never an attribute: it has to be set on the element.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <span className="relative grid size-4 place-items-center align-middle">
      <input
        ref={ref}
        type="checkbox"
        aria-label={label}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        className="peer focus-ring col-start-1 row-start-1 size-4 cursor-pointer appearance-none rounded-sm border border-line-strong bg-surface checked:border-primary checked:bg-primary indeterminate:border-primary indeterminate:bg-primary disabled:cursor-not-allowed disabled:opacity-50 forced-colors:appearance-auto"
      />
      <svg
        viewBox="0 0 14 14"
        fill="none"
        aria-hidden="true"
        className="pointer-events-none col-start-1 row-start-1 hidden size-3 stroke-on-primary peer-checked:block peer-indeterminate:hidden forced-colors:hidden"
      >
        <path d="M3 8 6 11 11 3.5" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <svg
        viewBox="0 0 14 14"
        fill="none"
        aria-hidden="true"
        className="pointer-events-none col-start-1 row-start-1 hidden size-3 stroke-on-primary peer-indeterminate:block forced-colors:hidden"
      >
        <path d="M3 7H11" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

function SortIcon({ direction }: { direction: SortDirection | undefined }) {
  if (!direction) {
    // Not the current order: a faint up-and-down, brighter under the pointer.
    return (
      <svg
        viewBox="0 0 20 20"
        fill="currentColor"
        aria-hidden="true"
        className="size-4 text-fg-subtle group-hover:text-fg-muted"
      >
        <path
          fillRule="evenodd"
          d="M10.53 3.47a.75.75 0 0 0-1.06 0L6.22 6.72a.75.75 0 0 0 1.06 1.06L10 5.06l2.72 2.72a.75.75 0 1 0 1.06-1.06l-3.25-3.25Zm-4.31 9.81 3.25 3.25a.75.75 0 0 0 1.06 0l3.25-3.25a.75.75 0 1 0-1.06-1.06L10 14.94l-2.72-2.72a.75.75 0 0 0-1.06 1.06Z"
          clipRule="evenodd"
        />
      </svg>
    );
  }
  return (
    <svg
      viewBox="0 0 20 20"
      fill="currentColor"
      aria-hidden="true"
      className={`size-4 text-fg ${direction === 'desc' ? 'rotate-180' : ''}`}
    >
      <path
        fillRule="evenodd"
        d="M10 17a.75.75 0 0 1-.75-.75V5.612L5.29 9.77a.75.75 0 0 1-1.08-1.04l5.25-5.5a.75.75 0 0 1 1.08 0l5.25 5.5a.75.75 0 1 1-1.08 1.04l-3.96-4.158V16.25A.75.75 0 0 1 10 17Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
