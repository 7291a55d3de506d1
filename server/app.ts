import { Hono } from 'hono';
import { authRoutes } from './auth/routes';
import { createPasswordHasher, type PasswordHasher } from './auth/passwords';
import type { Config } from './config';
import { couponRoutes } from './coupons/routes';
import type { Database } from './db/client';
import { devRoutes } from './dev/routes';
import { docsRoutes } from './docs/routes';
import { healthRoutes } from './health/routes';
import type { AppEnv, Services } from './http/context';
import { handleError } from './http/error-handler';
import { languageFrom, message } from './http/i18n';
import { DEFAULT_RATE_LIMITS, RateLimiter, type Clock, type RateLimits } from './http/rate-limiter';
import type { Mailer } from './mail/mailer';
import { projectRoutes } from './projects/routes';

export type AppDeps = {
  db: Database;
  config: Config;
  mailer: Mailer;
  /** Milliseconds since the epoch; tests pass their own to move time without sleeping. */
  clock?: Clock;
  rateLimits?: RateLimits;
  /** Tests pass cheaper scrypt parameters; see server/auth/passwords.ts. */
  passwords?: PasswordHasher;
};

/** Path prefixes that belong to the API: never the SPA's index.html, always JSON 404s. */
export const API_PREFIXES = ['/v1.0', '/dev', '/docs', '/broadcasting', '/app'] as const;

export const isApiPath = (path: string) =>
  API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

export function createServices(deps: AppDeps): Services {
  const clock = deps.clock ?? Date.now;
  return {
    db: deps.db,
    config: deps.config,
    mailer: deps.mailer,
    passwords: deps.passwords ?? createPasswordHasher(),
    clock,
    rateLimiter: new RateLimiter(clock),
    rateLimits: deps.rateLimits ?? DEFAULT_RATE_LIMITS,
  };
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const services = createServices(deps);
  const checkAnswers = deps.config.nodeEnv !== 'production';

  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    c.set('lang', languageFrom(c.req.header('accept-language')));
    c.set('checkAnswers', checkAnswers);
    await next();
    if (isApiPath(c.req.path)) {
      // Answers carry tokens and personal data: no cache, shared or private, may keep them.
      c.header('Cache-Control', 'no-store');
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Vary', 'Accept-Language', { append: true });
    }
  });

  // Each resource registers its operations under their full contract paths.
  app.route('/', authRoutes(services));
  app.route('/', couponRoutes(services));
  app.route('/', projectRoutes(services));
  app.route('/', healthRoutes(services));
  if (deps.config.devEndpoints) {
    app.route('/', devRoutes(services));
    // The generated reference, with the dev operations it describes: outside production only.
    app.route('/', docsRoutes());
  }

  app.notFound((c) => c.json({ message: message(c.get('lang'), 'notFound') }, 404));
  app.onError(handleError);

  return app;
}
