import { describe, expect, it } from 'vitest';
import * as comments from '~contract/comments';
import { queryFromUrl } from './url-query';

const read = (query: string, names = {}) =>
  queryFromUrl(comments.listComments.query.shape, new URLSearchParams(query), names);

describe("a URL's query read with the contract's schema", () => {
  it('parses each field as the API does', () => {
    expect(read('pageNumber=3&orderBy=publishedAt:1&isHidden=true&message=%20espresso%20')).toMatchObject({
      pageNumber: 3,
      orderBy: 'publishedAt:1',
      isHidden: true,
      message: 'espresso',
      sentiment: undefined,
    });
  });

  it("reads a refused value as an absent one: the schema's default, or nothing", () => {
    expect(read('pageNumber=0&orderBy=name&isHidden=1&after=yesterday')).toMatchObject({
      pageNumber: 1,
      orderBy: undefined,
      isHidden: undefined,
      after: undefined,
    });
  });

  it('finds a field under the name the page gives it', () => {
    expect(read('page=2', { pageNumber: 'page' }).pageNumber).toBe(2);
    expect(read('pageNumber=2', { pageNumber: 'page' }).pageNumber).toBe(1);
  });
});
