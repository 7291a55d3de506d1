import type { Sentiment } from '~contract/fields';
import * as comments from '~contract/comments';
import type { SummaryPeriod } from '~contract/comments';
import { queryFromUrl } from '~/lib/url-query';
import { FLAG_FILTERS } from './filter';

/**
 * A project's comments filters (docs/product.md#comment-filters), as its page keeps them in the URL: one channel, a
 * sentiment, the three flags (true, false or undefined: either), and the summary's period.
 */
export interface ProjectCommentFilter {
  channelId: string | undefined;
  sentiment: Sentiment | undefined;
  isBookmarked: boolean | undefined;
  isHidden: boolean | undefined;
  repliedByYou: boolean | undefined;
}

export const DEFAULT_PERIOD: SummaryPeriod = '30';

/**
 * What a URL asks for, read with the API's schemas (`projectCommentFilterShape`, the summary's
 * `days`); anything that is not one of the values reads as no filter (a mangled link still opens).
 */
export const projectFilterFromUrl = (url: URL) => projectFilterFromQuery(url.searchParams);

/** The same, from the query alone (the one a change on its way goes to). */
export function projectFilterFromQuery(params: URLSearchParams): {
  filter: ProjectCommentFilter;
  period: SummaryPeriod;
} {
  const query = queryFromUrl(comments.projectCommentFilterShape, params, { channelId: 'channel' });
  return {
    filter: {
      channelId: query.channelId?.toLowerCase(),
      sentiment: query.sentiment,
      isBookmarked: query.isBookmarked,
      isHidden: query.isHidden,
      repliedByYou: query.repliedByYou,
    },
    period: summaryPeriodOf(params),
  };
}

/** The chart's period a URL's `days` asks for, or the default (a mangled link still opens). */
export const summaryPeriodOf = (params: URLSearchParams): SummaryPeriod =>
  queryFromUrl(comments.projectSentimentSummary.query.shape, params).days ?? DEFAULT_PERIOD;

/** The URL's query: only what differs from the default, so the plain page has a plain URL. */
export function projectFilterToParams(filter: ProjectCommentFilter, period: SummaryPeriod): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.channelId) params.set('channel', filter.channelId);
  if (filter.sentiment) params.set('sentiment', filter.sentiment);
  for (const name of FLAG_FILTERS) {
    const value = filter[name];
    if (value !== undefined) params.set(name, String(value));
  }
  if (period !== DEFAULT_PERIOD) params.set('days', period);
  return params;
}

/** The API's query for `filter` (its names), from the row after `after`. */
export function projectFilterToQuery(filter: ProjectCommentFilter, after: string | null) {
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : (String(value) as 'true' | 'false'));
  return {
    ...(after ? { after } : {}),
    ...(filter.channelId ? { channelId: filter.channelId } : {}),
    ...(filter.sentiment ? { sentiment: filter.sentiment } : {}),
    ...Object.fromEntries(
      FLAG_FILTERS.flatMap((name) => (filter[name] === undefined ? [] : [[name, flag(filter[name])]])),
    ),
  };
}

export const isProjectFiltered = (filter: ProjectCommentFilter) =>
  projectFilterToParams(filter, DEFAULT_PERIOD).size > 0;
