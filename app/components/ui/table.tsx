import {
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type MutableRefObject,
  type ReactNode,
  type RefObject,
} from 'react';
import { useVirtualizer, useWindowVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { useScreen } from '~/lib/screen';
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
  /**
   * The widths the column is shown at (the product's breakpoints, docs/product.md#screen-sizes):
   * from `from` up, and below `until`. A column left out folds its facts into another cell
   * shown at that width, so a table fits its frame instead of scrolling sideways.
   */
  from?: Breakpoint;
  until?: Breakpoint;
  /**
   * The column takes the room the others leave, and no more: its text is cut to fit (with
   * TruncatedText) rather than wrapped inside a word or pushing the other columns out of view.
   * One column a table, its main one (the user's email, a comment).
   */
  fill?: boolean;
  /** The header may wrap between its words (a count under a long name), so the column stays narrow. */
  wrapHeader?: boolean;
}

type Breakpoint = 'sm' | 'md' | 'lg' | 'xl';
// Whole class names, so Tailwind finds them.
const shownFrom = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
  xl: 'hidden xl:table-cell',
};
const hiddenFrom = { sm: 'sm:hidden', md: 'md:hidden', lg: 'lg:hidden', xl: 'xl:hidden' };

/** The classes a column puts on its header and each of its cells. */
function columnClass<Row>(column: Column<Row>) {
  return [
    column.from ? shownFrom[column.from] : '',
    column.until ? hiddenFrom[column.until] : '',
    column.fill ? 'w-full max-w-0 min-w-32 md:min-w-48' : '',
    column.className ?? '',
  ].join(' ');
}

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: string;
  direction: SortDirection;
}

/**
 * Selectable rows: a checkbox in front of each, named after its row (`rowLabel`, e.g. the
 * user's email: "Select ada@example.com"), and one in the header for all the rows shown.
 * The ids are the caller's, so a selection may outlive a page of rows. Shift with a click
 * checks (or unchecks) every row from the last one clicked to this one, as mail clients do.
 * `canSelect` leaves a row's box disabled (a row no action applies to).
 */
type SelectionProps<Row> =
  | {
      selectedIds: ReadonlySet<string>;
      onSelectionChange: (ids: Set<string>) => void;
      rowLabel: (row: Row) => string;
      canSelect?: (row: Row) => boolean;
    }
  | { selectedIds?: undefined; onSelectionChange?: undefined; rowLabel?: undefined; canSelect?: undefined };

/** What a screen can ask of a table it drives by keyboard. */
export interface DataTableHandle {
  /** Brings the row at `index` into view (drawn, for a virtual table) and gives it focus. */
  focusRow: (index: number) => void;
}

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
  /**
   * A long list: only the rows near the view are in the document (however far one scrolls), in
   * a frame of fixed height that scrolls under the header. On a phone (below `sm`) there is no
   * frame: the rows scroll with the page, and the header stays in view under the app's header
   * (docs/decisions/106). `estimateRowHeight` is a first guess; each drawn row is measured.
   */
  virtual?: { estimateRowHeight: number; height: string };
  /** Called when the last rows come near the view: the caller loads more (infinite scroll). */
  onEndReached?: () => void;
  /**
   * How many rows the whole list has, when `rows` is the part loaded so far (`aria-rowcount`);
   * `'unknown'` where the list only knows it has more (ARIA's -1).
   */
  totalRows?: number | 'unknown';
  /**
   * The list's count and actions, above the table. On a phone, where a virtual table's rows
   * scroll with the page, it stays in view under the app's header, with the table's header below
   * it, so a selection's actions and a "new comments" notice are always at hand.
   */
  toolbar?: ReactNode;
  /** A last full-width row: "Loading more…", "That is all". */
  footer?: ReactNode;
  /** The row the keyboard is on: it is the one in the tab order, and it looks so. */
  activeRowId?: string | undefined;
  /** A row was clicked or took focus: it becomes the active one. */
  onActiveRowChange?: (id: string, index: number) => void;
  handleRef?: MutableRefObject<DataTableHandle | null>;
} & SelectionProps<Row>;

const heights = { sm: 'max-h-64', md: 'max-h-96', lg: 'max-h-[36rem]' } as const;

