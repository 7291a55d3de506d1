import type { StartUpState } from '../health/start-up-state';
import type { CommentJudge } from '../sentiment/judge';
import type { SentimentModels } from '../sentiment/retraining';
import type { PasswordHasher } from '../auth/passwords';
import type { SessionLifetimes } from '../auth/refresh-tokens';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Adapters } from '../integrations/adapters';
import type { TikTokClient } from '../integrations/providers/tiktok';
import type { RealtimeHub } from '../realtime/hub';
import type { Publisher } from '../realtime/publisher';
import type { JobQueue } from '../jobs/queue';
import type { Logger } from '../log';
import type { Mailer } from '../mail/mailer';
import type { BackgroundTasks } from './background';
import type { Lang } from './i18n';
import type { Clock, RateLimiter, RateLimits } from './rate-limiter';

/** What every route module is built from; createApp assembles it once. */
export type Services = {
  db: Database;
  /** How far the server's start has got: the health endpoint says it. */
  startUp: StartUpState;
  config: Config;
  mailer: Mailer;
  passwords: PasswordHasher;
  clock: Clock;
  rateLimiter: RateLimiter;
  rateLimits: RateLimits;
  /** How long a session (refresh family) lives: idle timeout and absolute lifetime. */
  sessions: SessionLifetimes;
  /** Work that runs after the answer (./background.ts). */
  background: BackgroundTasks;
  /** Jobs kept in the database, retried, run by any instance (server/jobs/queue.ts). */
  jobs: JobQueue;
  /** The connectable providers (server/integrations/adapters.ts): the real ones, or the sandbox. */
  adapters: Adapters;
  /** TikTok's Login Kit and Display API (the real one, or the sandbox); undefined without an app. */
  tiktok: TikTokClient | undefined;
  /** The embedded Pusher-protocol server, when this API is the real-time service (one instance). */
  realtime: RealtimeHub | undefined;
  /** Publishes real-time events (server/realtime/publisher.ts); the server passes one, tests when they listen. */
  publisher: Publisher | undefined;
  /** The server's logger; a request's own lines go through `c.get('log')`, which carries its id. */
  log: Logger;
  /** What a new comment's sentiment is born as: the classifier's proposal (server/sentiment/judge.ts). */
  judge: CommentJudge;
  /** The sentiment model in use: the carried one, or one trained here from the reviews (decision 049). */
  sentimentModels: SentimentModels;
};

export type AppEnv = {
  Variables: {
    lang: Lang;
    /** Outside production every answer is checked against its contract schema (./operation.ts). */
    checkAnswers: boolean;
    /** This request's id: in every line it logs and in the X-Request-Id answer header. */
    requestId: string;
    /** The server's logger bound to this request's id. */
    log: Logger;
  };
};
