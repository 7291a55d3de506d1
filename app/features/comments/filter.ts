import * as comments from '~contract/comments';
import { LIMITS, type Sentiment } from '~contract/fields';
import { queryFromUrl } from '~/lib/url-query';

/**
 * The review list's filters (docs/product.md#sentiment-review), as the page keeps them in its URL. A flag is
 * true, false or undefined (either). In review is the one with a default: absent from
 * the URL means in review only; `inReview=any` shows every comment.
 */
export interface ReviewFilter {
  message: string;
  authorName: string;
  sentiment: Sentiment | undefined;
  inReview: boolean | undefined;
  isBookmarked: boolean | undefined;
  isHidden: boolean | undefined;
  repliedByYou: boolean | undefined;
}

export const FLAG_FILTERS = ['isBookmarked', 'isHidden', 'repliedByYou'] as const;
export type FlagFilter = (typeof FLAG_FILTERS)[number];

export const DEFAULT_FILTER: ReviewFilter = {
  message: '',
  authorName: '',
  sentiment: undefined,
  inReview: true,
  isBookmarked: undefined,
  isHidden: undefined,
  repliedByYou: undefined,
};

/** A flag as a filter's select holds it: 'true', 'false', or anything else for either. */
export const readFlag = (value: string | null) => (value === 'true' ? true : value === 'false' ? false : undefined);

/** Searches the URL holds, cut to what the API takes: a long pasted text still searches by its start. */
const SEARCHES = ['message', 'authorName'] as const;

/**
 * The filters a URL asks for, read with the API's schemas (`commentFilterShape`). Whatever is not
 * one of the values reads as no filter (a mangled link still opens the list) rather than as an
 * error page; in review is `true` unless the URL says `false` or `any`.
 */
export const filterFromUrl = (url: URL): ReviewFilter => filterFromQuery(url.searchParams);

/** The same, from the query alone (the one a change on its way goes to). */
export function filterFromQuery(given: URLSearchParams): ReviewFilter {
  const params = new URLSearchParams(given);
  for (const name of SEARCHES) {
    const value = params.get(name);
    if (value !== null) params.set(name, value.trim().slice(0, LIMITS.search));
  }
  const query = queryFromUrl(comments.commentFilterShape, params);
  return {
    message: query.message ?? '',
    authorName: query.authorName ?? '',
    sentiment: query.sentiment,
    inReview: params.get('inReview') === 'any' ? undefined : (query.inReview ?? true),
    isBookmarked: query.isBookmarked,
    isHidden: query.isHidden,
    repliedByYou: query.repliedByYou,
  };
}

/** The URL's query for `filter`: only what differs from the default, so the plain list has a plain URL. */
export function filterToParams(filter: ReviewFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.message) params.set('message', filter.message);
  if (filter.authorName) params.set('authorName', filter.authorName);
  if (filter.sentiment) params.set('sentiment', filter.sentiment);
  if (filter.inReview !== true) params.set('inReview', filter.inReview === undefined ? 'any' : 'false');
  for (const name of FLAG_FILTERS) {
    const value = filter[name];
    if (value !== undefined) params.set(name, String(value));
  }
  return params;
}

/** Whether any filter narrows the list beyond the default. */
export const isFiltered = (filter: ReviewFilter) => filterToParams(filter).size > 0;
