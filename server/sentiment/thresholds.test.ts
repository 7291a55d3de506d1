import { describe, expect, it } from 'vitest';
import { chooseThreshold, chooseThresholds, thresholdFor } from './thresholds';

const readings = (pairs: Array<[number, boolean]>) => pairs.map(([confidence, right]) => ({ confidence, right }));

describe('chooseThreshold', () => {
  it('is the lowest confidence above which the readings are precise enough, with enough of them', () => {
    // Ten right above 0.9, then a wrong one at 0.85, then right ones down to 0.5.
    const rows = readings([
      ...Array.from({ length: 10 }, (_, n): [number, boolean] => [0.99 - n * 0.005, true]),
      [0.85, false],
      [0.8, true],
      [0.7, true],
      [0.6, false],
      [0.5, false],
    ]);
    // 12 of 13 down to 0.7 (92 %); with 0.6, 12 of 14 (86 %).
    expect(chooseThreshold(rows, { precision: 0.9, support: 5 })).toBe(0.7);
    // Asked for every one right: only above the first wrong one.
    expect(chooseThreshold(rows, { precision: 1, support: 5 })).toBe(0.945);
    // Too few readings to trust any precision: none.
    expect(chooseThreshold(rows, { precision: 0.9, support: 100 })).toBeNull();
  });

  it('never cuts between two readings of the same thousandth: the threshold takes exactly its readings', () => {
    const rows = readings([
      [0.9049, true],
      [0.9041, false],
      [0.8, true],
    ]);
    // 0.904 would take both: 1 of 2.
    expect(chooseThreshold(rows, { precision: 1, support: 1 })).toBeNull();
  });

  it('never cuts between two readings of the same confidence', () => {
    const rows = readings([
      [0.9, true],
      [0.9, false],
      [0.8, true],
    ]);
    // Above 0.9 alone would be 1 of 1, but the two at 0.9 go together: 1 of 2.
    expect(chooseThreshold(rows, { precision: 1, support: 1 })).toBeNull();
    expect(chooseThreshold(rows, { precision: 0.6, support: 1 })).toBe(0.8);
  });

  it('is none where no share of readings is precise enough', () => {
    expect(chooseThreshold(readings([[0.99, false]]), { support: 1 })).toBeNull();
    expect(chooseThreshold([], { support: 0 })).toBeNull();
  });
});

describe('chooseThresholds', () => {
  it("takes each language's and label's own readings, and only the proposals that could stand alone", () => {
    const labelled = [
      ...Array.from({ length: 30 }, (_, n) => ({
        language: 'en' as const,
        proposal: { sentiment: 'POSITIVE' as const, confidence: 0.9 + n / 1000 },
        right: true,
      })),
      // English negatives as sure, but wrong one time in two: never without a person.
      ...Array.from({ length: 30 }, (_, n) => ({
        language: 'en' as const,
        proposal: { sentiment: 'NEGATIVE' as const, confidence: 0.95 + n / 1000 },
        right: n % 2 === 0,
      })),
      // Sure but MIXED, or doubted: never applied without a person, so never counted.
      ...Array.from({ length: 30 }, () => ({
        language: 'it' as const,
        proposal: { sentiment: 'MIXED' as const, confidence: 0.99, doubt: 'mixed' as const },
        right: false,
      })),
    ];
    const none = { NEGATIVE: null, NEUTRAL: null, POSITIVE: null };
    expect(chooseThresholds(labelled)).toEqual({ en: { ...none, POSITIVE: 0.9 }, it: none });
  });
});

describe('thresholdFor', () => {
  const thresholds = {
    en: { NEGATIVE: 0.8, NEUTRAL: null, POSITIVE: 0.95 },
    it: { NEGATIVE: 0.9, NEUTRAL: 0.85, POSITIVE: 0.9 },
  };
  it("is the language's and label's, or the stricter of the two languages' where the words do not tell", () => {
    expect(thresholdFor(thresholds, 'en', 'NEGATIVE')).toBe(0.8);
    expect(thresholdFor(thresholds, 'en', 'POSITIVE')).toBe(0.95);
    expect(thresholdFor(thresholds, 'it', 'NEUTRAL')).toBe(0.85);
    expect(thresholdFor(thresholds, undefined, 'NEGATIVE')).toBe(0.9);
    expect(thresholdFor(thresholds, undefined, 'NEUTRAL')).toBeNull();
    expect(thresholdFor(thresholds, 'en', 'NEUTRAL')).toBeNull();
  });

  it('is none for what is never applied without a person', () => {
    expect(thresholdFor(thresholds, 'it', 'MIXED')).toBeNull();
    expect(thresholdFor(thresholds, 'it', 'UNCLASSIFIED')).toBeNull();
  });
});
