import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sharedSecretProblems, weakKeyProblem, weakSecretProblem } from './secret-strength';

describe('weakSecretProblem', () => {
  it.each([
    ['openssl rand -base64 48', randomBytes(48).toString('base64')],
    ['openssl rand -hex 32', randomBytes(32).toString('hex')],
    ["Meta's 32 hex characters", randomBytes(16).toString('hex')],
    ['base64url', randomBytes(40).toString('base64url')],
  ])('accepts a random value (%s)', (_, value) => {
    expect(weakSecretProblem(value)).toBeUndefined();
  });

  it.each([
    ['a'.repeat(32), 'one character repeated'],
    ['0'.repeat(64), 'one character repeated'],
    ['ab'.repeat(20), 'short pattern repeated'],
    ['abc123'.repeat(8), 'short pattern repeated'],
    ['0123456789abcdef'.repeat(3), 'short pattern repeated'],
    ['aabbaabbabababbbaaabbbabababaaabbbab', 'only 2 different characters'],
    ['01001011100101011101001110010100110', 'only 2 different characters'],
    ['change-me-change-me-please-now-ok!', 'placeholder ("changeme")'],
    ['my-super-SECRET-key-for-orbita-2024', 'placeholder ("secret")'],
    ['REPLACE_ME_WITH_A_LONG_RANDOM_VALUE', 'placeholder ("replaceme")'],
    ['your-key-here-at-least-32-characters', 'placeholder ("yourkey")'],
    ['orbita-sandbox-key-padded-to-32-chars', 'placeholder ("orbitasandbox")'],
    ['$(openssl rand -base64 48)-literally', 'placeholder ("opensslrand")'],
  ])('refuses %j', (value, problem) => {
    expect(weakSecretProblem(value)).toContain(problem);
  });
});

describe('weakKeyProblem', () => {
  it('accepts 32 random bytes', () => {
    expect(weakKeyProblem(new Uint8Array(randomBytes(32)))).toBeUndefined();
  });
  it.each([
    ['all zero', new Uint8Array(32), 'one byte repeated'],
    ['one byte repeated', new Uint8Array(32).fill(0x41), 'one byte repeated'],
    [
      'of four byte values',
      Uint8Array.from('31415926535897932384626433832795', (digit) => Number(digit) % 4),
      'only 4 different bytes',
    ],
    ['two bytes alternating', Uint8Array.from({ length: 32 }, (_, i) => (i % 2 ? 1 : 0)), 'short pattern repeated'],
    ['counting', Uint8Array.from({ length: 32 }, (_, i) => i % 4), 'short pattern repeated'],
  ])('refuses a key that is %s', (_, key, problem) => {
    expect(weakKeyProblem(key)).toContain(problem);
  });
});

describe('sharedSecretProblems', () => {
  it('names every setting that repeats an earlier one', () => {
    const shared = randomBytes(32).toString('hex');
    expect(
      sharedSecretProblems({
        JWT_SECRET: shared,
        FACEBOOK_APP_SECRET: shared,
        PUSHER_APP_SECRET: 'other',
        X: undefined,
      }),
    ).toEqual(['FACEBOOK_APP_SECRET: must differ from JWT_SECRET (each secret its own random value)']);
    expect(sharedSecretProblems({ A: 'one', B: 'two', C: undefined, D: undefined })).toEqual([]);
  });
});
