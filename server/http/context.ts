import type { PasswordHasher } from '../auth/passwords';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { Lang } from './i18n';
import type { Clock, RateLimiter, RateLimits } from './rate-limiter';

/** What every route module is built from; createApp assembles it once. */
export type Services = {
  db: Database;
  config: Config;
  mailer: Mailer;
  passwords: PasswordHasher;
  clock: Clock;
  rateLimiter: RateLimiter;
  rateLimits: RateLimits;
};

export type AppEnv = {
  Variables: {
    lang: Lang;
    /** Outside production every answer is checked against its contract schema (./operation.ts). */
    checkAnswers: boolean;
  };
};
