// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '~/test/render';
import type { InboxComment } from './inbox';
import { InboxActions } from './inbox-columns';
import { testComment } from './test-comment';

const inboxComment = (can: { canReply: boolean; canDelete: boolean }): InboxComment => {
  const comment = testComment({ authorName: 'Ada' });
  return {
    ...comment,
    channel: { ...comment.channel, ...can },
    replies: [],
    projects: [{ id: '20000000-0000-4000-8000-000000000000', name: 'Bar' }],
    doneAt: null,
    cursor: `1_${comment.publishedAt}_${comment.id}`,
  };
};

/** What each place of the actions holds, in order: a button's name, or an empty place. */
async function places(comment: InboxComment, labelled = false) {
  const container = await renderRoutes(
    [
      {
        path: '/',
        element: (
          <InboxActions
            comment={comment}
            onReply={() => {}}
            onDone={() => {}}
            onDelete={() => {}}
            labelled={labelled}
          />
        ),
      },
    ],
    '/',
  );
  return [...container.firstElementChild!.children].map((each) =>
    each.tagName === 'BUTTON'
      ? each.getAttribute('aria-label')
      : `empty, aria-hidden ${each.getAttribute('aria-hidden')}`,
  );
}

describe("an inbox row's buttons", () => {
  it('keep their places where the channel can neither reply nor delete: the places are there, empty and hidden', async () => {
    expect(await places(inboxComment({ canReply: true, canDelete: true }))).toEqual([
      'Mark the comment of Ada done',
      'Reply to Ada',
      'Bookmark the comment of Ada',
      'Hide the comment of Ada',
      'Delete the comment of Ada on its network',
    ]);
    expect(await places(inboxComment({ canReply: false, canDelete: false }))).toEqual([
      'Mark the comment of Ada done',
      'empty, aria-hidden true',
      'Bookmark the comment of Ada',
      'Hide the comment of Ada',
      'empty, aria-hidden true',
    ]);
  });

  it('in words (the phone’s detail), list only what the channel can do', async () => {
    expect(await places(inboxComment({ canReply: false, canDelete: false }), true)).toEqual([
      'Mark the comment of Ada done',
      'Bookmark the comment of Ada',
      'Hide the comment of Ada',
    ]);
  });
});
