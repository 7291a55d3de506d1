// @vitest-environment happy-dom
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '~/test/render';
import { DataTable, type Column, type DataTableHandle, type SortState } from './table';

interface Person {
  id: string;
  name: string;
  age: number;
}

const people: Person[] = [
  { id: 'a', name: 'Ada', age: 36 },
  { id: 'b', name: 'Bruno', age: 52 },
  { id: 'c', name: 'Chiara', age: 29 },
];

const columns: Column<Person>[] = [
  { id: 'name', header: 'Name', cell: (person) => person.name, sortable: true },
  { id: 'age', header: 'Age', cell: (person) => person.age, sortable: true, align: 'end' },
  { id: 'note', header: 'Note', cell: () => '—' },
];

const headers = (container: HTMLElement) => [...container.querySelectorAll<HTMLTableCellElement>('thead th')];
const header = (container: HTMLElement, name: string) => headers(container).find((th) => th.textContent === name)!;
const checkbox = (container: HTMLElement, label: string) =>
  container.querySelector<HTMLInputElement>(`input[type="checkbox"][aria-label="${label}"]`)!;
const click = (element: HTMLElement) => act(() => element.click());

/** The table with its selection kept in state, as a screen keeps it. */
function SelectableTable({ rows = people, onChange }: { rows?: Person[]; onChange?: (ids: Set<string>) => void }) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  return (
    <DataTable
      caption="People"
      columns={columns}
      rows={rows}
      getRowId={(person) => person.id}
      selectedIds={selected}
      onSelectionChange={(ids) => {
        setSelected(ids);
        onChange?.(ids);
      }}
      rowLabel={(person) => person.name}
    />
  );
}

