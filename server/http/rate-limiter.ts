export type Clock = () => number;

export type Limit = { max: number; windowMs: number };

type Window = { count: number; resetAt: number };

/**
 * Fixed-window counters kept in process memory. One process is the whole deployment the
 * reference API targets; behind several replicas each would count on its own (see
 * docs/decisions/010-reference-api.md).
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private nextSweepAt = 0;

  constructor(private readonly now: Clock = Date.now) {}

  /** Seconds until `key` may try again, or 0 when it is under `limit`. */
  retryAfter(key: string, limit: Limit): number {
    const window = this.current(key);
    if (!window || window.count < limit.max) return 0;
    return Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000));
  }

  hit(key: string, limit: Limit): void {
    this.sweep();
    const window = this.current(key);
    if (window) window.count += 1;
    else this.windows.set(key, { count: 1, resetAt: this.now() + limit.windowMs });
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  reset(): void {
    this.windows.clear();
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  /** Drops expired windows now and then, so addresses seen once do not pile up forever. */
  private sweep(): void {
    const now = this.now();
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + 60_000;
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
  }
}

const FIFTEEN_MINUTES = 15 * 60_000;

/** The contract's limits (docs/api.md); tests may pass their own. */
export type RateLimits = {
  signIn: { perEmailAndIp: Limit; perIp: Limit };
  forgot: { perEmailAndIp: Limit; perIp: Limit };
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signIn: {
    perEmailAndIp: { max: 5, windowMs: FIFTEEN_MINUTES },
    perIp: { max: 50, windowMs: FIFTEEN_MINUTES },
  },
  forgot: {
    perEmailAndIp: { max: 3, windowMs: FIFTEEN_MINUTES },
    perIp: { max: 20, windowMs: FIFTEEN_MINUTES },
  },
};
