// @vitest-environment happy-dom
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '~/test/render';
import { pageItems, Paginator } from './paginator';

describe('pageItems', () => {
  it('lists every page when there are seven or fewer', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 3)).toEqual([1, 2, 3]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('lists nothing when there is no page', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('near the start, shows the first five pages, a gap and the last', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 20]);
  });

  it('in the middle, shows the current page between its neighbours and a gap on each side', () => {
    expect(pageItems(5, 20)).toEqual([1, 'start-ellipsis', 4, 5, 6, 'end-ellipsis', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'start-ellipsis', 9, 10, 11, 'end-ellipsis', 20]);
  });

  it('near the end, shows the first, a gap and the last five pages', () => {
    expect(pageItems(17, 20)).toEqual([1, 'start-ellipsis', 16, 17, 18, 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, 'start-ellipsis', 16, 17, 18, 19, 20]);
  });

  it('never hides a single page behind an ellipsis', () => {
    // Page 2 would be the only one between 1 and 3: it is shown instead.
    expect(pageItems(4, 8)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 8]);
    expect(pageItems(5, 8)).toEqual([1, 'start-ellipsis', 4, 5, 6, 7, 8]);
  });

  it('keeps seven items on every page, so the buttons do not move while paging', () => {
    for (let page = 1; page <= 30; page++) {
      const items = pageItems(page, 30);
      expect(items).toHaveLength(7);
      expect(items).toContain(page);
      expect(items[0]).toBe(1);
      expect(items[6]).toBe(30);
    }
  });

  it('treats a page out of range as the nearest one', () => {
    expect(pageItems(0, 20)).toEqual(pageItems(1, 20));
    expect(pageItems(99, 20)).toEqual(pageItems(20, 20));
  });
});

describe('Paginator', () => {
  function Paged({
    total = 42,
    start = 1,
    onPageChange,
  }: {
    total?: number;
    start?: number;
    onPageChange?: (page: number) => void;
  }) {
    const [page, setPage] = useState(start);
    return (
      <Paginator
        page={page}
        pageSize={15}
        total={total}
        label="Users pages"
        onPageChange={(next) => {
          setPage(next);
          onPageChange?.(next);
        }}
      />
    );
  }
  const button = (container: HTMLElement, name: string) =>
    [...container.querySelectorAll('button')].find(
      (element) => (element.getAttribute('aria-label') ?? element.textContent) === name,
    )!;
  const range = (container: HTMLElement) => container.querySelector('p')?.textContent;

  it('says which rows are shown and marks the current page', async () => {
    const container = await render(<Paged />);
    expect(container.querySelector('nav')?.getAttribute('aria-label')).toBe('Users pages');
    expect(range(container)).toBe('1–15 of 42');
    expect(button(container, 'Page 1').getAttribute('aria-current')).toBe('page');
    expect(button(container, 'Page 2').hasAttribute('aria-current')).toBe(false);
    expect(button(container, 'Previous').getAttribute('aria-disabled')).toBe('true');
  });

  it('steps forward to the last page, whose range ends at the total, and no further', async () => {
    const onPageChange = vi.fn();
    const container = await render(<Paged onPageChange={onPageChange} />);
    await act(() => button(container, 'Next').click());
    expect(range(container)).toBe('16–30 of 42');
    await act(() => button(container, 'Next').click());
    expect(range(container)).toBe('31–42 of 42');
    expect(button(container, 'Page 3').getAttribute('aria-current')).toBe('page');
    expect(button(container, 'Next').getAttribute('aria-disabled')).toBe('true');
    await act(() => button(container, 'Next').click());
    expect(onPageChange.mock.calls).toEqual([[2], [3]]);
  });

  it('goes straight to a page by its number, and back', async () => {
    const container = await render(<Paged total={248} />);
    await act(() => button(container, 'Page 17').click());
    expect(range(container)).toBe('241–248 of 248');
    await act(() => button(container, 'Previous').click());
    expect(range(container)).toBe('226–240 of 248');
  });

  it('says there is nothing when the total is zero', async () => {
    const container = await render(<Paged total={0} />);
    expect(range(container)).toBe('No results');
    expect(button(container, 'Next').getAttribute('aria-disabled')).toBe('true');
  });
});