describe('DataTable', () => {
  it('is named by its caption and shows a cell per column for each row', async () => {
    const container = await render(
      <DataTable caption="People" columns={columns} rows={people} getRowId={(person) => person.id} />,
    );
    expect(container.querySelector('caption')?.textContent).toBe('People');
    const cells = [...container.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      ['Ada', '36', '—'],
      ['Bruno', '52', '—'],
      ['Chiara', '29', '—'],
    ]);
    // Without a sort handler no header is a button.
    expect(container.querySelector('thead button')).toBeNull();
  });

  it('says the order on the sorted column only, and asks for a new order from its header button', async () => {
    const onSortChange = vi.fn<(sort: SortState) => void>();
    const container = await render(
      <DataTable
        caption="People"
        columns={columns}
        rows={people}
        getRowId={(person) => person.id}
        sort={{ column: 'name', direction: 'asc' }}
        onSortChange={onSortChange}
      />,
    );
    expect(header(container, 'Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header(container, 'Age').hasAttribute('aria-sort')).toBe(false);
    // A column that cannot be sorted has no button.
    expect(header(container, 'Note').querySelector('button')).toBeNull();

    await click(header(container, 'Name').querySelector('button')!);
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'name', direction: 'desc' });
    await click(header(container, 'Age').querySelector('button')!);
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'age', direction: 'asc' });
  });

  it('follows the order it is given, descending included', async () => {
    function Sorted() {
      const [sort, setSort] = useState<SortState>({ column: 'age', direction: 'desc' });
      return (
        <DataTable
          caption="People"
          columns={columns}
          rows={people}
          getRowId={(person) => person.id}
          sort={sort}
          onSortChange={setSort}
        />
      );
    }
    const container = await render(<Sorted />);
    expect(header(container, 'Age').getAttribute('aria-sort')).toBe('descending');
    await click(header(container, 'Age').querySelector('button')!);
    expect(header(container, 'Age').getAttribute('aria-sort')).toBe('ascending');
    await click(header(container, 'Name').querySelector('button')!);
    expect(header(container, 'Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header(container, 'Age').hasAttribute('aria-sort')).toBe(false);
  });

  it('names each row checkbox after its row', async () => {
    const container = await render(<SelectableTable />);
    expect(checkbox(container, 'Select all rows')).not.toBeNull();
    for (const person of people) expect(checkbox(container, `Select ${person.name}`)).not.toBeNull();
  });

  it('makes select-all mixed while some rows are checked, and checked when all are', async () => {
    const onChange = vi.fn();
    const container = await render(<SelectableTable onChange={onChange} />);
    const all = checkbox(container, 'Select all rows');
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(false);

    await click(checkbox(container, 'Select Ada'));
    expect(onChange).toHaveBeenLastCalledWith(new Set(['a']));
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);

    await click(checkbox(container, 'Select Bruno'));
    await click(checkbox(container, 'Select Chiara'));
    expect(all.checked).toBe(true);
    expect(all.indeterminate).toBe(false);

    await click(checkbox(container, 'Select Bruno'));
    expect(onChange).toHaveBeenLastCalledWith(new Set(['a', 'c']));
    expect(all.indeterminate).toBe(true);
  });

  it('select-all checks every row from mixed, and unchecks them all once all are checked', async () => {
    const onChange = vi.fn();
    const container = await render(<SelectableTable onChange={onChange} />);
    const all = checkbox(container, 'Select all rows');
    await click(checkbox(container, 'Select Bruno'));

    await click(all);
    expect(onChange).toHaveBeenLastCalledWith(new Set(['a', 'b', 'c']));
    expect(people.every((person) => checkbox(container, `Select ${person.name}`).checked)).toBe(true);
    expect(all.checked).toBe(true);
    expect(all.indeterminate).toBe(false);

    await click(all);
    expect(onChange).toHaveBeenLastCalledWith(new Set());
    expect(people.some((person) => checkbox(container, `Select ${person.name}`).checked)).toBe(false);
    expect(all.checked).toBe(false);
  });

  it('keeps checked rows of other pages when select-all works on the rows shown', async () => {
    const onSelectionChange = vi.fn();
    const container = await render(
      <DataTable
        caption="People"
        columns={columns}
        rows={people.slice(0, 2)}
        getRowId={(person) => person.id}
        selectedIds={new Set(['c', 'a', 'b'])}
        onSelectionChange={onSelectionChange}
        rowLabel={(person) => person.name}
      />,
    );
    await click(checkbox(container, 'Select all rows'));
    // 'c' is on another page: unchecking this page's rows leaves it checked.
    expect(onSelectionChange).toHaveBeenLastCalledWith(new Set(['c']));
  });

  it('checks every row from the last one clicked with Shift, and unchecks a range the same way', async () => {
    const onChange = vi.fn();
    const container = await render(<SelectableTable onChange={onChange} />);
    const shiftClick = (element: HTMLElement) =>
      act(() => {
        element.dispatchEvent(new MouseEvent('click', { bubbles: true, shiftKey: true }));
      });
    await click(checkbox(container, 'Select Ada'));
    await shiftClick(checkbox(container, 'Select Chiara'));
    expect(onChange).toHaveBeenLastCalledWith(new Set(['a', 'b', 'c']));
    // Back up the list: the range takes the state of the row clicked (unchecked).
    await shiftClick(checkbox(container, 'Select Bruno'));
    expect(onChange).toHaveBeenLastCalledWith(new Set(['a']));
  });

  it('leaves a row that cannot be selected out of ranges and of select-all', async () => {
    const onSelectionChange = vi.fn();
    const container = await render(
      <DataTable
        caption="People"
        columns={columns}
        rows={people}
        getRowId={(person) => person.id}
        selectedIds={new Set()}
        onSelectionChange={onSelectionChange}
        rowLabel={(person) => person.name}
        canSelect={(person) => person.id !== 'b'}
      />,
    );
    expect(checkbox(container, 'Select Bruno').disabled).toBe(true);
    await click(checkbox(container, 'Select all rows'));
    expect(onSelectionChange).toHaveBeenLastCalledWith(new Set(['a', 'c']));
  });

  it('shows the empty content in one row across every column when there are no rows', async () => {
    const container = await render(
      <DataTable
        caption="People"
        columns={columns}
        rows={[]}
        getRowId={(person) => person.id}
        selectedIds={new Set()}
        onSelectionChange={() => {}}
        rowLabel={(person) => person.name}
        empty={<p>No people yet</p>}
      />,
    );
    const rows = container.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(1);
    const cell = rows[0]!.querySelector('td')!;
    expect(cell.colSpan).toBe(columns.length + 1);
    expect(cell.textContent).toBe('No people yet');
    expect(checkbox(container, 'Select all rows').disabled).toBe(true);
  });

  it('falls back to its own words when no empty content is given', async () => {
    const container = await render(
      <DataTable caption="People" columns={columns} rows={[]} getRowId={(person) => person.id} />,
    );
    expect(container.querySelector('tbody td')?.textContent).toBe('Nothing to show.');
  });

  it('while loading, is busy and shows skeleton rows, not the rows nor the empty content', async () => {
    const container = await render(
      <DataTable
        caption="People"
        columns={columns}
        rows={people}
        getRowId={(person) => person.id}
        loading
        loadingRows={4}
        empty={<p>No people yet</p>}
      />,
    );
    expect(container.querySelector('table')?.getAttribute('aria-busy')).toBe('true');
    const rows = [...container.querySelectorAll('tbody tr')];
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(rows[0]!.querySelectorAll('td')).toHaveLength(columns.length);
    expect(container.textContent).not.toContain('Ada');
    expect(container.textContent).not.toContain('No people yet');
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Loading rows…');
  });

  it('is not busy once loaded', async () => {
    const container = await render(
      <DataTable caption="People" columns={columns} rows={people} getRowId={(person) => person.id} />,
    );
    expect(container.querySelector('table')?.hasAttribute('aria-busy')).toBe(false);
    expect(container.querySelector('[role="status"]')?.textContent).toBe('');
  });
});

