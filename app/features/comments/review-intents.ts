import { z } from 'zod/mini';
import { REVIEW_ACTIONS, type ReviewResult } from '~contract/comments';
import { SENTIMENTS } from '~contract/fields';
import { formText } from '~/lib/intents';
import type { CommentReview } from './api';
import { filterFromUrl, filterToParams, type ReviewFilter } from './filter';
import type { ReviewChoice } from './review';

/**
 * The sentiment review's changes as intents of its route's clientAction
 * (docs/decisions/035-one-way-to-change-data.md): the fields the page submits, and how the action
 * reads them back. The filter travels with each: a review applies to the list the admin saw.
 */
export const reviewIntents = { review: 'review', reviewMatching: 'reviewMatching', undo: 'undo' } as const;

/** What a review intent answers: the API's result, and the rows it was about (none: every comment matching). */
export interface ReviewAnswer {
  result: ReviewResult;
  ids: string[] | null;
}

const filterField = (filter: ReviewFilter) => filterToParams(filter).toString();

const choiceFields = (choice: ReviewChoice): Record<string, string> =>
  choice.action === 'set' ? { action: 'set', sentiment: choice.sentiment } : { action: choice.action };

/** A review of rows: the bulk update's entries, worked out by the page from the rows in hand. */
export const reviewFields = (filter: ReviewFilter, reviews: readonly CommentReview[]) => ({
  filter: filterField(filter),
  reviews: JSON.stringify(reviews),
});

/** A review of every comment matching, with the count the admin confirmed. */
export const reviewMatchingFields = (filter: ReviewFilter, choice: ReviewChoice, total: number) => ({
  filter: filterField(filter),
  total: String(total),
  ...choiceFields(choice),
});

/** The filter an intent names: the page's URL query, read as the loader reads it. */
export const filterOf = (form: FormData): ReviewFilter =>
  filterFromUrl(new URL(`?${String(form.get('filter') ?? '')}`, 'http://review.invalid/'));

// The shape only: the API checks the rest (how many, which ids) and its refusal is said as any other.
const ReviewsSchema = z.array(
  z.object({
    id: z.string(),
    sentiment: z.object({ sentiment: z.optional(z.enum(SENTIMENTS)), inReview: z.boolean() }),
  }),
);

/** The bulk update's entries an intent carries (a malformed one is a bug in the page). */
export function reviewsOf(form: FormData): CommentReview[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(formText(form, 'reviews'));
  } catch {
    parsed = undefined;
  }
  const reviews = z.safeParse(ReviewsSchema, parsed);
  if (!reviews.success) throw new Response('Malformed "reviews"', { status: 400 });
  return reviews.data;
}

/** The choice an intent carries. */
export function choiceOf(form: FormData): ReviewChoice {
  const action = formText(form, 'action');
  if (action === 'set') {
    const sentiment = z.safeParse(z.enum(SENTIMENTS), form.get('sentiment'));
    if (!sentiment.success) throw new Response('Malformed "sentiment"', { status: 400 });
    return { action, sentiment: sentiment.data };
  }
  if (!(REVIEW_ACTIONS as readonly string[]).includes(action)) {
    throw new Response(`Unknown action "${action}"`, { status: 400 });
  }
  return { action: action as 'accept' | 'reject' };
}

/** The count the admin confirmed. */
export function totalOf(form: FormData): number {
  const total = Number(formText(form, 'total'));
  if (!Number.isInteger(total) || total < 0) throw new Response('Malformed "total"', { status: 400 });
  return total;
}
