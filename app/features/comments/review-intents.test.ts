import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTER } from './filter';
import { choiceOf, filterOf, reviewFields, reviewMatchingFields, reviewsOf, totalOf } from './review-intents';

/** The fields as the fetcher posts them and the clientAction reads them. */
const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

const thrown = (work: () => unknown) => {
  try {
    work();
  } catch (caught) {
    return caught;
  }
  throw new Error('nothing was thrown');
};

describe('the review intents’ fields', () => {
  const filter = { ...DEFAULT_FILTER, message: 'caffè & più', inReview: undefined, isHidden: false };

  it('carry a review of rows and the filter it was made in, read back as they were sent', () => {
    const reviews = [
      { id: '00000000-0000-4000-8000-000000000001', sentiment: { sentiment: 'MIXED' as const, inReview: false } },
      { id: '00000000-0000-4000-8000-000000000002', sentiment: { inReview: false } },
    ];
    const form = formOf(reviewFields(filter, reviews));
    expect(reviewsOf(form)).toEqual(reviews);
    expect(filterOf(form)).toEqual(filter);
  });

  it('carry a review of every comment matching: the choice and the count confirmed', () => {
    const form = formOf(reviewMatchingFields(DEFAULT_FILTER, { action: 'set', sentiment: 'POSITIVE' }, 57));
    expect(choiceOf(form)).toEqual({ action: 'set', sentiment: 'POSITIVE' });
    expect(totalOf(form)).toBe(57);
    expect(filterOf(form)).toEqual(DEFAULT_FILTER);
    expect(choiceOf(formOf(reviewMatchingFields(DEFAULT_FILTER, { action: 'reject' }, 1)))).toEqual({
      action: 'reject',
    });
  });

  it('refuse a malformed form as a bug in the page (a 400 for the ErrorBoundary)', () => {
    for (const work of [
      () => reviewsOf(formOf({ reviews: 'not json' })),
      () => reviewsOf(formOf({ reviews: '[{"id":1}]' })),
      () => choiceOf(formOf({ action: 'delete' })),
      () => choiceOf(formOf({ action: 'set', sentiment: 'HAPPY' })),
      () => totalOf(formOf({ total: '-1' })),
    ]) {
      expect((thrown(work) as Response).status).toBe(400);
    }
  });
});
