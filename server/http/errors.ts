import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { durationWords, type MessageKey, type MessageParams, type Rule } from './i18n';

/** Thrown from handlers; the app's error handler turns it into the contract's JSON shape. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    readonly headers: Record<string, string> = {},
    /** Fields a client reads beside the message (a plan limit's `planLimit`), as the contract declares them. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(messageKey);
    this.name = 'HttpError';
  }
}

export type FieldIssue = { field: string; rule: Rule | string; param?: string };

/** A 422: the messages are rendered later, in the caller's language. */
export class ValidationError extends Error {
  constructor(readonly issues: FieldIssue[]) {
    super('validation failed');
    this.name = 'ValidationError';
  }
}

/** A 422 for one field, e.g. `fieldError('email', 'taken')`. */
export const fieldError = (field: string, rule: Rule) => new ValidationError([{ field, rule }]);

export const unauthenticated = () => new HttpError(401, 'unauthenticated');
export const notFound = () => new HttpError(404, 'notFound');
/** A 429 whose message says the wait in words; the exact seconds go in Retry-After. */
export const tooManyAttempts = (seconds: number) =>
  new HttpError(
    429,
    'tooManyAttempts',
    { wait: (lang) => durationWords(lang, seconds) },
    { 'Retry-After': String(seconds) },
  );
