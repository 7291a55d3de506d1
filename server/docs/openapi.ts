import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod/mini';
import type { Access, Operation } from '../../contract/operation';
import * as operationsContract from '../../contract/operations';

/**
 * The OpenAPI 3.1 reference, generated from the contract's operations with zod's own JSON
 * Schema output (OpenAPI 3.1 speaks JSON Schema 2020-12), so it cannot drift from what the
 * server validates and answers. Requests are described by their schemas' input side (what a
 * client sends), answers by their output side.
 */

type JsonSchema = { [key: string]: unknown };

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
};

const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  user: [{ bearer: [] }],
  admin: [{ bearer: [] }],
  'refresh-cookie': [{ refreshCookie: [] }],
};

const ACCESS_NOTES: Record<Access, string | undefined> = {
  public: undefined,
  user: 'Needs a signed-in user (bearer access token).',
  admin: 'Needs a signed-in admin (bearer access token); other users get 403.',
  'refresh-cookie': 'Reads the httpOnly `refresh_token` cookie (scoped to `/v1.0/auth`).',
};

/** `/v1.0/projects/:id` → `/v1.0/projects/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** Replaces every `#/$defs/X` reference with `#/components/schemas/<names(X)>`. */
function rewriteRefs(value: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, names));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (key === '$ref' && typeof item === 'string' && item.startsWith('#/$defs/')) {
        const id = item.slice('#/$defs/'.length);
        return [key, `#/components/schemas/${names.get(id) ?? id}`];
      }
      return [key, rewriteRefs(item, names)];
    }),
  );
}

/** What a reference says of itself: its title and the opening words under it. */
export type ReferenceInfo = { title: string; description: string };

/** The public API's reference (`/docs`). */
export const API_REFERENCE: ReferenceInfo = {
  title: 'Orbita API',
  description:
    'Generated from the contract (`contract/`) the server validates with. Conventions, error shapes ' +
    "and sessions are described in `docs/api.md`. Local mode's own endpoints (tests' helpers, the " +
    'sandbox providers) are in [a reference of their own](/docs/sandbox).',
};

/** The sandbox's reference (`/docs/sandbox`, docs/decisions/038). */
export const SANDBOX_REFERENCE: ReferenceInfo = {
  title: 'Orbita local sandbox',
  description:
    'What local mode adds beside the API, generated from `contract/sandbox/`: helpers for tests and ' +
    'development (`/dev`: accounts, mail, comments) and stand-ins for Mautic (`/dev/mautic`) and the ' +
    "social providers (`/sandbox`), which answer in each provider's own shapes. Never mounted in a " +
    'deployment, and not part of the [public API](/docs).',
};

export function buildOpenApiDocument(
  operations: Operation[],
  reference: ReferenceInfo = API_REFERENCE,
): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {};

  /**
   * A zod schema as JSON Schema; the parts registered with an `id` (contract/common.ts) move to
   * components.schemas. The same id seen on both sides may differ (the output side closes
   * objects); the request side's copy is then named `<id>Input`.
   */
  function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
    const {
      $schema: _,
      $defs = {},
      ...root
    } = z.toJSONSchema(schema, { io }) as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
    const names = new Map(Object.keys($defs).map((id) => [id, id]));
    for (const [id, def] of Object.entries($defs)) {
      const existing = schemas[id];
      if (existing && !isDeepStrictEqual(existing, rewriteRefs(def, names))) names.set(id, `${id}Input`);
    }
    for (const [id, def] of Object.entries($defs)) {
      const name = names.get(id) ?? id;
      const rewritten = rewriteRefs(def, names) as JsonSchema;
      if (schemas[name] && !isDeepStrictEqual(schemas[name], rewritten)) {
        throw new Error(`Two different schemas are both called ${name}`);
      }
      schemas[name] = rewritten;
    }
    return rewriteRefs(root, names) as JsonSchema;
  }

  function parameters(schema: z.core.$ZodObject | undefined, location: 'path' | 'query') {
    if (!schema) return [];
    const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    return Object.entries(object.properties ?? {}).map(([name, property]) => ({
      name,
      in: location,
      required: location === 'path' || (object.required ?? []).includes(name),
      schema: property,
    }));
  }

  const paths: OpenApiDocument['paths'] = {};
  // Answers first: a schema shared with a request keeps its plain name for the answer side.
  const ordered = operations.map((operation) => {
    const responses = Object.fromEntries(
      Object.entries(operation.responses).map(([status, response]) => [
        status,
        response.body
          ? {
              description: response.description,
              content: { 'application/json': { schema: jsonSchema(response.body, 'output') } },
            }
          : { description: response.description },
      ]),
    );
    return { operation, responses };
  });

  for (const { operation, responses } of ordered) {
    const body = operation.body && jsonSchema(operation.body, 'input');
    const description = [operation.description, ACCESS_NOTES[operation.access]].filter(Boolean).join('\n\n');
    const parameterList = [...parameters(operation.params, 'path'), ...parameters(operation.query, 'query')];
    const entry: JsonSchema = {
      operationId: operationsContract.operationName(operation) ?? `${operation.method.toLowerCase()} ${operation.path}`,
      tags: [operation.tag],
      summary: operation.summary,
      ...(description && { description }),
      ...(parameterList.length > 0 && { parameters: parameterList }),
      ...(body && {
        requestBody: {
          required: Array.isArray(body.required) && body.required.length > 0,
          content: { 'application/json': { schema: body } },
        },
      }),
      responses,
      security: SECURITY[operation.access],
    };
    (paths[openApiPath(operation.path)] ??= {})[operation.method.toLowerCase()] = entry;
  }

  return {
    openapi: '3.1.0',
    info: { title: reference.title, version: '1.0', description: reference.description },
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        refreshCookie: { type: 'apiKey', in: 'cookie', name: 'refresh_token' },
      },
    },
  };
}