const alignClass = { start: 'text-start', center: 'text-center', end: 'text-end' } as const;
const justifyClass = { start: 'justify-start', center: 'justify-center', end: 'justify-end' } as const;

// Separate borders, drawn on the cells: a collapsed border would not travel with a sticky header.
const headCell =
  'sticky top-0 z-10 border-b border-line bg-muted px-4 py-3 text-xs font-semibold tracking-wide text-fg-muted uppercase';
const bodyCell = 'border-b border-line px-4 py-3 align-middle';

/**
 * The one table (the admin users table, the sentiment review list). Rows arrive
 * ordered and paged by the caller; the table shows them, asks for another order through
 * `onSortChange`, and reports the checked rows through `onSelectionChange`. A wide table chooses
 * what to show at each width (a column's `from`/`until`, its `fill` column cut to fit), so it fits
 * its frame; should it still not fit, it scrolls sideways inside the frame, which can then be
 * focused and scrolled by keyboard.
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
  canSelect,
  virtual,
  onEndReached,
  totalRows,
  footer,
  toolbar,
  activeRowId,
  onActiveRowChange,
  handleRef,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const captionId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const scrollable = useScrollable(frame);
  const selectable = !!selectedIds;
  const span = columns.length + (selectable ? 1 : 0);

  const selectableRows = loading ? [] : canSelect ? rows.filter(canSelect) : rows;
  const shownIds = selectableRows.map(getRowId);
  const checkedCount = selectedIds ? shownIds.filter((id) => selectedIds.has(id)).length : 0;
  const allChecked = shownIds.length > 0 && checkedCount === shownIds.length;
  // Where a shift-click range starts: the row last clicked.
  const anchor = useRef<string | null>(null);

  // On a phone a frame of its own would be a small window low on the screen, whose swipes scroll
  // it rather than the page: the rows scroll with the page there (docs/decisions/106).
  const screen = useScreen();
  const withPage = !!virtual && !screen.sm;
  const body = useRef<HTMLTableSectionElement>(null);
  const head = useRef<HTMLTableSectionElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const place = usePlaceInPage(body, withPage, [bar, head]);
  const options = {
    count: virtual && !loading ? rows.length : 0,
    estimateSize: () => virtual?.estimateRowHeight ?? 48,
    overscan: 8,
    getItemKey: (index: number) => getRowId(rows[index]),
  };
  // Not memoised by the React Compiler (which this project does not use): the lint says so.
  // eslint-disable-next-line react-hooks/incompatible-library
  const inFrame = useVirtualizer({
    ...options,
    // Off for a table drawn whole: on, it measures its frame after every render, and each
    // measure is a layout of the whole page (many tables on one page held the first paint
    // for seconds on a busy machine).
    enabled: !!virtual && !withPage,
    getScrollElement: () => frame.current,
  });
  const inPage = useWindowVirtualizer({
    ...options,
    enabled: withPage,
    // Where the rows start in the page, and how much of the screen's top the headers cover (a
    // row brought into view by the keyboard lands below them).
    scrollMargin: place.top,
    scrollPaddingStart: place.covered,
  });
  const virtualizer = withPage ? inPage : inFrame;
  // The virtualizer's offsets count from the page's top in the page; the spacers from the rows'.
  const margin = withPage ? place.top : 0;
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const lastDrawn = items.length > 0 ? items[items.length - 1].index : -1;
  useEffect(() => {
    // Ten rows before the end, ask for more, so they are there by the time one gets there.
    if (onEndReached && !loading && rows.length > 0 && (virtual ? lastDrawn >= rows.length - 10 : false)) {
      onEndReached();
    }
  }, [lastDrawn, rows.length, loading, virtual, onEndReached]);

  useImperativeHandle(
    handleRef,
    () => ({
      focusRow: (index) => {
        const rowAt = () => frame.current?.querySelector<HTMLElement>(`tbody tr[data-index="${index}"]`);
        if (virtual) virtualizer.scrollToIndex(index, { align: 'auto' });
        // A row already drawn takes the focus at once: a key pressed in the meantime would go to
        // the page, not the table (one press lost while a reviewed row leaves). One the
        // virtualizer has to draw first is focused by the next frame.
        const drawn = rowAt();
        if (drawn) drawn.focus({ preventScroll: !!virtual });
        else requestAnimationFrame(() => rowAt()?.focus({ preventScroll: !!virtual }));
      },
    }),
    [virtual, virtualizer],
  );

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
  const toggleRow = (id: string, { shiftKey }: { shiftKey: boolean }) => {
    if (!selectedIds || !onSelectionChange) return;
    const next = new Set(selectedIds);
    const checking = !selectedIds.has(id);
    const from = anchor.current === null ? -1 : shownIds.indexOf(anchor.current);
    const to = shownIds.indexOf(id);
    const range = shiftKey && from >= 0 && to >= 0 ? shownIds.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
    // The whole range takes the state the clicked row takes.
    for (const each of range) {
      if (checking) next.add(each);
      else next.delete(each);
    }
    anchor.current = id;
    onSelectionChange(next);
  };

  const drawn: Array<{ row: Row; index: number }> = virtual
    ? items.map((item) => ({ row: rows[item.index], index: item.index }))
    : rows.map((row, index) => ({ row, index }));
  const padTop = virtual && items.length > 0 ? items[0].start - margin : 0;
  const padBottom =
    virtual && items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1].end - margin) : 0;
  const rowCount = totalRows === 'unknown' ? rows.length : (totalRows ?? (virtual ? rows.length : undefined));
  const activeShown = activeRowId !== undefined && rows.some((row) => getRowId(row) === activeRowId);

  return (
    <div
      className={`flex min-w-0 flex-col gap-2 ${className}`}
      style={withPage ? ({ '--table-toolbar-height': `${place.toolbar}px` } as CSSProperties) : undefined}
    >
      {toolbar ? (
        <div
          ref={bar}
          // Positioned and above the frame either way: what floats under the toolbar (the offer
          // of new comments, features/comments/new-comments-notice.tsx) is placed against it.
          className={withPage ? 'sticky z-20 -mt-2 -mb-1 bg-canvas py-2' : 'relative z-20 pb-1'}
          style={withPage ? stuckUnderAppHeader : undefined}
        >
          {toolbar}
        </div>
      ) : null}
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
        style={virtual && !withPage ? { height: virtual.height } : undefined}
        // With the page, the frame clips without scrolling: `overflow: clip` makes no scroll
        // container, so the header's `sticky` holds to the page.
        className={`focus-ring relative w-full rounded-lg ring-1 ring-line ${withPage ? 'overflow-clip' : 'overflow-auto'} ${maxHeight ? heights[maxHeight] : ''}`}
      >
        <table
          aria-busy={loading || undefined}
          // Counted with the header row, as ARIA counts rows.
          aria-rowcount={totalRows === 'unknown' ? -1 : rowCount === undefined ? undefined : rowCount + 1}
          className="min-w-full border-separate border-spacing-0 text-sm"
        >
          <caption
            id={captionId}
            className={captionHidden ? 'sr-only' : 'px-4 pt-3 pb-2 text-start text-sm font-semibold text-fg'}
          >
            {caption}
          </caption>
          <thead ref={head}>
            <tr aria-rowindex={rowCount === undefined ? undefined : 1}>
              {selectable ? (
                <th scope="col" style={withPage ? stuckUnderToolbar : undefined} className={`${headCell} w-px`}>
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
                    style={withPage ? stuckUnderToolbar : undefined}
                    className={`${headCell} ${column.wrapHeader ? 'whitespace-normal' : 'whitespace-nowrap'} ${alignClass[align]} ${columnClass(column)}`}
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
          <tbody ref={body}>
            {loading ? (
              Array.from({ length: loadingRows }, (_, index) => (
                <tr key={index} aria-hidden="true" className="last:[&>td]:border-b-0">
                  {selectable ? (
                    <td className={`${bodyCell} w-px`}>
                      <Skeleton className="size-4 rounded-sm" />
                    </td>
                  ) : null}
                  {columns.map((column) => (
                    <td key={column.id} className={`${bodyCell} ${columnClass(column)}`}>
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
              <>
                {padTop > 0 ? (
                  <tr aria-hidden="true">
                    <td colSpan={span} style={{ height: padTop, padding: 0 }} />
                  </tr>
                ) : null}
                {drawn.map(({ row, index }) => {
                  const id = getRowId(row);
                  const checked = !!selectedIds?.has(id);
                  const active = activeRowId === id;
                  // Before the keyboard is on any row, the first one is where Tab enters the rows.
                  const tabStop = active || (!activeShown && index === 0);
                  const rowSelectable = !canSelect || canSelect(row);
                  return (
                    <tr
                      key={id}
                      data-index={index}
                      ref={virtual ? virtualizer.measureElement : undefined}
                      aria-rowindex={rowCount === undefined ? undefined : index + 2}
                      aria-selected={selectable ? checked : undefined}
                      // The active row is the one the keyboard is on: the table's single stop in
                      // the tab order when the screen drives it (a roving tab index).
                      tabIndex={onActiveRowChange ? (tabStop ? 0 : -1) : undefined}
                      onFocus={onActiveRowChange ? () => !active && onActiveRowChange(id, index) : undefined}
                      onClick={onActiveRowChange ? () => !active && onActiveRowChange(id, index) : undefined}
                      className={`transition-colors last:[&>td]:border-b-0 ${active ? 'outline-2 -outline-offset-2 outline-primary' : 'outline-none'} ${checked ? 'bg-primary-soft' : 'hover:bg-muted/50'}`}
                    >
                      {selectable ? (
                        <td className={`${bodyCell} w-px`}>
                          <TableCheckbox
                            label={t('ui.table.selectRow', { name: rowLabel!(row) })}
                            checked={checked}
                            disabled={!rowSelectable}
                            onChange={(event) => toggleRow(id, event)}
                          />
                        </td>
                      ) : null}
                      {columns.map((column) => (
                        <td
                          key={column.id}
                          className={`${bodyCell} text-fg ${alignClass[column.align ?? 'start']} ${columnClass(column)}`}
                        >
                          {column.cell(row)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
                {padBottom > 0 ? (
                  <tr aria-hidden="true">
                    <td colSpan={span} style={{ height: padBottom, padding: 0 }} />
                  </tr>
                ) : null}
                {footer ? (
                  <tr>
                    <td colSpan={span} className="px-4 py-3 text-center text-fg-muted">
                      {footer}
                    </td>
                  </tr>
                ) : null}
              </>
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

/** On a phone, a virtual table's toolbar holds below the app's own sticky header, */
const stuckUnderAppHeader = { top: 'var(--app-header-height, 0px)' };
/** and its header below the toolbar. */
const stuckUnderToolbar = { top: 'calc(var(--app-header-height, 0px) + var(--table-toolbar-height, 0px))' };

