import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTER, filterFromUrl, filterToParams, isFiltered } from './filter';

const url = (query: string) => new URL(`http://localhost/admin/sentiment-review${query}`);

describe('the review filter in the URL', () => {
  it('is in review only when the URL says nothing (docs/product.md#sentiment-review: the default filter)', () => {
    expect(filterFromUrl(url(''))).toEqual(DEFAULT_FILTER);
    expect(filterToParams(DEFAULT_FILTER).toString()).toBe('');
    expect(isFiltered(DEFAULT_FILTER)).toBe(false);
  });

  it('round-trips every filter', () => {
    const filter = {
      message: 'caffè buono',
      authorName: 'José',
      sentiment: 'MIXED' as const,
      inReview: false,
      isBookmarked: true,
      isHidden: false,
      repliedByYou: true,
    };
    expect(filterFromUrl(url(`?${filterToParams(filter)}`))).toEqual(filter);
    expect(filterFromUrl(url(`?${filterToParams({ ...filter, inReview: undefined })}`)).inReview).toBeUndefined();
  });

  it('reads a mangled link as no filter rather than failing', () => {
    const filter = filterFromUrl(url('?sentiment=HAPPY&isHidden=maybe&inReview=perhaps&message=' + 'x'.repeat(500)));
    expect(filter.sentiment).toBeUndefined();
    expect(filter.isHidden).toBeUndefined();
    expect(filter.inReview).toBe(true);
    expect(filter.message).toHaveLength(100);
  });

  it("reads each value as the API's query schema does: what the API would refuse is no filter", () => {
    // A control character is refused by the API (422): the link opens the list unfiltered instead.
    const refused = filterFromUrl(url('?message=caff%C3%A8%00&authorName=%20%20&isBookmarked=TRUE&inReview=false'));
    expect(refused).toEqual({ ...DEFAULT_FILTER, inReview: false });
    expect(filterFromUrl(url('?message=%20caff%C3%A8%20&inReview=any&repliedByYou=false'))).toEqual({
      ...DEFAULT_FILTER,
      message: 'caffè',
      inReview: undefined,
      repliedByYou: false,
    });
    // Two characters are too few for a filter by words (WORDS_MIN_LENGTH): no filter; three are one.
    expect(filterFromUrl(url('?message=%20ok%20&authorName=Al')).message).toBe('');
    expect(filterFromUrl(url('?message=%20ok%20&authorName=Al')).authorName).toBe('');
    expect(filterFromUrl(url('?authorName=Ali')).authorName).toBe('Ali');
  });
});
