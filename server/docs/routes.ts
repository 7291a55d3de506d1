import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { OPERATIONS } from '../../contract/operations';
import { SANDBOX_OPERATIONS } from '../../contract/sandbox/operations';
import type { AppEnv } from '../http/context';
import { API_REFERENCE, buildOpenApiDocument, SANDBOX_REFERENCE, type OpenApiDocument } from './openapi';

/** The files of swagger-ui-dist the viewer needs, with their types. */
const VIEWER_FILES = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
} as const;

/**
 * The two references: the public API's, and the sandbox's (decision 038), each a page of our own
 * reading its own document. The start-up script is a file too, so a strict CSP needs no exception.
 */
const REFERENCES = [
  { at: '/docs', operations: OPERATIONS, info: API_REFERENCE },
  { at: '/docs/sandbox', operations: SANDBOX_OPERATIONS, info: SANDBOX_REFERENCE },
] as const;

const page = (title: string, at: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title} reference</title>
    <link rel="stylesheet" href="/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/docs/swagger-ui-bundle.js"></script>
    <script src="/docs/swagger-ui-standalone-preset.js"></script>
    <script src="${at}/start.js"></script>
  </body>
</html>
`;

const start = (at: string) => `window.ui = SwaggerUIBundle({
  url: '${at}/openapi.json',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
  deepLinking: true,
});
`;

/** The paths this module serves: not API operations, so the contract does not list them. */
export const DOCS_PATHS = [
  ...REFERENCES.flatMap(({ at }) => [at, `${at}/openapi.json`, `${at}/start.js`]),
  ...Object.keys(VIEWER_FILES).map((file) => `/docs/${file}`),
];

let viewerFolder: Promise<string> | undefined;

/** Loaded on first use only: production, which never mounts these routes, never imports it. */
const swaggerUiFolder = () =>
  (viewerFolder ??= import('swagger-ui-dist/absolute-path.js').then(({ default: folder }) => folder()));

/**
 * The generated references (GET /docs/openapi.json, GET /docs/sandbox/openapi.json) and an
 * interactive viewer for each (GET /docs, GET /docs/sandbox), mounted in local mode only.
 */
export function docsRoutes() {
  const routes = new Hono<AppEnv>();

  for (const { at, operations, info } of REFERENCES) {
    let document: OpenApiDocument | undefined;
    routes.get(at, (c) => c.html(page(info.title, at)));
    routes.get(`${at}/openapi.json`, (c) => c.json((document ??= buildOpenApiDocument(operations, info))));
    routes.get(`${at}/start.js`, (c) => c.body(start(at), 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  }
  for (const [file, type] of Object.entries(VIEWER_FILES)) {
    routes.get(`/docs/${file}`, async (c) =>
      c.body(await readFile(join(await swaggerUiFolder(), file)), 200, { 'Content-Type': type }),
    );
  }
  return routes;
}
