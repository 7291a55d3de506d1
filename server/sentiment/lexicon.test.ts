import { describe, expect, it } from 'vitest';
import { lexiconScores } from './lexicon';
import { tokenize } from './text';

const scores = (text: string, language: 'en' | 'it') => lexiconScores(tokenize(text), language);

/** Each text, in its language, reads more as a complaint than as praise. */
function expectComplaints(cases: ReadonlyArray<readonly [string, 'en' | 'it']>) {
  for (const [text, language] of cases) {
    const each = scores(text, language);
    expect(each.negative, text).toBeGreaterThan(each.positive);
  }
}

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

  it("reads the English counterparts of a café's complaints, where VADER has nothing", () => {
    for (const text of ['Overpriced and bland', 'Food was cold', 'Soggy fries, lukewarm soup', 'Filthy toilets']) {
      const each = scores(text, 'en');
      expect(each.negative, text).toBeGreaterThan(0);
      expect(each.positive, text).toBe(0);
    }
    expect(scores('Cozy place, polite staff', 'en').positive).toBeGreaterThan(0);
    // A word Object.prototype has is no word of the lexicon.
    expect(scores('constructor toString', 'en').known).toBe(0);
  });

  it('reads "never again", "mai più", "I\'ve had better" and "better elsewhere" as complaints', () => {
    expectComplaints([
      ['Never again.', 'en'],
      ['Never going back there again', 'en'],
      ["I've had better", 'en'],
      ['We had much better pizza elsewhere', 'en'],
      ['Mai più', 'it'],
      ['Non ci torneremo mai più', 'it'],
      ['Ho mangiato di meglio', 'it'],
      ['Pizze migliori altrove', 'it'],
    ]);
  });

  it('reads "could be better" and "poteva andare meglio" as complaints', () => {
    expectComplaints([
      ['Could be better.', 'en'],
      ['The service could have been better', 'en'],
      ['It would be a lot better with less noise', 'en'],
      ['Poteva andare meglio.', 'it'],
      ['Il servizio potrebbe essere migliore', 'it'],
      ['Il locale avrebbe potuto essere molto più curato, poteva essere decisamente migliore', 'it'],
    ]);
  });

  it('reads being served after so long as a complaint, and quickly as none', () => {
    expectComplaints([
      ['La pizza è arrivata dopo quaranta minuti.', 'it'],
      ['Our food arrived after almost an hour', 'en'],
    ]);
    expect(scores('La pizza è arrivata in cinque minuti', 'it').negative).toBe(0);
    expect(scores('Food arrived within 10 minutes', 'en').negative).toBe(0);
  });

  it('reads a letdown as a complaint: overrated, expected more, used to be better, thanks for nothing, zero stars', () => {
    expectComplaints([
      ['Overrated.', 'en'],
      ['I expected more from such a famous place.', 'en'],
      ['It used to be better.', 'en'],
      ['Thanks for nothing.', 'en'],
      ['Would give zero stars.', 'en'],
      ['Sconsigliato.', 'it'],
      ['Mi aspettavo di più.', 'it'],
      ['Grazie di niente.', 'it'],
      ['Zero stelle se potessi.', 'it'],
    ]);
    // Praise of what it was: a complaint beside the praise.
    expect(scores('Una volta era il mio bar preferito.', 'it').negative).toBeGreaterThan(0);
    const each = scores("Can't recommend enough!", 'en');
    expect(each.positive).toBeGreaterThan(0);
    expect(each.negative).toBe(0);
  });

  it('reads a customer left waiting as a complaint: still waiting, nobody answered, it never came, it came late', () => {
    expectComplaints([
      ['Still waiting for my refund', 'en'],
      ["Support doesn't answer", 'en'],
      ['No one picked up', 'en'],
      ['My parcel has not arrived', 'en'],
      ['It arrived late', 'en'],
      ['Sto ancora aspettando il rimborso', 'it'],
      ['Nessuno ha risposto', 'it'],
      ['Nessuna risposta', 'it'],
      ['Non è mai arrivato', 'it'],
      ['Consegna in ritardo', 'it'],
    ]);
    // Without the negation, the same words say nothing.
    expect(scores('Everything arrived on time', 'en').negative).toBe(0);
    expect(scores('Mi hanno risposto subito', 'it').negative).toBe(0);
  });

  it('reads being made to wait, a wait without end, and what came broken or was cancelled as complaints', () => {
    expectComplaints([
      ['They made us wait an hour', 'en'],
      ['We were kept waiting', 'en'],
      ['Ci hanno fatto aspettare un’ora', 'it'],
      ['Attesa infinita', 'it'],
      ['Pacco arrivato rotto', 'it'],
      ['Pacco danneggiato', 'it'],
      ['Lezione annullata', 'it'],
    ]);
    // Stale pastries are no praise.
    expect(scores('Brioche vecchie', 'it').positive).toBe(0);
  });

  it('reads being charged twice, a wait counted in minutes or hours, a visit that never came and being turned away as complaints', () => {
    expectComplaints([
      ['They charged me twice', 'en'],
      ['Waited 45 minutes for a table', 'en'],
      ['Waited an hour and a half', 'en'],
      ['The engineer never showed up', 'en'],
      ["The driver didn't turn up", 'en'],
      ['They turned us away at the door', 'en'],
      ['Mi hanno addebitato il coperto due volte', 'it'],
      ['Abbiamo aspettato 40 minuti', 'it'],
      ["Abbiamo aspettato un'ora", 'it'],
      ['Il tecnico non si è presentato', 'it'],
      ['Ci hanno mandati via', 'it'],
    ]);
    // The same words without the complaint say nothing.
    for (const [text, language] of [
      ['Ready in 10 minutes', 'en'],
      ['Show up early for the best seats', 'en'],
      ['The engineer showed up on time', 'en'],
      ['Pronto in 10 minuti', 'it'],
      ['Si è presentato puntuale', 'it'],
    ] as const) {
      expect(scores(text, language).negative, text).toBe(0);
    }
  });

  it('reads "to die for" as praise, its "die" no complaint; "piatti" as dishes, not dull', () => {
    expect(scores('The cinnamon rolls are to die for', 'en')).toMatchObject({ negative: 0, negativeWords: 0 });
    expect(scores('The cinnamon rolls are to die for', 'en').positive).toBeGreaterThan(0);
    expect(scores('Piatti deliziosi', 'it')).toMatchObject({ negative: 0, negativeWords: 0 });
    // Elsewhere "die" is what it says.
    expect(scores('I could die', 'en').negative).toBeGreaterThan(0);
  });

  it('reads Italian praise in idioms, and "da morire" as only making the word before it stronger', () => {
    for (const text of ['Pizza da urlo', 'Un posto da sballo', 'Tiramisù da leccarsi i baffi', 'Buono da morire']) {
      expect(scores(text, 'it'), text).toMatchObject({ negative: 0 });
      expect(scores(text, 'it').positive, text).toBeGreaterThan(0);
    }
    expect(scores('Noioso da morire', 'it')).toMatchObject({ positive: 0 });
    expect(scores('Noioso da morire', 'it').negative).toBeGreaterThan(0);
  });

  it('leaves the same words praising where they praise', () => {
    expect(scores('Mai più senza!', 'it').negative).toBe(0);
    for (const [text, language] of [
      ["Non c'è niente di meglio", 'it'],
      ['You had better try the tiramisu', 'en'],
      ['Better than ever', 'en'],
      // Across a negation "could … better" praises, and the words between it are its own.
      ["Couldn't be better!", 'en'],
      ['Could not have been better', 'en'],
      ['Nothing could be better', 'en'],
      ['You should try it, better than anywhere in town', 'en'],
      ['Non poteva andare meglio!', 'it'],
      ['Non potrebbe essere migliore', 'it'],
    ] as const) {
      const each = scores(text, language);
      expect(each.positive, text).toBeGreaterThan(each.negative);
    }
  });
});