/**
 * Where a table's rows start in the page (`top`, from the page's top), the toolbar's height, and
 * how much of the screen's top the sticky headers cover (`covered`: the app's header and the
 * table's `stuck` parts), measured again whenever the page changes size (a notice above the
 * table, a filter opened, a selection's actions).
 */
function usePlaceInPage(
  body: RefObject<HTMLElement>,
  on: boolean,
  [bar, head]: [RefObject<HTMLElement>, RefObject<HTMLElement>],
) {
  const [place, setPlace] = useState({ top: 0, toolbar: 0, covered: 0 });
  useLayoutEffect(() => {
    if (!on || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      if (!body.current) return;
      const top = Math.round(body.current.getBoundingClientRect().top + window.scrollY);
      const appHeader = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--app-header-height'));
      // The toolbar's box, without the negative margins that keep the list's spacing.
      const toolbar = Math.round(bar.current?.offsetHeight ?? 0);
      const covered = Math.round(
        (Number.isNaN(appHeader) ? 0 : appHeader) + toolbar + (head.current?.offsetHeight ?? 0),
      );
      setPlace((was) =>
        was.top === top && was.toolbar === toolbar && was.covered === covered ? was : { top, toolbar, covered },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    if (bar.current) observer.observe(bar.current);
    return () => observer.disconnect();
  }, [body, bar, head, on]);
  return place;
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
  /** With whether Shift was held (a range, in a table). */
  onChange: (event: { shiftKey: boolean }) => void;
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
        // A checkbox changes on a click (a key press on it clicks too): the click says whether Shift was down.
        onChange={(event) => onChange({ shiftKey: (event.nativeEvent as MouseEvent).shiftKey === true })}
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
