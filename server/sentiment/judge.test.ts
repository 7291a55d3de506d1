import { describe, expect, it } from 'vitest';
import { classifyWith } from './classifier';
import { createCommentJudge, judgedAhead, standsAlone, thresholdOf, type CommentJudge } from './judge';
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
  it('lets a class proposed at or above the threshold stand, and sends any other to the review', () => {
    expect(standsAlone({ sentiment: 'POSITIVE', confidence: 0.7 }, 0.7)).toBe(true);
    expect(standsAlone({ sentiment: 'NEGATIVE', confidence: 0.699 }, 0.7)).toBe(false);
    expect(standsAlone({ sentiment: 'UNCLASSIFIED', confidence: 0 }, 0)).toBe(false);
    expect(standsAlone({ sentiment: 'NEUTRAL', confidence: 0 }, 0)).toBe(true);
    // No threshold: the language's labels were never precise enough, a person decides.
    expect(standsAlone({ sentiment: 'POSITIVE', confidence: 1 }, null)).toBe(false);
    // MIXED, and praise that may be ironic, always go to a person, however sure.
    expect(standsAlone({ sentiment: 'MIXED', confidence: 0.95, doubt: 'mixed' }, 0.7)).toBe(false);
    expect(standsAlone({ sentiment: 'POSITIVE', confidence: 0.99, doubt: 'ironic' }, 0)).toBe(false);
  });

  it("is the judge's own rule, at the model's threshold for the comment's language", () => {
    const judge = createCommentJudge({});
    const model = loadBundledModel();
    const seen = new Set<boolean>();
    for (const message of [
      'We love this place! Great coffee',
      'Best cappuccino in town, the staff is lovely!',
      'Aperti domenica?',
      'http://example.com',
      'ok',
    ]) {
      const proposal = classifyWith(model, message);
      const stands = standsAlone(proposal, thresholdOf(model, proposal));
      expect(judge.judge(message).inReview, message).toBe(!stands);
      seen.add(stands);
    }
    expect(seen).toEqual(new Set([true, false]));
  });

  it('takes SENTIMENT_THRESHOLD, where set, for every language', () => {
    const model = loadBundledModel();
    const proposal = classifyWith(model, 'Il personale è gentilissimo, torneremo sicuramente! 😍');
    expect(thresholdOf(model, proposal, 0.5)).toBe(0.5);
    expect(thresholdOf(model, proposal)).toBe(model.thresholds.it.POSITIVE);
  });
});

describe('the sample of labels applied without a person', () => {
  const sure = 'Best cappuccino in town, the staff is lovely!';

  it('sends that share of them to the review too, with their label applied and the reason', () => {
    const applied = createCommentJudge({ sampleShare: 0.05, random: () => 0.9 }).judge(sure);
    expect(applied).toMatchObject({ sentiment: 'POSITIVE', inReview: false, reviewReason: null });
    const sampled = createCommentJudge({ sampleShare: 0.05, random: () => 0.01 }).judge(sure);
    expect(sampled).toMatchObject({
      sentiment: 'POSITIVE',
      proposedSentiment: 'POSITIVE',
      inReview: true,
      reviewReason: 'sampled',
    });
  });

  it('never takes a comment left to a person, nor a channel’s own reply', () => {
    const always = createCommentJudge({ sampleShare: 1, random: () => 0 });
    expect(always.judge('ok')).toMatchObject({
      sentiment: 'UNCLASSIFIED',
      reviewReason: expect.not.stringMatching(/sampled/),
    });
    expect(always.judge(sure, { fromChannel: true })).toMatchObject({ inReview: false, reviewReason: null });
  });

  it('says why a comment waits: praise with complaint, or praise that may be ironic', () => {
    const judge = createCommentJudge({ threshold: 0 });
    expect(judge.judge('Pizza buonissima, ma il servizio è lentissimo')).toMatchObject({
      sentiment: 'UNCLASSIFIED',
      proposedSentiment: 'MIXED',
      inReview: true,
      reviewReason: 'mixed',
    });
    // A terse verdict of praise and a mild complaint the model reads as praise alone: it went out
    // as Positive at 0.970. The proposal stays the model's.
    expect(judge.judge('Caffè ottimo, parcheggio impossibile.')).toMatchObject({
      sentiment: 'UNCLASSIFIED',
      proposedSentiment: 'POSITIVE',
      inReview: true,
      reviewReason: 'mixed',
    });
    // Praise on a condition not met is a request: it went out as Positive at 0.991.
    for (const text of [
      'Happy to recommend it if you fix the opening hours.',
      "It'd be great if someone answered the phone.",
      'Lo consiglierei volentieri se sistemaste gli orari.',
      'Sarebbe bello se qualcuno rispondesse al telefono.',
    ]) {
      expect(judge.judge(text), text).toMatchObject({ inReview: true, reviewReason: 'mixed' });
    }
    expect(judge.judge('Great place, go if you get the chance!').reviewReason).toBeNull();
    expect(judge.judge('Complimenti per la pazienza: 25 minuti… 👏')).toMatchObject({
      sentiment: 'UNCLASSIFIED',
      inReview: true,
      reviewReason: 'ironic',
    });
    expect(judge.judge('Yeah right, best service in town')).toMatchObject({ inReview: true, reviewReason: 'ironic' });
    // A wish that means the opposite went out as Positive at 0.99; a sincere one is not held back.
    expect(judge.judge('Good luck getting served before noon.')).toMatchObject({
      inReview: true,
      reviewReason: 'ironic',
    });
    expect(judge.judge('Buona fortuna a trovare parcheggio.')).toMatchObject({ reviewReason: 'ironic' });
    expect(judge.judge('Good luck with the new opening!').reviewReason).not.toBe('ironic');
    // Praise for whoever likes what nobody likes: it went out as Positive at 0.946.
    expect(judge.judge('Buono, se ti piace aspettare.')).toMatchObject({ inReview: true, reviewReason: 'ironic' });
    // An eye-roll over praise: to a person, as praise with complaint or as irony.
    expect(judge.judge('Oh great, another €6 cappuccino… lukewarm 🙄').reviewReason).toMatch(/^(mixed|ironic)$/);
  });
});
