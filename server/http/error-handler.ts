import type { Context } from 'hono';
import { PasswordPoolBusy } from '../auth/password-pool';
import { safeError } from '../log';
import type { AppEnv } from './context';
import { HttpError, tooManyAttempts, ValidationError } from './errors';
import { message, ruleMessage, type Lang } from './i18n';

function errorBody(error: HttpError | ValidationError, lang: Lang) {
  if (error instanceof HttpError) return { message: message(lang, error.messageKey, error.params), ...error.details };
  // A Map, then own properties: a field named like an Object.prototype member (`__proto__`,
  // `constructor`) is a field like any other.
  const errors = new Map<string, string[]>();
  for (const issue of error.issues) {
    const said = errors.get(issue.field) ?? [];
    said.push(ruleMessage(lang, issue.field, issue.rule, issue.param));
    errors.set(issue.field, said);
  }
  return { message: message(lang, 'invalidData'), errors: Object.fromEntries(errors) };
}

/**
 * The contract's error shapes (docs/api.md), in the request's language. Anything that is not an
 * HttpError or a ValidationError is a bug: logged (without its message: see `safeError`), and
 * answered with a stackless 500.
 */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  const lang = c.get('lang');
  if (error instanceof HttpError) return c.json(errorBody(error, lang), error.status, error.headers);
  if (error instanceof ValidationError) return c.json(errorBody(error, lang), 422);
  // A flood of password checks: the caller tries again shortly, everybody else is unaffected.
  if (error instanceof PasswordPoolBusy) return handleError(tooManyAttempts(5), c);
  c.get('log').error({ method: c.req.method, path: c.req.path, err: safeError(error) }, 'request failed');
  return c.json({ message: message(lang, 'serverError') }, 500);
}
