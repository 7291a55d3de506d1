import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { impersonationRoutes } from './auth/impersonation-routes';
import { authRoutes } from './auth/routes';
import { createPasswordHasher, type PasswordHasher } from './auth/passwords';
import type { SessionLifetimes } from './auth/refresh-tokens';
import { isOwnHostName, SANDBOX_PATH, type Config } from './config';
import { createAdapters } from './integrations/adapters';
import { createCommentJudge, type CommentJudge } from './sentiment/judge';
import { tiktokClient } from './integrations/providers/tiktok';
import type { FetchLike } from './integrations/providers/provider-error';
import { accountRoutes } from './integrations/routes';
import { tiktokUserRoutes } from './tiktok/routes';
import { sandboxProviderRoutes } from './integrations/sandbox/routes';
import { RealtimeHub } from './realtime/hub';
import type { Publisher } from './realtime/publisher';
import { realtimeRoutes } from './realtime/routes';
import { couponRoutes } from './coupons/routes';
import type { Database } from './db/client';
import { devRoutes } from './dev/routes';
import { docsRoutes } from './docs/routes';
import { facebookDeletionRoutes } from './facebook-deletion/routes';
import { healthRoutes } from './health/routes';
import { ALREADY_STARTED, type StartUpState } from './health/start-up-state';
import * as healthContract from '../contract/health';
import { BackgroundTasks } from './http/background';
import type { AppEnv, Services } from './http/context';
import { handleError } from './http/error-handler';
import { securityHeaders } from './http/security-headers';
import { JobQueue } from './jobs/queue';
import { languageFrom, message } from './http/i18n';
import { DEFAULT_RATE_LIMITS, RateLimiter, type Clock, type RateLimits } from './http/rate-limiter';
import { createLogger, safeError, type Logger } from './log';
import { workUpkeep } from './db/upkeep';
import type { Mailer } from './mail/mailer';
import { mauticRoutes } from './mautic/routes';
import { commentRoutes } from './comments/routes';
import { SentimentModels } from './sentiment/retraining';
import { sentimentModelRoutes } from './sentiment/routes';
import { projectCommentRoutes } from './comments/project-routes';
import { inboxRoutes } from './inbox/routes';
import { savedReplyRoutes } from './saved-replies/routes';
import { inboxRuleRoutes } from './inbox/rule-routes';
import { notificationRoutes } from './alerts/routes';
import { reportRoutes } from './reports/routes';
import { mauticSandboxRoutes } from './mautic/sandbox';
import { projectRoutes } from './projects/routes';
import { userRoutes } from './users/routes';
import { webhookRoutes } from './webhooks/routes';

export type AppDeps = {
  db: Database;
  config: Config;
  mailer: Mailer;
  /** Milliseconds since the epoch; tests pass their own to move time without sleeping. */
  clock?: Clock;
  rateLimits?: RateLimits;
  /** Tests pass cheaper scrypt parameters; see server/auth/passwords.ts. */
  passwords?: PasswordHasher;
  /** Tests pass one that keeps its lines (server/log.ts `memoryLogger`). */
  log?: Logger;
  /** Session idle timeout and absolute lifetime; 7 and 30 days by default. */
  sessions?: SessionLifetimes;
  /** Tests pass their own, to wait for the work done after an answer. */
  background?: BackgroundTasks;
  /**
   * The server passes the queue it starts (polling for jobs) and stops; without one, jobs are
   * stored and wait for a queue that runs them (a test's `runPending`, another instance).
   */
  jobs?: JobQueue;
  /**
   * How the adapters reach the providers; the global fetch by default, except that the sandbox
   * providers, served by this same app outside a deployment, are called in-process.
   */
  providerFetch?: FetchLike;
  /** The embedded real-time server the node server attaches (server/main.ts); tests pass their own. */
  realtime?: RealtimeHub;
  /** What publishes real-time events; without one (most tests), nothing is published. */
  publisher?: Publisher;
  /** What judges new comments' sentiment; the carried model at the config's threshold by default. */
  judge?: CommentJudge;
  /** How far the server's start has got (server/main.ts); without one, everything is ready. */
  startUp?: StartUpState;
};

/** Path prefixes that belong to the API: never the SPA's index.html, always JSON 404s. */
export const API_PREFIXES = [
  '/v1.0',
  '/dev',
  '/docs',
  '/broadcasting',
  '/app',
  '/apps',
  '/sandbox',
  '/webhooks',
] as const;

export const isApiPath = (path: string) =>
  API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

export function createServices(deps: AppDeps): Services {
  const clock = deps.clock ?? Date.now;
  const log = deps.log ?? createLogger();
  const sentimentModels = new SentimentModels(deps.db);
  const background =
    deps.background ?? new BackgroundTasks((error) => log.error({ err: safeError(error) }, 'background task failed'));
  return {
    db: deps.db,
    config: deps.config,
    mailer: deps.mailer,
    passwords: deps.passwords ?? createPasswordHasher(),
    clock,
    rateLimiter: new RateLimiter(deps.db, clock, (task) => background.defer(task)),
    rateLimits: deps.rateLimits ?? DEFAULT_RATE_LIMITS,
    sessions: deps.sessions ?? {
      idleSeconds: deps.config.sessionIdleTtlSeconds,
      absoluteSeconds: deps.config.sessionAbsoluteTtlSeconds,
    },
    background,
    jobs:
      deps.jobs ??
      new JobQueue(deps.db, { onError: (error) => log.error({ err: safeError(error) }, 'job queue error') }),
    adapters: createAdapters(deps.config, deps.providerFetch ?? fetch),
    tiktok: deps.config.tiktok ? tiktokClient(deps.config.tiktok, deps.providerFetch ?? fetch) : undefined,
    realtime: deps.realtime ?? (deps.config.realtime.embedded ? new RealtimeHub(deps.config.realtime) : undefined),
    publisher: deps.publisher,
    startUp: deps.startUp ?? ALREADY_STARTED,
    log,
    sentimentModels,
    judge:
      deps.judge ??
      createCommentJudge({
        threshold: deps.config.sentimentThreshold,
        sampleShare: deps.config.sentimentSampleShare,
        model: () => sentimentModels.inUse(),
        refresh: () => sentimentModels.refresh(),
        clock,
      }),
  };
}

