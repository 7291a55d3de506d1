import { describe, expect, it } from 'vitest';
import { lexiconScores } from './lexicon';
import { tokenize } from './text';

const scores = (text: string, language: 'en' | 'it') => lexiconScores(tokenize(text), language);

describe('lexiconScores', () => {
  it('reads emoji newer than the ranking: nausea and vomiting complain, star eyes praise', () => {
    expect(scores('🤢', 'it').emojiNegative).toBeGreaterThan(0);
    expect(scores('Worst service ever 🤮', 'en').emojiNegative).toBeGreaterThan(0);
    expect(scores('🤩🥰', 'it').emojiPositive).toBeGreaterThan(0);
  });

  it("reads a café's complaints that Pattern lacks or reads as praise", () => {
    for (const text of [
      'Locale sporco',
      'Camerieri maleducati',
      'Che schifo',
      'Conto salatissimo',
      'Servizio lentissimo',
    ]) {
      const each = scores(text, 'it');
      expect(each.negative, text).toBeGreaterThan(0);
      expect(each.positive, text).toBe(0);
    }
    expect(scores('Personale accogliente e cortese', 'it').positive).toBeGreaterThan(0);
    expect(scores('Pizza buonissima', 'it').positive).toBeGreaterThan(scores('Pizza buona', 'it').positive);
  });

  it('reads "mai … così male" and "never been so disappointed" as complaints', () => {
    const italian = scores('Mai mangiato così male in vita mia 🤢', 'it');
    expect(italian.negative).toBeGreaterThan(0);
    expect(italian.positive).toBe(0);
    expect(scores('Never been so disappointed', 'en').positive).toBe(0);
    expect(scores('Never tasted a better pizza', 'en').negative).toBe(0);
  });
});
