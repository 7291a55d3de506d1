import { describe, expect, it } from 'vitest';
import { avatarColour, initials } from './avatar';

describe('initials', () => {
  it('takes the first letter of the first and the last name', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('Maria Guadalupe Fernández de la Torre')).toBe('MT');
  });

  it('with the first and last names apart, takes the first letter of each', () => {
    expect(initials('Maria De Luca', ['Maria', 'De Luca'])).toBe('MD');
    expect(initials('x', ['Massimiliano Bartolomeo', "Dell'Acqua-Montecatini Terme"])).toBe('MD');
    expect(initials('x', ['(Ada)', 'élan'])).toBe('AÉ');
    expect(initials('x', ['Kenji', ''])).toBe('K');
  });

  it('takes one letter from a single name, none from no name', () => {
    expect(initials('Kenji')).toBe('K');
    expect(initials('')).toBe('');
    expect(initials('   ')).toBe('');
  });

  it('upper-cases, and ignores extra spaces', () => {
    expect(initials('  ada   lovelace ')).toBe('AL');
  });

  it('reads letters of any script, with their accents', () => {
    expect(initials('Ελένη Παπαδοπούλου')).toBe('ΕΠ');
    expect(initials('Łukasz Ødegaard')).toBe('ŁØ');
    expect(initials('王小明')).toBe('王');
    expect(initials('محمد علي')).toBe('مع');
    // "É" written as E plus a combining accent stays one letter.
    expect(initials('E\u0301lodie Durand')).toBe('E\u0301D');
  });

  it('skips what is not a letter', () => {
    expect(initials('(Ada) Lovelace')).toBe('AL');
    expect(initials('Ada 🚀')).toBe('A');
    expect(initials('— —')).toBe('');
  });
});

describe('avatarColour', () => {
  it('gives a name the same colour every time, whatever its case or spacing', () => {
    expect(avatarColour('Ada Lovelace')).toBe(avatarColour('Ada Lovelace'));
    expect(avatarColour(' ada lovelace')).toBe(avatarColour('Ada Lovelace'));
  });

  it('spreads names over more than one colour', () => {
    const names = ['Ada Lovelace', 'Marco Rossi', 'Zoë Nguyễn', 'Kenji Tanaka', 'Giulia Bianchi', 'Amara Okafor'];
    expect(new Set(names.map(avatarColour)).size).toBeGreaterThan(2);
  });
});