/** A caller's own request id is kept when it is a plain token (a proxy's), else one is made. */
const REQUEST_ID = /^[\w.-]{8,64}$/;

/**
 * What every request carries: its id (kept from a proxy when plain, else made; in every line it
 * logs and in X-Request-Id), its logger, its language, and whether answers are checked against
 * the contract. API answers are logged (one line each) and never cached.
 */
export const requestContext = (services: Services, options: { checkAnswers: boolean }) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const offered = c.req.header('x-request-id');
    const requestId = offered && REQUEST_ID.test(offered) ? offered : randomUUID();
    c.set('requestId', requestId);
    c.set('log', services.log.child({ requestId }));
    c.set('lang', languageFrom(c.req.header('accept-language')));
    c.set('checkAnswers', options.checkAnswers);
    await next();
    c.header('X-Request-Id', requestId);
    if (isApiPath(c.req.path)) {
      // The path only: a query string may carry a search term or a code.
      c.get('log').info(
        { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
        'request',
      );
      // Answers carry tokens and personal data: no cache, shared or private, may keep them.
      c.header('Cache-Control', 'no-store');
      c.header('Vary', 'Accept-Language', { append: true });
    }
  });

export function createApp(deps: AppDeps): Hono<AppEnv> {
  // The sandbox providers are this app's own routes: their calls are answered in-process (the
  // same requests and answers as over HTTP, without a socket, and reachable in tests too).
  const app = new Hono<AppEnv>();
  const sandboxPrefix = `http://localhost:${deps.config.port}${SANDBOX_PATH}/`;
  const providerFetch: FetchLike =
    deps.providerFetch ??
    ((url, init) =>
      deps.config.devEndpoints && url.startsWith(sandboxPrefix)
        ? Promise.resolve(app.request(url, init))
        : fetch(url, init));
  const services = createServices({ ...deps, providerFetch });
  // The embedded database's vacuum, analyze and checkpoint, which PostgreSQL's autovacuum and
  // checkpointer do for a server.
  workUpkeep(services.jobs, services.db, services.log);
  const checkAnswers = deps.config.nodeEnv !== 'production';

  app.use(securityHeaders({ https: deps.config.secureCookies }));

  // Local mode (demo accounts, /dev that makes admins) answers only to this machine's names: a
  // page elsewhere that points a name it controls at 127.0.0.1 (DNS rebinding) is refused.
  const ownHostNames = deps.config.ownHostNames;
  if (ownHostNames) {
    app.use(async (c, next) => {
      if (isOwnHostName(ownHostNames, new URL(c.req.url).hostname)) return next();
      return c.json({ message: message(languageFrom(c.req.header('accept-language')), 'unknownHost') }, 421);
    });
  }

  // The server listens before the database is open (docs/decisions/060): a request that needs it
  // waits for the start to have set it up, the health check and the app's files do not.
  app.use(async (c, next) => {
    const waits =
      services.startUp.parts.database !== 'ready' && isApiPath(c.req.path) && c.req.path !== healthContract.health.path;
    if (waits) await services.startUp.databaseReady;
    return next();
  });

  app.use(requestContext(services, { checkAnswers }));

  // Each resource registers its operations under their full contract paths.
  app.route('/', authRoutes(services));
  app.route('/', impersonationRoutes(services));
  app.route('/', couponRoutes(services));
  app.route('/', projectRoutes(services));
  app.route('/', userRoutes(services));
  app.route('/', facebookDeletionRoutes(services));
  app.route('/', healthRoutes(services));
  app.route('/', mauticRoutes(services));
  app.route('/', commentRoutes(services));
  app.route('/', sentimentModelRoutes(services));
  app.route('/', projectCommentRoutes(services));
  app.route('/', inboxRoutes(services));
  app.route('/', savedReplyRoutes(services));
  app.route('/', inboxRuleRoutes(services));
  app.route('/', notificationRoutes(services));
  app.route('/', reportRoutes(services));
  app.route('/', accountRoutes(services));
  app.route('/', tiktokUserRoutes(services));
  app.route('/', realtimeRoutes(services));
  app.route('/', webhookRoutes(services));
  if (deps.config.devEndpoints) {
    app.route('/', devRoutes(services));
    // A stand-in Mautic for the admin page's authorisation round trip (local mode's default).
    app.route('/', mauticSandboxRoutes(services));
    // The sandbox Facebook and LinkedIn that local mode connects accounts through (decision 025).
    app.route(
      '/',
      sandboxProviderRoutes(services, async (body, signature) => {
        // In-process, through the whole app (signature check included), as Meta's POST would go.
        const answer = await app.request('/webhooks/facebook', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
          body,
        });
        if (answer.status !== 200) services.log.warn({ status: answer.status }, 'sandbox webhook not taken');
        return answer.status;
      }),
    );
    // The generated reference, with the dev operations it describes: outside production only.
    app.route('/', docsRoutes());
  }

  app.notFound((c) => c.json({ message: message(c.get('lang'), 'notFound') }, 404));
  app.onError(handleError);

  return app;
}
