import * as inbox from '~contract/inbox';
import type { InboxOrder, InboxState, Network } from '~contract/inbox';
import { LIMITS, type Sentiment } from '~contract/fields';
import { queryFromUrl } from '~/lib/url-query';
import { FLAG_FILTERS } from './filter';

/**
 * The inbox's filters and order (docs/product.md#inbox), as its page keeps them in the URL: the
 * open comments, negatives first, unless it says otherwise. A flag is true, false or undefined
 * (either); the words are searched from 3 characters.
 */
export interface InboxFilter {
  projectId: string | undefined;
  channelId: string | undefined;
  /** One comment alone: where a notification about it leads. */
  commentId: string | undefined;
  network: Network | undefined;
  sentiment: Sentiment | undefined;
  state: InboxState;
  isBookmarked: boolean | undefined;
  isHidden: boolean | undefined;
  repliedByYou: boolean | undefined;
  message: string;
  authorName: string;
  order: InboxOrder;
}

export const DEFAULT_INBOX_FILTER: InboxFilter = {
  projectId: undefined,
  channelId: undefined,
  commentId: undefined,
  network: undefined,
  sentiment: undefined,
  state: 'open',
  isBookmarked: undefined,
  isHidden: undefined,
  repliedByYou: undefined,
  message: '',
  authorName: '',
  order: 'negativeFirst',
};

const NAMES = inbox.INBOX_PAGE_NAMES;
/** The project's name in the address of alerts mailed before the inbox page named it `project`. */
const OLD_PROJECT_NAME = 'projectId';
const SEARCHES = ['message', 'authorName'] as const;

/**
 * What a URL asks for, read with the API's schemas (`inboxFilterShape`); anything that is not one
 * of the values reads as no filter (a mangled link still opens), and a search shorter than the
 * API takes is kept in the box but not asked for.
 */
export function inboxFilterFromQuery(params: URLSearchParams): InboxFilter {
  const { message, authorName, ...shape } = inbox.inboxFilterShape;
  const query = queryFromUrl(shape, params, NAMES);
  const projectId =
    query.projectId ?? queryFromUrl({ projectId: shape.projectId }, params, { projectId: OLD_PROJECT_NAME }).projectId;
  const order = queryFromUrl({ orderBy: inbox.listInbox.query.shape.orderBy }, params).orderBy;
  const searches = Object.fromEntries(
    SEARCHES.map((name) => [name, (params.get(name) ?? '').slice(0, LIMITS.search)]),
  ) as Record<(typeof SEARCHES)[number], string>;
  return {
    projectId: projectId?.toLowerCase(),
    channelId: query.channelId?.toLowerCase(),
    commentId: query.commentId?.toLowerCase(),
    network: query.network,
    sentiment: query.sentiment,
    state: query.state ?? 'open',
    isBookmarked: query.isBookmarked,
    isHidden: query.isHidden,
    repliedByYou: query.repliedByYou,
    ...searches,
    order: order ?? 'negativeFirst',
  };
}

export const inboxFilterFromUrl = (url: URL) => inboxFilterFromQuery(url.searchParams);

/**
 * `filter` with the toolbar's change `next`. The one comment a notification led to stays through a
 * change of state or order (to find it among the done); any other filter looks beyond it, so it
 * is let go rather than shown missing from a list it was never in.
 */
export function inboxFilterChanged(filter: InboxFilter, next: Partial<InboxFilter>): InboxFilter {
  const keepsComment = Object.keys(next).every((name) => name === 'state' || name === 'order');
  return { ...filter, ...(keepsComment ? {} : { commentId: undefined }), ...next };
}

/** The URL's query: only what differs from the default, so the plain inbox has a plain URL. */
export function inboxFilterToParams(filter: InboxFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.projectId) params.set(NAMES.projectId, filter.projectId);
  if (filter.channelId) params.set(NAMES.channelId, filter.channelId);
  if (filter.commentId) params.set(NAMES.commentId, filter.commentId);
  if (filter.network) params.set('network', filter.network);
  if (filter.sentiment) params.set('sentiment', filter.sentiment);
  if (filter.state !== 'open') params.set('state', filter.state);
  for (const name of FLAG_FILTERS) {
    const value = filter[name];
    if (value !== undefined) params.set(name, String(value));
  }
  for (const name of SEARCHES) if (filter[name]) params.set(name, filter[name]);
  if (filter.order !== 'negativeFirst') params.set('orderBy', filter.order);
  return params;
}

/** A search the API takes: trimmed, at least WORDS_MIN_LENGTH characters; otherwise none. */
const searched = (text: string) => {
  const trimmed = text.trim();
  return trimmed.length >= inbox.INBOX_WORDS_MIN_LENGTH ? trimmed : undefined;
};

/** The filters as the API's `filter` (what "done for all matching" sends), without the order and state. */
export function inboxFilterToApi(filter: InboxFilter) {
  const message = searched(filter.message);
  const authorName = searched(filter.authorName);
  return {
    ...(filter.projectId ? { projectId: filter.projectId } : {}),
    ...(filter.channelId ? { channelId: filter.channelId } : {}),
    ...(filter.commentId ? { commentId: filter.commentId } : {}),
    ...(filter.network ? { network: filter.network } : {}),
    ...(filter.sentiment ? { sentiment: filter.sentiment } : {}),
    ...Object.fromEntries(FLAG_FILTERS.flatMap((name) => (filter[name] === undefined ? [] : [[name, filter[name]]]))),
    ...(message ? { message } : {}),
    ...(authorName ? { authorName } : {}),
  } as { [K in FlagFilterName]?: boolean } & Partial<
    Pick<InboxFilter, 'projectId' | 'channelId' | 'commentId' | 'network' | 'sentiment'> & {
      message: string;
      authorName: string;
    }
  >;
}
type FlagFilterName = (typeof FLAG_FILTERS)[number];

/** The list's query for `filter` (the API's names, flags as `true`/`false`), from the row after `after`. */
export function inboxFilterToQuery(filter: InboxFilter, after: string | null) {
  const { isBookmarked, isHidden, repliedByYou, ...rest } = inboxFilterToApi(filter);
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'true' : 'false');
  return {
    ...(after ? { after } : {}),
    ...rest,
    isBookmarked: flag(isBookmarked),
    isHidden: flag(isHidden),
    repliedByYou: flag(repliedByYou),
    ...(filter.state !== 'open' ? { state: filter.state } : {}),
    ...(filter.order !== 'negativeFirst' ? { orderBy: filter.order } : {}),
  } as const;
}

/** Whether anything narrows the list (its empty state says "nothing matches" rather than "inbox zero"). */
export const isInboxFiltered = (filter: InboxFilter) => {
  const params = inboxFilterToParams({ ...filter, order: 'negativeFirst', state: 'open' });
  return params.size > 0;
};
