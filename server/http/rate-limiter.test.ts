import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter';

const limit = { max: 3, windowMs: 60_000 };

function limiterAt(start = 1_000_000) {
  let now = start;
  return { limiter: new RateLimiter(() => now), advance: (ms: number) => (now += ms) };
}

describe('RateLimiter', () => {
  it('allows up to max hits in a window, then tells how long to wait', () => {
    const { limiter, advance } = limiterAt();
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter('k', limit)).toBe(0);
      limiter.hit('k', limit);
    }
    expect(limiter.retryAfter('k', limit)).toBe(60);
    advance(59_001);
    expect(limiter.retryAfter('k', limit)).toBe(1);
    advance(999);
    expect(limiter.retryAfter('k', limit)).toBe(0);
  });

  it('counts keys apart', () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 3; i++) limiter.hit('a', limit);
    expect(limiter.retryAfter('a', limit)).toBeGreaterThan(0);
    expect(limiter.retryAfter('b', limit)).toBe(0);
  });

  it('starts a new window after the old one ends', () => {
    const { limiter, advance } = limiterAt();
    for (let i = 0; i < 3; i++) limiter.hit('k', limit);
    advance(60_000);
    limiter.hit('k', limit);
    expect(limiter.retryAfter('k', limit)).toBe(0);
  });

  it('clears one key or everything', () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 3; i++) {
      limiter.hit('a', limit);
      limiter.hit('b', limit);
    }
    limiter.clear('a');
    expect(limiter.retryAfter('a', limit)).toBe(0);
    expect(limiter.retryAfter('b', limit)).toBeGreaterThan(0);
    limiter.reset();
    expect(limiter.retryAfter('b', limit)).toBe(0);
  });
});
