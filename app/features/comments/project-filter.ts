import { SENTIMENTS, type Sentiment } from '~contract/fields';
import { SUMMARY_PERIODS, type SummaryPeriod } from '~contract/comments';
import { FLAG_FILTERS, readFlag } from './filter';

/**
 * A project's comments filters (issue 13), as its page keeps them in the URL: one channel, a
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a URL asks for; anything that is not one of the values reads as no filter (a mangled link still opens). */
export function projectFilterFromUrl(url: URL): { filter: ProjectCommentFilter; period: SummaryPeriod } {
  const params = url.searchParams;
  const channel = params.get('channel');
  const sentiment = params.get('sentiment');
  return {
    filter: {
      channelId: channel && UUID.test(channel) ? channel.toLowerCase() : undefined,
      sentiment: SENTIMENTS.includes(sentiment as Sentiment) ? (sentiment as Sentiment) : undefined,
      isBookmarked: readFlag(params.get('isBookmarked')),
      isHidden: readFlag(params.get('isHidden')),
      repliedByYou: readFlag(params.get('repliedByYou')),
    },
    period: summaryPeriodOf(params.get('days')),
  };
}

/** The chart's period a URL's `days` asks for, or the default (a mangled link still opens). */
export const summaryPeriodOf = (days: string | null): SummaryPeriod =>
  SUMMARY_PERIODS.includes(days as SummaryPeriod) ? (days as SummaryPeriod) : DEFAULT_PERIOD;

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
