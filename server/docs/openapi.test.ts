import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../contract/operations';
import type { Operation } from '../../contract/operation';
import { SANDBOX_OPERATIONS } from '../../contract/sandbox/operations';
import { startHarness, type Harness } from '../test/harness';
import {
  API_REFERENCE,
  buildOpenApiDocument,
  openApiPath,
  SANDBOX_REFERENCE,
  type OpenApiDocument,
  type ReferenceInfo,
} from './openapi';
import { DOCS_PATHS } from './routes';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

/** What the server mounts in local mode: the public API and the sandbox. */
const ALL_OPERATIONS = [...OPERATIONS, ...SANDBOX_OPERATIONS];
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Every `$ref` string anywhere in `value`. */
function refs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refs);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, item]) =>
    name === '$ref' && typeof item === 'string' ? [item] : refs(item),
  );
}

describe('route coverage', () => {
  // The API as registered, less middleware (method ALL) and the reference's own pages.
  const registered = () =>
    new Set(
      h.app.routes
        .filter((route) => route.method !== 'ALL' && !DOCS_PATHS.includes(route.path))
        .map((route) => key(route.method, route.path)),
    );

  it('registers no route the contract does not describe', () => {
    const described = new Set(ALL_OPERATIONS.map((operation) => key(operation.method, operation.path)));
    expect([...registered()].filter((route) => !described.has(route))).toEqual([]);
  });

  it('registers every operation of the contract', () => {
    const routes = registered();
    const missing = ALL_OPERATIONS.map((operation) => key(operation.method, operation.path)).filter(
      (operation) => !routes.has(operation),
    );
    expect(missing).toEqual([]);
  });
});

const REFERENCES: Array<[string, Operation[], ReferenceInfo]> = [
  ['/docs/openapi.json', OPERATIONS, API_REFERENCE],
  ['/docs/sandbox/openapi.json', SANDBOX_OPERATIONS, SANDBOX_REFERENCE],
];

describe('the two references', () => {
  const isSandbox = (path: string) => /^\/(dev|sandbox)(\/|$)/.test(path);

  it('split the contract: the public one lists no sandbox or dev endpoint, the sandbox one only those', () => {
    expect(OPERATIONS.filter((operation) => isSandbox(operation.path))).toEqual([]);
    expect(SANDBOX_OPERATIONS.filter((operation) => !isSandbox(operation.path))).toEqual([]);
  });

  it('are served apart: /docs lists the public API only, /docs/sandbox the sandbox', async () => {
    const [api, sandbox] = await Promise.all(
      REFERENCES.map(([path]) => h.call('GET', path).then((res) => res.body as unknown as OpenApiDocument)),
    );
    expect(Object.keys(api.paths).filter(isSandbox)).toEqual([]);
    expect(Object.keys(api.paths)).toContain('/v1.0/auth/login');
    expect(Object.keys(sandbox.paths).filter((path) => !isSandbox(path))).toEqual([]);
    expect(Object.keys(sandbox.paths)).toContain('/dev/users');
  });
});

describe.each(REFERENCES)('the OpenAPI document at %s', (path, operations, reference) => {
  let document: OpenApiDocument;
  beforeAll(async () => {
    const res = await h.call('GET', path);
    expect(res.status).toBe(200);
    document = JSON.parse(res.text) as OpenApiDocument;
  });

  it('is what the contract generates', () => {
    expect(document).toEqual(buildOpenApiDocument(operations, reference));
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every operation with each of its answers', () => {
    for (const operation of operations) {
      const entry = document.paths[openApiPath(operation.path)]?.[operation.method.toLowerCase()] as
        { responses: Record<string, { content?: unknown }>; security: unknown[] } | undefined;
      const name = key(operation.method, operation.path);
      expect(entry, name).toBeDefined();
      expect(Object.keys(entry!.responses).sort(), name).toEqual(Object.keys(operation.responses).sort());
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(Boolean(entry!.responses[status].content), `${name} ${status}`).toBe(Boolean(response.body));
      }
      expect(entry!.security.length > 0, name).toBe(operation.access !== 'public');
    }
  });

  it('declares every path parameter', () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      for (const entry of Object.values(methods)) {
        const declared = ((entry.parameters ?? []) as Array<{ name: string; in: string }>)
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => parameter.name)
          .sort();
        expect(declared, path).toEqual(inPath);
      }
    }
  });

  it('names each operation once', () => {
    const ids = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((entry) => entry.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(operations === OPERATIONS ? 'login' : 'createUser');
  });

  it('never leaves a $ref dangling', () => {
    const all = refs(document);
    expect(all.length).toBeGreaterThan(0);
    for (const ref of all) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(document.components.schemas[ref.split('/').at(-1)!], ref).toBeDefined();
    }
    expect(document.components.schemas).toHaveProperty('User');
  });
});

describe.each([
  ['/docs', 'Orbita API reference'],
  ['/docs/sandbox', 'Orbita local sandbox reference'],
])('the viewer at %s', (at, title) => {
  it('is a page of ours loading Swagger UI from /docs, with its own document', async () => {
    const res = await h.app.request(at);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const page = await res.text();
    expect(page).toContain(`<title>${title}</title>`);
    for (const file of ['/docs/swagger-ui.css', '/docs/swagger-ui-bundle.js', `${at}/start.js`]) {
      expect(page).toContain(file);
    }
    const start = await h.app.request(`${at}/start.js`);
    expect(start.headers.get('content-type')).toMatch(/javascript/);
    expect(await start.text()).toContain(`url: '${at}/openapi.json'`);
  });
});

describe('the viewer files', () => {
  it.each([
    ['/docs/swagger-ui.css', /text\/css/],
    ['/docs/swagger-ui-bundle.js', /javascript/],
    ['/docs/swagger-ui-standalone-preset.js', /javascript/],
  ])('serves %s', async (path, type) => {
    const res = await h.app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(type);
    expect((await res.text()).length).toBeGreaterThan(100);
  });
});
