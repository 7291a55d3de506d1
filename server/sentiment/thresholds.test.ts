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
  it("takes each language's own readings, and only the proposals that could stand alone", () => {
    const labelled = [
      ...Array.from({ length: 30 }, (_, n) => ({
        language: 'en' as const,
        proposal: { sentiment: 'POSITIVE' as const, confidence: 0.9 + n / 1000 },
        right: true,
      })),
      // Sure but MIXED, or doubted: never applied without a person, so never counted.
      ...Array.from({ length: 30 }, () => ({
        language: 'it' as const,
        proposal: { sentiment: 'MIXED' as const, confidence: 0.99, doubt: 'mixed' as const },
        right: false,
      })),
    ];
    expect(chooseThresholds(labelled)).toEqual({ en: 0.9, it: null });
  });
});

describe('thresholdFor', () => {
  it("is the language's, or the stricter of the two where the words do not tell", () => {
    expect(thresholdFor({ en: 0.8, it: 0.9 }, 'en')).toBe(0.8);
    expect(thresholdFor({ en: 0.8, it: 0.9 }, undefined)).toBe(0.9);
    expect(thresholdFor({ en: 0.8, it: null }, undefined)).toBeNull();
  });
});
