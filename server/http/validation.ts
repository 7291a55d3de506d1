import { z } from 'zod/mini';
import { ValidationError, type FieldIssue } from './errors';

// Classic zod loads its English messages by itself; zod/mini, which the contract is written
// with, leaves that to the program. An issue without a rule code (a wrong type where the
// contract sets none, an answer check's log line) then still reads in English, as before.
z.config(z.locales.en());

/**
 * The contract's field schemas (contract/fields.ts) put a rule code, optionally `rule:param`,
 * in each zod issue's message; here those become per-field issues, translated when the answer
 * is written.
 */
export function validate<T extends z.core.$ZodType>(schema: T, input: unknown): z.output<T> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((issue) => {
    if (issue.path.length === 0) return { field: 'body', rule: 'object' };
    const [rule = 'invalid', param] = issue.message.split(':');
    return { field: issue.path.join('.'), rule: sizeRuleOf(rule, issue), param };
  });
  throw new ValidationError(issues);
}

/**
 * `min` and `max` name a length of text; for a list they count items and for a number its value,
 * so "at most 1000 characters" is never said of a thousand ids: the rule is worded by what the
 * issue measured.
 */
function sizeRuleOf(rule: string, issue: z.core.$ZodIssue): string {
  if ((rule !== 'min' && rule !== 'max') || (issue.code !== 'too_big' && issue.code !== 'too_small')) return rule;
  if (issue.origin === 'array' || issue.origin === 'set') return `${rule}Items`;
  if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return `${rule}Number`;
  return rule;
}
