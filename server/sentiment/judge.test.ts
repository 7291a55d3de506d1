import { describe, expect, it } from 'vitest';
import { classifyWith } from './classifier';
import { createCommentJudge, judgedAhead, standsAlone, type CommentJudge } from './judge';
import { loadBundledModel } from './training';

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

describe('standsAlone', () => {
  it('lets a readable proposal at or above the threshold stand, and sends any other to the review', () => {
    expect(standsAlone({ sentiment: 'POSITIVE', confidence: 0.7 }, 0.7)).toBe(true);
    expect(standsAlone({ sentiment: 'MIXED', confidence: 0.95 }, 0.7)).toBe(true);
    expect(standsAlone({ sentiment: 'NEGATIVE', confidence: 0.699 }, 0.7)).toBe(false);
    expect(standsAlone({ sentiment: 'UNCLASSIFIED', confidence: 0 }, 0)).toBe(false);
    expect(standsAlone({ sentiment: 'NEUTRAL', confidence: 0 }, 0)).toBe(true);
  });

  it("is the judge's own rule", () => {
    const judge = createCommentJudge({ threshold: 0.7 });
    const model = loadBundledModel();
    const seen = new Set<boolean>();
    for (const message of ['We love this place! Great coffee', 'Aperti domenica?', 'http://example.com', 'ok']) {
      const stands = standsAlone(classifyWith(model, message), 0.7);
      expect(judge.judge(message).inReview, message).toBe(!stands);
      seen.add(stands);
    }
    expect(seen).toEqual(new Set([true, false]));
  });
});
