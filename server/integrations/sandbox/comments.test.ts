import { describe, expect, it } from 'vitest';
import { SandboxCommentBoard, sandboxDemoCommentId } from './comments';
import { facebookSandbox, SANDBOX_FACEBOOK_PEOPLE } from './facebook';

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

  it('makes ids that a restart does not make again, for what people say and for replies', () => {
    const [before, after] = [board(), board()];
    const said = [before.say('200', 'Tom', 'Hi')!, after.say('200', 'Tom', 'Hi')!];
    expect(said[0]!.id).not.toBe(said[1]!.id);
    expect(said[0]!.id).toMatch(/^200_s\d+$/);
    const [first] = before.list('200');
    expect(before.reply('200', 'Café', first!.id, 'Grazie')!.id).not.toBe(
      after.reply('200', 'Café', first!.id, 'Grazie')!.id,
    );
  });

  it('makes a page and its Instagram account heard apart: no comment on both, nobody saying the same at the same minute', () => {
    const pages = SANDBOX_FACEBOOK_PEOPLE.flatMap((person) => person.pages).filter((page) => page.instagram);
    const instagramIds = new Set(pages.map((page) => page.instagram!.id));
    const comments = new SandboxCommentBoard(() => Date.UTC(2026, 10, 25), instagramIds);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const onPage = comments.list(page.id);
      const onInstagram = comments.list(page.instagram!.id);
      expect(onInstagram.length).toBeGreaterThan(0);
      const messages = new Set(onPage.map((comment) => comment.message));
      expect(onInstagram.filter((comment) => messages.has(comment.message))).toEqual([]);
      const said = (comment: (typeof onPage)[number]) => `${comment.from.name} ${comment.created_time.slice(0, 16)}`;
      const moments = new Set(onPage.map(said));
      expect(onInstagram.filter((comment) => moments.has(said(comment)))).toEqual([]);
    }
  });
});

describe('the sandbox’s deliveries', () => {
  const sandbox = (answer: number, subscribed: boolean) =>
    facebookSandbox({
      appId: 'sandbox-app',
      appSecret: 'sandbox-secret',
      clock: () => Date.UTC(2026, 10, 25),
      deliver: async () => answer,
      isSubscribed: async () => subscribed,
    });
  const BOTTEGA = '200000000000003';

  it('says delivered only when the app answered 200, and what it answered otherwise', async () => {
    expect(
      (await sandbox(200, true).comments.add({ channelId: BOTTEGA, authorName: 'Tom', message: 'Hi' }))?.delivery,
    ).toEqual({ outcome: 'delivered', status: 200 });
    expect(
      (await sandbox(401, true).comments.add({ channelId: BOTTEGA, authorName: 'Tom', message: 'Hi' }))?.delivery,
    ).toEqual({ outcome: 'refused', status: 401 });
    expect(
      (await sandbox(200, false).comments.add({ channelId: BOTTEGA, authorName: 'Tom', message: 'Hi' }))?.delivery,
    ).toEqual({ outcome: 'notSubscribed', status: null });
  });
});
