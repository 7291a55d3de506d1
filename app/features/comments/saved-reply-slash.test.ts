import { describe, expect, it } from 'vitest';
import * as savedReplies from '~contract/saved-replies';
import type { SavedReply } from '~contract/saved-replies';
import { insertAt, savedRepliesMatching, slashQueryAt } from './saved-reply-slash';

const reply = (title: string): SavedReply => ({
  id: title,
  title,
  message: title,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('slashQueryAt', () => {
  it('finds a search at the start of the text or after a space, up to the caret', () => {
    expect(slashQueryAt('/', 1)).toEqual({ start: 0, query: '' });
    expect(slashQueryAt('/tha', 4)).toEqual({ start: 0, query: 'tha' });
    expect(slashQueryAt('Hello /tha', 10)).toEqual({ start: 6, query: 'tha' });
    expect(slashQueryAt('Hello\n/ope', 10)).toEqual({ start: 6, query: 'ope' });
    // Only the letters before the caret count.
    expect(slashQueryAt('/thanks and more', 3)).toEqual({ start: 0, query: 'th' });
  });

  it('is not a search inside a word, a path or after a space typed', () => {
    expect(slashQueryAt('and/or', 6)).toBeUndefined();
    expect(slashQueryAt('see https://example.com/menu', 28)).toBeUndefined();
    expect(slashQueryAt('/thanks ', 8)).toBeUndefined();
    expect(slashQueryAt('//', 2)).toBeUndefined();
    expect(slashQueryAt(`/${'a'.repeat(41)}`, 42)).toBeUndefined();
    expect(slashQueryAt('no slash', 8)).toBeUndefined();
  });
});

describe('savedRepliesMatching', () => {
  const replies = ['Apology', 'Caffè prices', 'Opening hours', 'Thanks', 'Thanks (Italian)', 'Spam warning'].map(reply);
  it('finds titles containing the query, case and accents aside, starting ones first', () => {
    expect(savedRepliesMatching(replies, 'THA').map((each) => each.title)).toEqual(['Thanks', 'Thanks (Italian)']);
    expect(savedRepliesMatching(replies, 'caffe').map((each) => each.title)).toEqual(['Caffè prices']);
    expect(savedRepliesMatching(replies, 'ing').map((each) => each.title)).toEqual(['Opening hours', 'Spam warning']);
    expect(savedRepliesMatching(replies, 'o').map((each) => each.title)).toEqual(['Opening hours', 'Apology']);
    expect(savedRepliesMatching(replies, 'zzz')).toEqual([]);
  });

  it('offers at most six', () => {
    expect(savedRepliesMatching([...replies, reply('Another')], '')).toHaveLength(6);
  });
});

describe('insertAt', () => {
  it('replaces the search with the reply and puts the caret after it', () => {
    expect(insertAt('Hi /tha!', 3, 7, 'Thanks')).toEqual({ value: 'Hi Thanks!', caret: 9 });
  });
});

describe('fillSavedReply', () => {
  it('fills the variables', () => {
    expect(
      savedReplies.fillSavedReply('Hi {firstName}, thanks from {pageName}!', { firstName: 'Giulia', pageName: 'Bar' }),
    ).toBe('Hi Giulia, thanks from Bar!');
  });

  it('leaves no gap for a value the comment lacks', () => {
    expect(savedReplies.fillSavedReply('Hi {firstName}, thanks!', { firstName: ' ', pageName: 'Bar' })).toBe(
      'Hi, thanks!',
    );
    expect(savedReplies.fillSavedReply('{firstName}, welcome!', {})).toBe('welcome!');
    expect(savedReplies.fillSavedReply('Thanks {firstName}!', {})).toBe('Thanks!');
    // The comma before it goes with it, not left before the punctuation after it.
    expect(savedReplies.fillSavedReply('Thank you, {firstName}! We are glad', {})).toBe('Thank you! We are glad');
    expect(savedReplies.fillSavedReply('We are sorry, {firstName}: that is', {})).toBe('We are sorry: that is');
    expect(savedReplies.fillSavedReply('Thank you, {firstName}, for coming', {})).toBe('Thank you for coming');
    expect(savedReplies.fillSavedReply('Thank you, {firstName}!', { firstName: 'Ada' })).toBe('Thank you, Ada!');
    expect(
      savedReplies.fillSavedReply('Hi { firstName }, from {pageName }', { firstName: 'Ada', pageName: 'Bar' }),
    ).toBe('Hi Ada, from Bar');
  });

  it('keeps braces that name no variable, and never reads a value as a pattern', () => {
    expect(savedReplies.fillSavedReply('Use {code} at {pageName}', { pageName: '$& $1' })).toBe('Use {code} at $& $1');
  });

  it('knows which texts name only its variables', () => {
    expect(savedReplies.namesKnownVariables('Hi {firstName} from {pageName}')).toBe(true);
    expect(savedReplies.namesKnownVariables('A smiley {: and a brace }')).toBe(true);
    expect(savedReplies.namesKnownVariables('Hi {firstname}')).toBe(false);
    expect(savedReplies.namesKnownVariables('Hi {}')).toBe(false);
    // A word spaced inside its braces is meant as a variable: known, or refused as a typo.
    expect(savedReplies.namesKnownVariables('Hi { firstName }')).toBe(true);
    expect(savedReplies.namesKnownVariables('Hi { firstname }')).toBe(false);
    expect(savedReplies.namesKnownVariables('Hi { }')).toBe(false);
    // A variable's near misses would go out as typed, or as "{Giulia}".
    expect(savedReplies.namesKnownVariables('Hi {first name}')).toBe(false);
    expect(savedReplies.namesKnownVariables('Hi {firstName')).toBe(false);
    expect(savedReplies.namesKnownVariables('Hi firstName}')).toBe(false);
    expect(savedReplies.namesKnownVariables('Hi {{firstName}}')).toBe(false);
    expect(savedReplies.namesKnownVariables('Hi {{ pageName }')).toBe(false);
    expect(savedReplies.namesKnownVariables('Hi {firstName}} and {pageName}')).toBe(false);
    expect(savedReplies.namesKnownVariables('Hi firstName, {pageName} here')).toBe(true);
  });
});
