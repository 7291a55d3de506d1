import type { z } from 'zod/mini';
import { ErrorBodySchema, ValidationErrorBodySchema } from './common';

/**
 * One operation of the API: method, path, who may call it, what it takes and what it answers.
 * The server registers its handlers from these (validating input, checking answers), the app
 * types its calls with them, and the OpenAPI reference at /docs is generated from them.
 * Plain data and zod schemas only: this folder is imported by the browser bundle too, so the
 * schemas are written with `zod/mini` (functions instead of methods on every schema), which keeps
 * classic zod off the sign-in page (app/browser-imports.test.ts holds to it). The types
 * below are zod's core ones: what both builds share, and all the server and the app rely on.
 */
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Who may call: anybody, a signed-in user (bearer token), an admin, or the refresh cookie. */
export type Access = 'public' | 'user' | 'admin' | 'refresh-cookie';

export interface ResponseSpec {
  description: string;
  /** Absent for a body-less answer (204). */
  body?: z.core.$ZodType;
}

export interface Operation {
  method: Method;
  /** Hono's syntax: `/v1.0/projects/:id`. */
  path: `/${string}`;
  summary: string;
  /** Longer prose for the reference: rules a client can rely on. */
  description?: string;
  tag: string;
  access: Access;
  params?: z.core.$ZodObject;
  query?: z.core.$ZodObject;
  body?: z.core.$ZodObject;
  /** The most bytes its JSON body may have, when more than the API's usual 16 KiB (a bulk update). */
  bodyLimit?: number;
  /**
   * The handler reads the body itself, in a form `body` cannot describe (form-encoded, or signed
   * over its raw bytes). Otherwise a body sent to an operation without `body` is still read
   * within the API's limits (413, 415, 400) and dropped.
   */
  readsOwnBody?: true;
  responses: Record<number, ResponseSpec>;
}

export const defineOperation = <const T extends Operation>(operation: T): T => operation;

const ERROR_RESPONSES = {
  400: { description: 'The body is not JSON.', body: ErrorBodySchema },
  401: { description: 'No valid session (or, on sign-in, refused credentials).', body: ErrorBodySchema },
  403: { description: 'The caller lacks the role.', body: ErrorBodySchema },
  404: { description: 'No such record.', body: ErrorBodySchema },
  409: { description: 'The record is in a state that refuses this.', body: ErrorBodySchema },
  413: { description: "The body is over 16 KiB (or the operation's own limit).", body: ErrorBodySchema },
  415: { description: 'The body is not application/json.', body: ErrorBodySchema },
  422: { description: 'A field is invalid; `errors` says which.', body: ValidationErrorBodySchema },
  429: { description: 'Too many attempts; `Retry-After` says when to try again.', body: ErrorBodySchema },
} as const satisfies Record<number, ResponseSpec>;

type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** The standard error answers an operation can give, by status. */
export function errors<const S extends ErrorStatus>(...statuses: S[]): Pick<typeof ERROR_RESPONSES, S> {
  return Object.fromEntries(statuses.map((status) => [status, ERROR_RESPONSES[status]])) as Pick<
    typeof ERROR_RESPONSES,
    S
  >;
}

/** The answers every JSON-body operation can give besides its own. */
export const BODY_ERRORS = [400, 413, 415, 422] as const;

type SuccessStatus<T extends Operation> = Extract<keyof T['responses'], 200 | 201 | 202 | 204>;

/** What an operation answers on success (or with `S`), as the caller reads it. */
export type ResponseBody<
  T extends Operation,
  S extends keyof T['responses'] = SuccessStatus<T>,
> = T['responses'][S] extends {
  body: infer B extends z.core.$ZodType;
}
  ? z.output<B>
  : void;

/** What a handler may write for status `S`: the schema's input side. */
export type ResponseInput<T extends Operation, S extends keyof T['responses']> = T['responses'][S] extends {
  body: infer B extends z.core.$ZodType;
}
  ? z.input<B>
  : never;

export type RequestBody<T extends Operation> = T['body'] extends z.core.$ZodType ? z.input<T['body']> : never;
export type RequestQuery<T extends Operation> = T['query'] extends z.core.$ZodType ? z.input<T['query']> : never;
export type RequestParams<T extends Operation> = T['params'] extends z.core.$ZodType ? z.input<T['params']> : never;

/** The parts of a request an operation leaves open, typed by its schemas: what a caller gives. */
export interface OperationInput<T extends Operation> {
  params?: RequestParams<T>;
  query?: RequestQuery<T>;
  body?: RequestBody<T>;
}

/** `/v1.0/projects/:id` with `{ id }` → `/v1.0/projects/3f…`, each value encoded. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
