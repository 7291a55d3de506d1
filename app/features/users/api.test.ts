import { describe, expect, it } from 'vitest';
import { userListFilterOf } from './api';

const filterOf = (query: string) => userListFilterOf(new URLSearchParams(query));

describe("the Support page's filter, from its URL", () => {
  it('reads the page and the search the API would take', () => {
    expect(filterOf('page=3&search=jos%C3%A9')).toEqual({ page: 3, search: 'josé' });
    expect(filterOf('search=%20ada%20')).toEqual({ page: 1, search: 'ada' });
    expect(filterOf('')).toEqual({ page: 1, search: '' });
  });

  it('reads a page number that is not one as the first page', () => {
    for (const page of ['0', '-2', '1.5', 'abc', '9999999999', '']) {
      expect(filterOf(`page=${page}`).page, page).toBe(1);
    }
  });

  it('reads a search the API would refuse as the nearest one it takes, never as no search', () => {
    // No search would list every user under the words searched, as if they were its result.
    expect(filterOf(`search=${'a'.repeat(101)}`).search).toBe('a'.repeat(100));
    expect(filterOf('search=a%00b').search).toBe('ab');
    expect(filterOf('search=%00').search).toBe('');
    expect(filterOf('search=%20%20').search).toBe('');
  });
});
