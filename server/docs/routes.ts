import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { DEV_OPERATIONS, OPERATIONS } from '../../contract/operations';
import type { AppEnv } from '../http/context';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi';

/** The files of swagger-ui-dist the viewer needs, with their types. */
const VIEWER_FILES = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
} as const;

// A page of our own; the start-up script is a file too, so a strict CSP needs no exception.
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Orbita API reference</title>
    <link rel="stylesheet" href="/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/docs/swagger-ui-bundle.js"></script>
    <script src="/docs/swagger-ui-standalone-preset.js"></script>
    <script src="/docs/start.js"></script>
  </body>
</html>
`;

const START = `window.ui = SwaggerUIBundle({
  url: '/docs/openapi.json',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
  deepLinking: true,
});
`;

/** The paths this module serves: not API operations, so the contract does not list them. */
export const DOCS_PATHS = [
  '/docs',
  '/docs/openapi.json',
  '/docs/start.js',
  ...Object.keys(VIEWER_FILES).map((file) => `/docs/${file}`),
];

let viewerFolder: Promise<string> | undefined;

/** Loaded on first use only: production, which never mounts these routes, never imports it. */
const swaggerUiFolder = () =>
  (viewerFolder ??= import('swagger-ui-dist/absolute-path.js').then(({ default: folder }) => folder()));

/**
 * The generated reference (GET /docs/openapi.json) and an interactive viewer (GET /docs), with
 * the dev operations listed since they are mounted wherever these are.
 */
export function docsRoutes() {
  const routes = new Hono<AppEnv>();
  let document: OpenApiDocument | undefined;

  routes.get('/docs', (c) => c.html(PAGE));
  routes.get('/docs/openapi.json', (c) =>
    c.json((document ??= buildOpenApiDocument([...OPERATIONS, ...DEV_OPERATIONS]))),
  );
  routes.get('/docs/start.js', (c) => c.body(START, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  for (const [file, type] of Object.entries(VIEWER_FILES)) {
    routes.get(`/docs/${file}`, async (c) =>
      c.body(await readFile(join(await swaggerUiFolder(), file)), 200, { 'Content-Type': type }),
    );
  }
  return routes;
}
