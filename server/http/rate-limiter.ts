import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { tooManyAttempts } from './errors';

export type Clock = () => number;

/**
 * One counter's rule. The first `max` attempts go through at once; after that every further
 * attempt must wait, `backoffMs` after the max-th, then twice as long after each attempt let
 * through, up to `maxBackoffMs`. A counter is forgotten `windowMs` after its first attempt or,
 * once it has made anyone wait, `windowMs` after the end of its last wait.
 */
export type Limit = { max: number; windowMs: number; backoffMs: number; maxBackoffMs: number };

/** A counter and its rule (`rateLimitCheck`); `name` says which one in logs. */
export type Check = { name: string; key: string; limit: Limit };

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; refusedBy: Check };

/** Runs work after the answer (server/http/background.ts); without one it runs inline. */
type Defer = (task: () => Promise<void>) => void;

const SWEEP_EVERY_MS = 60_000;
const SWEEP_BATCH = 1000;

/**
 * Rate-limit counters kept in the database (table `rate_limits`), so every API instance on it
 * counts together and a restart forgets nothing. Each attempt is counted *before* the work it
 * guards, by one atomic `INSERT … ON CONFLICT … DO UPDATE … RETURNING` per counter: of any
 * number of concurrent attempts, exactly the allowed number get through. An attempt refused by
 * a counter is not counted by it, so hammering never lengthens a wait; what a success should
 * not cost is given back with `refund` (or `clear`).
 */
