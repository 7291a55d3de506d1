import { LIMITS, SENTIMENTS, type Sentiment } from '~contract/fields';

/**
 * The review list's filters (spec §2 toolbar), as the page keeps them in its URL. A flag is
 * true, false or undefined (either). In review is the one with a default (spec §4): absent from
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

/** A flag as a URL or a filter's select holds it: 'true', 'false', or anything else for either. */
export const readFlag = (value: string | null) => (value === 'true' ? true : value === 'false' ? false : undefined);
const readText = (value: string | null) => (value ?? '').trim().slice(0, LIMITS.search);

/**
 * The filters a URL asks for. Whatever is not one of the values reads as no filter (a mangled
 * link still opens the list) rather than as an error page.
 */
export function filterFromUrl(url: URL): ReviewFilter {
  const params = url.searchParams;
  const sentiment = params.get('sentiment');
  const inReview = params.get('inReview');
  return {
    message: readText(params.get('message')),
    authorName: readText(params.get('authorName')),
    sentiment: SENTIMENTS.includes(sentiment as Sentiment) ? (sentiment as Sentiment) : undefined,
    inReview: inReview === 'any' ? undefined : inReview === 'false' ? false : true,
    isBookmarked: readFlag(params.get('isBookmarked')),
    isHidden: readFlag(params.get('isHidden')),
    repliedByYou: readFlag(params.get('repliedByYou')),
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
