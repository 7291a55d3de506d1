import { describe, expect, it } from 'vitest';
import {
  isProjectFiltered,
  projectFilterFromUrl,
  projectFilterToParams,
  projectFilterToQuery,
  summaryPeriodOf,
} from './project-filter';

const CHANNEL = '0b0c0d0e-1111-4222-8333-444455556666';
const read = (query: string) => projectFilterFromUrl(new URL(`https://app.test/projects/p/comments${query}`));

describe("a project's comments filter in the URL", () => {
  it('reads what it knows and round-trips through the URL', () => {
    const { filter, period } = read(`?channel=${CHANNEL}&sentiment=NEGATIVE&isHidden=false&repliedByYou=true&days=90`);
    expect(filter).toEqual({
      channelId: CHANNEL,
      sentiment: 'NEGATIVE',
      isBookmarked: undefined,
      isHidden: false,
      repliedByYou: true,
    });
    expect(period).toBe('90');
    expect(projectFilterToParams(filter, period).toString()).toBe(
      `channel=${CHANNEL}&sentiment=NEGATIVE&isHidden=false&repliedByYou=true&days=90`,
    );
    expect(isProjectFiltered(filter)).toBe(true);
  });

  it('reads a mangled link as no filter rather than failing', () => {
    const { filter, period } = read('?channel=<script>&sentiment=HAPPY&isBookmarked=yes&days=5');
    expect(filter).toEqual({
      channelId: undefined,
      sentiment: undefined,
      isBookmarked: undefined,
      isHidden: undefined,
      repliedByYou: undefined,
    });
    expect(period).toBe('30');
    expect(projectFilterToParams(filter, period).toString()).toBe('');
    expect(isProjectFiltered(filter)).toBe(false);
  });

  it("takes a channel only as the API's schema does: a UUID, written in either case", () => {
    expect(read(`?channel=${CHANNEL.toUpperCase()}`).filter.channelId).toBe(CHANNEL);
    // UUID-shaped, but no UUID version: the API would refuse it (422), so the link opens unfiltered.
    expect(read('?channel=0b0c0d0e-1111-0222-8333-444455556666').filter.channelId).toBeUndefined();
    expect(summaryPeriodOf(new URLSearchParams('days=7'))).toBe('7');
    expect(summaryPeriodOf(new URLSearchParams('days=07'))).toBe('30');
    expect(summaryPeriodOf(new URLSearchParams())).toBe('30');
  });

  it("asks the API in the API's names, after a cursor", () => {
    const { filter } = read(`?channel=${CHANNEL}&isBookmarked=true`);
    expect(projectFilterToQuery(filter, 'cursor')).toEqual({
      after: 'cursor',
      channelId: CHANNEL,
      isBookmarked: 'true',
    });
    expect(projectFilterToQuery(read('').filter, null)).toEqual({});
  });
});
