import { describe, expect, it } from 'vitest';
import { SandboxCommentBoard, sandboxDemoCommentId } from './comments';

describe('the sandbox comment board', () => {
  const board = () => new SandboxCommentBoard(() => Date.UTC(2026, 10, 25));

  it('takes a reply under its own comment, and under the thread’s top comment for a reply', () => {
    const comments = board();
    const [first] = comments.list('200');
    expect(comments.reply('200', 'Café', first!.id, 'Thanks')).toMatchObject({ parent: { id: first!.id } });
    expect(comments.reply('200', 'Café', `${first!.id}_r1`, 'Again')).toMatchObject({ parent: { id: first!.id } });
    expect(comments.list('200').filter((comment) => comment.fromChannel)).toHaveLength(2);
  });

  it("takes a reply to the demo's seeded comments on its channel, and refuses any other comment it never had", () => {
    const comments = board();
    expect(comments.reply('200', 'Café', sandboxDemoCommentId('200', 7), 'Grazie')).toMatchObject({
      parent: { id: '200_demo-comment-7' },
      fromChannel: true,
    });
    for (const made of ['200_c99', '200_demo-comment-', '200_demo-comment-7x', sandboxDemoCommentId('300', 7)]) {
      expect(comments.reply('200', 'Café', made, 'Hello'), made).toBeUndefined();
    }
  });
});
