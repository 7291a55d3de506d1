import { describe, expect, it } from 'vitest';
import { tokenize } from './text';

/** Each token as text, `!` before a negated one, and its kind when not a word. */
const read = (text: string) =>
  tokenize(text).map(
    (token) => `${token.negated ? '!' : ''}${token.text}${token.kind === 'word' ? '' : `/${token.kind}`}`,
  );

describe('tokenize', () => {
  it('keeps emoji (with skin tones, joined, flags), emoticons and runs of ! and ? as tokens', () => {
    expect(read('Buonissimo 😍😍 👍🏽 👨‍👩‍👧 🇮🇹 :) <3 !!! ??')).toEqual([
      'buonissimo',
      '😍/emoji',
      '😍/emoji',
      '👍🏽/emoji',
      '👨‍👩‍👧/emoji',
      '🇮🇹/emoji',
      ':)/emoticon',
      '<3/emoticon',
      '!!/mark',
      '??/mark',
    ]);
  });

  it('splits Italian elisions and English contractions, with either apostrophe', () => {
    expect(read("Dell'hotel c’è l'amore, un'altra volta")).toEqual([
      'dell',
      'hotel',
      'c',
      'è',
      'l',
      'amore',
      'un',
      'altra',
      'volta',
    ]);
    expect(read("I don't know, it isn’t fine, we can't")).toEqual([
      'i',
      'do',
      'not',
      '!know',
      'it',
      'is',
      'not',
      '!fine',
      'we',
      'can',
      'not',
    ]);
  });

  it('marks the words a negation turns, until the clause ends, in both languages', () => {
    expect(read('not bad at all')).toEqual(['not', '!bad', '!at', '!all']);
    expect(read('non è male')).toEqual(['non', '!è', '!male']);
    expect(read('Non mi piace, ma il caffè è buono')).toEqual([
      'non',
      '!mi',
      '!piace',
      'ma',
      'il',
      'caffè',
      'è',
      'buono',
    ]);
    expect(read('never again but the staff was nice')).toEqual([
      'never',
      '!again',
      'but',
      'the',
      'staff',
      'was',
      'nice',
    ]);
    // A negation reaches three words, no further.
    expect(read('not one two three four')).toEqual(['not', '!one', '!two', '!three', 'four']);
  });

  it('reads "never … so" and "mai … così" as how much, and a comparative under "never" or "could not" as a superlative', () => {
    expect(read('Mai mangiato così male')).toEqual(['mai', '!mangiato', 'così', 'male']);
    expect(read('Never had such a bad coffee')).toEqual(['never', '!had', 'such', 'a', 'bad', 'coffee']);
    expect(read('never been so disappointed')).toEqual(['never', '!been', 'so', 'disappointed']);
    expect(read('never tasted a better pizza')).toEqual(['never', '!tasted', '!a', 'better', 'pizza']);
    expect(read('mai stato meglio')).toEqual(['mai', '!stato', 'meglio']);
    expect(read("couldn't be happier")).toEqual(['could', 'not', '!be', 'happier']);
    // A plain "not" still turns them: "not so good", "non è così male", "not better".
    expect(read('not so good')).toEqual(['not', '!so', '!good']);
    expect(read('non è così male')).toEqual(['non', '!è', '!così', '!male']);
    expect(read('it is not better')).toEqual(['it', 'is', 'not', '!better']);
  });

  it('reads mentions, links, hashtags and numbers as kinds, and shortens letters repeated for emphasis', () => {
    expect(read('@marco sooooo goooood #BestDay http://x.y/z www.example.com 12,50')).toEqual([
      '@user/mention',
      'soo',
      'good',
      '#bestday/hashtag',
      'http/link',
      'http/link',
      '0/number',
    ]);
    expect(tokenize('TERRIBLE service').map((token) => token.shouted)).toEqual([true, false]);
  });

  it('reads nothing in an empty text, and never throws on any text', () => {
    expect(tokenize('')).toEqual([]);
    expect(() => tokenize('\u0000\uD800 ' + 'x'.repeat(10_000) + ' 🏳️‍🌈'.repeat(100))).not.toThrow();
  });
});
