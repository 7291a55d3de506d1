import type { z } from 'zod';
import { ValidationError, type FieldIssue } from './errors';

/**
 * The contract's field schemas (contract/fields.ts) put a rule code, optionally `rule:param`,
 * in each zod issue's message; here those become per-field issues, translated when the answer
 * is written.
 */
export function validate<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((issue) => {
    if (issue.path.length === 0) return { field: 'body', rule: 'object' };
    const [rule = 'invalid', param] = issue.message.split(':');
    return { field: issue.path.join('.'), rule, param };
  });
  throw new ValidationError(issues);
}