export class RateLimiter {
  private nextSweepAt = 0;
  private pendingReset: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly now: Clock = Date.now,
    private readonly defer?: Defer,
  ) {}

  /**
   * Counts one attempt against each counter, in order. On the first refusal the counters
   * already counted are given back and the refusal is returned with its wait.
   */
  async attempt(checks: Check[]): Promise<Verdict> {
    await this.pendingReset;
    this.sweepNowAndThen();
    const counted: Check[] = [];
    for (const check of checks) {
      const retryAfterSeconds = await this.count(check);
      if (retryAfterSeconds > 0) {
        await this.refund(counted);
        return { allowed: false, retryAfterSeconds, refusedBy: check };
      }
      counted.push(check);
    }
    return { allowed: true };
  }

  /**
   * `attempt`, for a handler: counts the attempt against every check before any work, and
   * throws the 429 (with its wait) when one refuses; `onRefused` hears which one first.
   */
  async enforce(checks: Check[], onRefused?: (refusedBy: Check, retryAfterSeconds: number) => void): Promise<void> {
    const verdict = await this.attempt(checks);
    if (verdict.allowed) return;
    onRefused?.(verdict.refusedBy, verdict.retryAfterSeconds);
    throw tooManyAttempts(verdict.retryAfterSeconds);
  }

  /** Takes back one counted attempt from each counter (it succeeded), lifting any wait it set. */
  async refund(checks: Check[]): Promise<void> {
    const now = at(this.now());
    for (const { key } of checks) {
      await this.db.execute(sql`
        update rate_limits set count = greatest(count - 1, 0), blocked_until = null
        where key = ${key} and expires_at > ${now}`);
    }
  }

  /** Forgets a counter (a successful sign-in forgets that account's failures from that address). */
  async clear(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${key}`);
  }

  /**
   * Forgets every counter (`POST /dev/rate-limits/reset`). Attempts made by this instance after
   * the call wait for it, even when the caller does not.
   */
  reset(): Promise<void> {
    const done = this.pendingReset.then(() => this.db.delete(rateLimits)).then(() => undefined);
    this.pendingReset = done.catch(() => undefined);
    return done;
  }

  /** 0 when the attempt was counted, else the whole seconds (at least 1) until one may be. */
  private async count({ key, limit }: Check): Promise<number> {
    const nowMs = this.now();
    const now = at(nowMs);
    const window = limit.windowMs;
    // The first attempt of a fresh counter; `max` is at least 1, so it waits only when max is 1.
    const firstWait = limit.max <= 1 ? limit.backoffMs : undefined;
    const inserted = {
      blockedUntil: firstWait === undefined ? sql`null::timestamptz` : at(nowMs + firstWait),
      expiresAt: at(nowMs + (firstWait ?? 0) + window),
    };
    // The existing row: `r`. A row past its expiry counts as no row at all.
    const live = sql`r.expires_at > ${now}`;
    const counted = sql`(case when ${live} then r.count else 0 end) + 1`;
    const wait = sql`least(${limit.backoffMs}::float8 * power(2, least(${counted} - ${limit.max}::int, 40)), ${limit.maxBackoffMs}::float8)`;
    const after = (ms: SQL) => sql`${now} + (${ms}) * interval '1 millisecond'`;
    const result = await this.db.execute(sql`
      insert into rate_limits as r (key, count, blocked_until, expires_at)
      values (${key}, 1, ${inserted.blockedUntil}, ${inserted.expiresAt})
      on conflict (key) do update set
        count = ${counted},
        blocked_until = case when ${counted} >= ${limit.max}::int then ${after(wait)} end,
        expires_at = case
          when ${counted} >= ${limit.max}::int then ${after(sql`${wait} + ${window}::float8`)}
          when ${live} then r.expires_at
          else ${after(sql`${window}::float8`)}
        end
      where not ${live} or r.blocked_until is null or r.blocked_until <= ${now}
      returning r.count`);
    if (rowsOf(result).length > 0) return 0;

    // Refused: the row was left as it was; read how long it still holds.
    const [row] = rowsOf<{ blocked_ms: number | null }>(
      await this.db.execute(sql`
        select extract(epoch from blocked_until)::float8 * 1000 as blocked_ms
        from rate_limits where key = ${key}`),
    );
    const left = row?.blocked_ms == null ? 0 : row.blocked_ms - nowMs;
    return Math.max(1, Math.ceil(left / 1000));
  }

  /**
   * Deletes expired counters about once a minute per instance, after the answer, in batches:
   * no cron, and a flood of one-off addresses cannot grow the table for long.
   */
  private sweepNowAndThen(): void {
    const nowMs = this.now();
    if (nowMs < this.nextSweepAt) return;
    this.nextSweepAt = nowMs + SWEEP_EVERY_MS;
    const sweep = async () => {
      // The expiry is checked again on the row being deleted, not only in the batch's pick: on
      // PostgreSQL a request may revive a picked counter before the delete reaches it, and a
      // revived counter must stay (the delete re-reads its new version and leaves it).
      await this.db.execute(sql`
        delete from rate_limits where expires_at <= ${at(nowMs)} and key in (
          select key from rate_limits where expires_at <= ${at(nowMs)} limit ${SWEEP_BATCH}::int)`);
    };
    if (this.defer) this.defer(sweep);
    else void sweep().catch(() => undefined);
  }
}

/** A point in time as SQL: the injected clock's, never the database's `now()`. */
const at = (ms: number): SQL => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * The address a limit counts: an IPv4 address as is (also when mapped into IPv6), an IPv6
 * address by its /64, the block one subscriber usually holds whole.
 */
export function addressSubject(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The counter of `scope` (sign_in, forgot…) by `kind` (account, ip, account_ip) for `subjects`
 * (accountSubject, addressSubject). Its key keeps the scope and kind readable and hashes the
 * subjects: the table never holds an email or an address.
 */
export function rateLimitCheck(scope: string, kind: string, limit: Limit, ...subjects: string[]): Check {
  const hash = createHash('sha256').update(subjects.join('\n')).digest('base64url').slice(0, 32);
  return { name: `${scope}_${kind}`, key: `${scope}:${kind}:${hash}`, limit };
}

/** The account a limit counts: the email, trimmed and lower-cased, whether or not it has an account. */
export const accountSubject = (email: string) => email.trim().toLowerCase();

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const WINDOW = 15 * MINUTE;

/** The contract's limits (docs/api.md, docs/decisions/015-rate-limits-and-sessions.md); tests may pass their own. */
export type RateLimits = {
  signIn: { perAccountAndIp: Limit; perAccount: Limit; perIp: Limit };
  signUp: { perIp: Limit };
  emailChange: { perAccount: Limit; perIp: Limit };
  forgot: { perAccount: Limit; perIp: Limit };
  reset: { perAccount: Limit; perIp: Limit };
  couponLookup: { perIp: Limit };
  facebookDeletion: { perIp: Limit };
  publicReport: { perIp: Limit };
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signIn: {
    // A person mistyping from their own device.
    perAccountAndIp: { max: 5, windowMs: WINDOW, backoffMs: MINUTE, maxBackoffMs: 15 * MINUTE },
    // Guessing one account's password from many addresses.
    perAccount: { max: 10, windowMs: WINDOW, backoffMs: MINUTE, maxBackoffMs: 15 * MINUTE },
    // Many accounts from one address; high enough for an office or a campus behind one NAT.
    perIp: { max: 100, windowMs: WINDOW, backoffMs: SECOND, maxBackoffMs: 5 * MINUTE },
  },
  signUp: {
    perIp: { max: 20, windowMs: WINDOW, backoffMs: MINUTE, maxBackoffMs: 15 * MINUTE },
  },
  emailChange: {
    // Like sign-up, every request that could answer "taken" counts, so neither tests addresses
    // for free; one account asks for a new address a few times, not dozens.
    perAccount: { max: 5, windowMs: WINDOW, backoffMs: MINUTE, maxBackoffMs: 15 * MINUTE },
    perIp: { max: 20, windowMs: WINDOW, backoffMs: MINUTE, maxBackoffMs: 15 * MINUTE },
  },
  forgot: {
    // Mails to one person, whoever asks.
    perAccount: { max: 3, windowMs: WINDOW, backoffMs: 15 * MINUTE, maxBackoffMs: 60 * MINUTE },
    perIp: { max: 20, windowMs: WINDOW, backoffMs: MINUTE, maxBackoffMs: 15 * MINUTE },
  },
  reset: {
    perAccount: { max: 5, windowMs: WINDOW, backoffMs: MINUTE, maxBackoffMs: 15 * MINUTE },
    perIp: { max: 20, windowMs: WINDOW, backoffMs: MINUTE, maxBackoffMs: 15 * MINUTE },
  },
  couponLookup: {
    perIp: { max: 30, windowMs: WINDOW, backoffMs: 10 * SECOND, maxBackoffMs: 15 * MINUTE },
  },
  facebookDeletion: {
    // Refused signed requests only: Meta's own calls, however many, are given back.
    perIp: { max: 30, windowMs: WINDOW, backoffMs: 10 * SECOND, maxBackoffMs: 15 * MINUTE },
  },
  publicReport: {
    // Opens of public reports: a client reading, refreshing, changing the period many times over;
    // not a script walking tokens.
    perIp: { max: 300, windowMs: WINDOW, backoffMs: 10 * SECOND, maxBackoffMs: 15 * MINUTE },
  },
};
