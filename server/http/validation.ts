import type { Context } from 'hono';
import type { z } from 'zod';
import { ValidationError, type FieldIssue } from './errors';
import { readJsonBody } from './json-body';

/**
 * Field schemas (./fields.ts) put a rule name, optionally `rule:param`, in each zod issue's
 * message; here those become per-field issues, translated when the answer is written.
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

export async function validateBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  return validate(schema, await readJsonBody(c));
}