describe('DataTable focusRow', () => {
  it('focuses a row already drawn at once, so no key pressed meanwhile goes to the page', async () => {
    const handle: { current: DataTableHandle | null } = { current: null };
    const container = await render(
      <DataTable
        caption="People"
        columns={columns}
        rows={people}
        getRowId={(person) => person.id}
        activeRowId="a"
        onActiveRowChange={() => {}}
        handleRef={handle}
      />,
    );
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    act(() => handle.current!.focusRow(1));
    expect(document.activeElement).toBe(container.querySelector('tbody tr[data-index="1"]'));
    expect(frame).not.toHaveBeenCalled();
    frame.mockRestore();
  });
});

describe('DataTable at each width', () => {
  it('shows a column from its `from` width and below its `until`, on its header and cells alike', async () => {
    const container = await render(
      <DataTable
        caption="People"
        columns={[
          { id: 'name', header: 'Name', cell: (person: Person) => person.name, fill: true },
          { id: 'age', header: 'Age', cell: (person: Person) => person.age, from: 'lg', wrapHeader: true },
          { id: 'summary', header: 'Summary', cell: () => '—', from: 'md', until: 'xl' },
        ]}
        rows={people}
        getRowId={(person) => person.id}
      />,
    );
    const classesOf = (index: number) =>
      [...container.querySelectorAll('tr')].map((row) => row.children[index]!.className.split(/\s+/));
    for (const classes of classesOf(1)) expect(classes).toEqual(expect.arrayContaining(['hidden', 'lg:table-cell']));
    for (const classes of classesOf(2)) {
      expect(classes).toEqual(expect.arrayContaining(['hidden', 'md:table-cell', 'xl:hidden']));
    }
    // The fill column takes the room left, and no more: its text is cut instead of widening the table.
    for (const classes of classesOf(0)) expect(classes).toEqual(expect.arrayContaining(['w-full', 'max-w-0']));
    expect(header(container, 'Age').className).toContain('whitespace-normal');
    expect(header(container, 'Name').className).toContain('whitespace-nowrap');
  });
});

describe('DataTable, a list that knows only that it has more', () => {
  it('says so as ARIA does (aria-rowcount -1), and numbers the rows it holds', async () => {
    const container = await render(
      <DataTable
        caption="People"
        columns={columns}
        rows={people}
        getRowId={(person) => person.id}
        totalRows="unknown"
      />,
    );
    const table = container.querySelector('table')!;
    expect(table.getAttribute('aria-rowcount')).toBe('-1');
    const indexes = [...container.querySelectorAll('tbody tr')].map((row) => row.getAttribute('aria-rowindex'));
    expect(indexes).toEqual(['2', '3', '4']);
  });
});
