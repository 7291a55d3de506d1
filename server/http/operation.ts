import { isDeepStrictEqual } from 'node:util';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { z } from 'zod/mini';
import type { Operation, ResponseInput } from '../../contract/operation';
import type { AppEnv, Services } from './context';
import { LoggableError } from '../log';
import { notFound } from './errors';
import { readJsonBody } from './json-body';
import { requireRole } from './require-role';
import { requireUser, type SignedInEnv } from './require-user';
import { sameOriginOnly } from './same-origin';
import { validate } from './validation';

type Parsed<S> = S extends z.core.$ZodType ? z.output<S> : Record<string, never>;

/** What a handler receives: the operation's params, query and body, validated and parsed. */
export type OperationInput<Op extends Operation> = {
  params: Parsed<Op['params']>;
  query: Parsed<Op['query']>;
  body: Parsed<Op['body']>;
};

/** Handlers of `user` and `admin` operations find the signed-in user on the context. */
export type OperationEnv<Op extends Operation> = Op['access'] extends 'user' | 'admin' ? SignedInEnv : AppEnv;

export type OperationHandler<Op extends Operation> = (
  c: Context<OperationEnv<Op>>,
  input: OperationInput<Op>,
) => Response | Promise<Response>;

function accessMiddleware(s: Services, op: Operation): MiddlewareHandler[] {
  switch (op.access) {
    case 'user':
      return [requireUser(s)];
    case 'admin':
      return [requireRole(s, 'admin')];
    case 'public':
      return [];
    case 'refresh-cookie':
      // The refresh cookie is the handler's business (refusing it must also clear it); where the
      // call comes from is checked first.
      return [sameOriginOnly(s)];
  }
}

/**
 * Registers `op.method op.path` on `router` from its contract operation: the access check,
 * then the path parameters (a failing one is a record that does not exist: 404, before any
 * query), the query string and the JSON body (422 with the failing fields; an operation without
 * a body still refuses one past the limits, as `readJsonBody` says).
 */
export function route<Op extends Operation>(
  router: Hono<AppEnv>,
  s: Services,
  op: Op,
  handler: OperationHandler<Op>,
): void {
  const handle: MiddlewareHandler<AppEnv> = async (c) => {
    const params = op.params && z.safeParse(op.params, c.req.param());
    if (params && !params.success) throw notFound();
    const query = op.query ? validate(op.query, c.req.query()) : {};
    // An operation that takes no body still reads one that is sent, within the same rules (413,
    // 415, 400), and then drops it: otherwise a client could stream any number of bytes, or
    // malformed JSON, to a logout and be answered as if it had sent nothing.
    const sent = op.method === 'GET' || op.readsOwnBody ? {} : await readJsonBody(c, op.bodyLimit);
    const input = {
      params: params?.data ?? {},
      query,
      body: op.body ? validate(op.body, sent) : {},
    } as OperationInput<Op>;
    return handler(c as unknown as Context<OperationEnv<Op>>, input);
  };
  for (const step of [...accessMiddleware(s, op), handle]) router.on(op.method, op.path, step);
}

type Status<Op extends Operation> = keyof Op['responses'] & number;

/** A body for statuses whose response declares one, nothing for body-less ones (204). */
type BodyArgument<Op extends Operation, S extends Status<Op>> = Op['responses'][S] extends { body: z.core.$ZodType }
  ? [body: ResponseInput<Op, S>]
  : [];

/**
 * Writes an answer the operation declares. Outside production the body is checked against the
 * response schema first, exactly as the client will read it (after JSON): a presenter that
 * drifts from the contract, by a missing, mistyped or undeclared field, fails loudly (500 and a
 * logged error, so a test fails) instead of surprising the app.
 */
export function reply<Op extends Operation, S extends Status<Op>>(
  c: Context,
  op: Op,
  status: S,
  ...[body]: BodyArgument<Op, S>
): Response {
  const schema = op.responses[status]?.body;
  if (!schema) return c.body(null, status as StatusCode);
  if ((c as Context<AppEnv>).get('checkAnswers')) checkAnswer(op, status, schema, body);
  return c.json(body, status as ContentfulStatusCode);
}

function checkAnswer(op: Operation, status: number, schema: z.core.$ZodType, body: unknown): void {
  const wire: unknown = JSON.parse(JSON.stringify(body) ?? 'null');
  const result = z.safeParse(schema, wire);
  const problem = !result.success
    ? result.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ')
    : isDeepStrictEqual(result.data, wire)
      ? undefined
      : 'fields the contract does not declare';
  if (problem) throw new LoggableError(`${op.method} ${op.path} answered ${status} off its contract: ${problem}`);
}
