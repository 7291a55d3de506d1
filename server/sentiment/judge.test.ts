import { describe, expect, it } from 'vitest';
import { createCommentJudge, judgedAhead, type CommentJudge } from './judge';

/** A judge that counts what it is asked, over the carried model. */
function countingJudge(): CommentJudge & { asked: string[] } {
  const real = createCommentJudge({ threshold: 0.7 });
  const asked: string[] = [];
  return {
    asked,
    ready: () => real.ready(),
    judge(message, options) {
      asked.push(message);
      return real.judge(message, options);
    },
  };
}

describe('judgedAhead', () => {
  it('judges each text once, ahead, and answers the same verdicts as the judge itself', async () => {
    const judge = countingJudge();
    const items = [
      { message: 'We love this place! Great coffee' },
      { message: 'We love this place! Great coffee' },
      { message: 'Terrible service, never again.' },
      { message: 'Terrible service, never again.', fromChannel: true },
    ];
    const ahead = await judgedAhead(judge, items);
    expect(judge.asked).toHaveLength(3);
    for (const item of items) {
      expect(ahead.judge(item.message, { fromChannel: item.fromChannel })).toEqual(
        createCommentJudge({ threshold: 0.7 }).judge(item.message, { fromChannel: item.fromChannel }),
      );
    }
    expect(judge.asked).toHaveLength(3);
    // A text it was not given is judged as the judge would.
    expect(ahead.judge('Che buono, torneremo!').proposedSentiment).toBe('POSITIVE');
    expect(judge.asked).toHaveLength(4);
  });

  it('lets the event loop run between slices: a request waiting meanwhile is answered before the end', async () => {
    const judge = countingJudge();
    const items = Array.from({ length: 100 }, (_, n) => ({ message: `Comment number ${n}, really good` }));
    let judgedWhenAnswered = -1;
    setImmediate(() => (judgedWhenAnswered = judge.asked.length));
    await judgedAhead(judge, items);
    expect(judge.asked).toHaveLength(100);
    expect(judgedWhenAnswered).toBeGreaterThan(0);
    expect(judgedWhenAnswered).toBeLessThan(100);
  });
});
