import { Hono } from 'hono';
import { createPasswordHasher, type PasswordHasher } from './auth/passwords';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AppEnv, Services } from './http/context';
import { HttpError, ValidationError } from './http/errors';
import { languageFrom, message, ruleMessage, type Lang } from './http/i18n';
import { DEFAULT_RATE_LIMITS, RateLimiter, type Clock, type RateLimits } from './http/rate-limiter';
import type { Mailer } from './mail/mailer';
import { authRoutes } from './routes/auth';
import { couponRoutes } from './routes/coupons';
import { devRoutes } from './routes/dev';
import { healthRoutes } from './routes/health';
import { projectRoutes } from './routes/projects';

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
export const API_PREFIXES = ['/v1.0', '/dev', '/broadcasting', '/app'] as const;

export const isApiPath = (path: string) =>
  API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

function errorBody(error: HttpError | ValidationError, lang: Lang) {
  if (error instanceof HttpError) return { message: message(lang, error.messageKey, error.params) };
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    (errors[issue.field] ??= []).push(ruleMessage(lang, issue.field, issue.rule, issue.param));
  }
  return { message: message(lang, 'invalidData'), errors };
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const clock = deps.clock ?? Date.now;
  const services: Services = {
    db: deps.db,
    config: deps.config,
    mailer: deps.mailer,
    passwords: deps.passwords ?? createPasswordHasher(),
    clock,
    rateLimiter: new RateLimiter(clock),
    rateLimits: deps.rateLimits ?? DEFAULT_RATE_LIMITS,
  };

  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    c.set('lang', languageFrom(c.req.header('accept-language')));
    await next();
    if (isApiPath(c.req.path)) {
      // Answers carry tokens and personal data: no cache, shared or private, may keep them.
      c.header('Cache-Control', 'no-store');
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Vary', 'Accept-Language', { append: true });
    }
  });

  app.route('/v1.0/auth', authRoutes(services));
  app.route('/v1.0/coupons', couponRoutes(services));
  app.route('/v1.0/projects', projectRoutes(services));
  app.route('/v1.0/health', healthRoutes());
  if (deps.config.devEndpoints) app.route('/dev', devRoutes(services));

  app.notFound((c) => c.json({ message: message(c.get('lang'), 'notFound') }, 404));

  app.onError((error, c) => {
    const lang = c.get('lang');
    if (error instanceof HttpError) {
      return c.json(errorBody(error, lang), error.status, error.headers);
    }
    if (error instanceof ValidationError) return c.json(errorBody(error, lang), 422);
    console.error(`[api] ${c.req.method} ${c.req.path} failed:`, error);
    return c.json({ message: message(lang, 'serverError') }, 500);
  });

  return app;
}
