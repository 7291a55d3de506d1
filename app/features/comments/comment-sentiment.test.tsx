// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Comment } from '~contract/comments';
import { renderRoutes } from '~/test/render';
import { CommentSentiment } from './project-comment-columns';
import { testComment } from './test-comment';

/** What the owner reads for `over`: the badge's word, then the guess if any. */
async function said(over: Partial<Comment>) {
  const container = await renderRoutes([{ path: '/', element: <CommentSentiment comment={testComment(over)} /> }], '/');
  return [...container.firstElementChild!.children].map((each) => each.textContent);
}

describe('CommentSentiment', () => {
  it('says what the classifier proposes for an unclassified comment waiting for a reviewer, as a guess', async () => {
    expect(
      await said({ sentiment: { sentiment: 'UNCLASSIFIED', inReview: true }, proposedSentiment: 'NEGATIVE' }),
    ).toEqual(['Unclassified', 'Probably negative']);
  });

  it('says no guess where there is none to say', async () => {
    // Nothing the classifier could read.
    expect(
      await said({
        sentiment: { sentiment: 'UNCLASSIFIED', inReview: true },
        proposedSentiment: null,
        reviewReason: 'unreadable',
      }),
    ).toEqual(['Unclassified']);
    expect(
      await said({ sentiment: { sentiment: 'UNCLASSIFIED', inReview: true }, proposedSentiment: 'UNCLASSIFIED' }),
    ).toEqual(['Unclassified']);
    // A reviewer decided it stays unclassified: the proposal they rejected is not the comment's.
    expect(
      await said({ sentiment: { sentiment: 'UNCLASSIFIED', inReview: false }, proposedSentiment: 'POSITIVE' }),
    ).toEqual(['Unclassified']);
    // A label applied without a person, drawn into the review to measure it: the label is what shows.
    expect(await said({ sentiment: { sentiment: 'NEGATIVE', inReview: true }, proposedSentiment: 'NEGATIVE' })).toEqual(
      ['Negative'],
    );
  });
});
