import { z } from 'zod';
import { LANGUAGES, ROLES } from '../db/schema';

// Field rules from the contract (docs/api.md, spec §5). Each message is a rule name that
// ./validation.ts turns into a translated sentence; `abort` keeps "required" from being
// followed by every other complaint about an empty field.

const typeError = (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? 'required' : 'string';

const requiredString = () => z.string({ error: typeError });

/** Trimmed, non-empty text of at most `max` characters. */
export const text = (max: number) =>
  requiredString().trim().min(1, { error: 'required', abort: true }).max(max, `max:${max}`);

export const email = () => text(254).pipe(z.email({ error: 'email' }));

/** What sign-in accepts: any non-empty password (old ones may predate today's rules). */
export const password = () => requiredString().min(1, { error: 'required', abort: true }).max(128, 'max:128');

/** What register and reset require of a new password. */
export const newPassword = () =>
  password()
    .min(8, 'min:8')
    .regex(/\p{Lu}/u, 'uppercase')
    .regex(/\p{Ll}/u, 'lowercase');

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'in') });

export const language = () => oneOf(LANGUAGES);
export const role = () => oneOf(ROLES);

/** A 1-based page number from the query string; absent means page 1. */
export const page = () =>
  z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'integer')
    .transform(Number)
    .optional()
    .transform((value) => value ?? 1);
