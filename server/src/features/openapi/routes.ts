import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicy } from '../../core/security-headers.js';
import { type CollectedRoute, DOCS_PREFIX } from './collect.js';
import { buildOpenApiDocument, contractSchemas } from './document.js';

/**
 * The API reference (issue 28): the OpenAPI document at /answer/api/docs/openapi.json and Swagger UI
 * at /answer/api/docs, its files served from our origin (swagger-ui-dist), no inline script.
 */

const SWAGGER_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

/**
 * The site's policy with one change: Swagger UI writes inline style attributes and <style> content
 * (docs/decisions.md, "API reference page"), so style-src is 'self' 'unsafe-inline' on this page
 * alone (with no nonce in the list, which would make browsers ignore 'unsafe-inline').
 */
export const DOCS_PAGE_POLICY = contentSecurityPolicy('unused')
  .split('; ')
  .map((directive) => (directive.startsWith('style-src ') ? "style-src 'self' 'unsafe-inline'" : directive))
  .join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="icon" type="image/png" href="${DOCS_PREFIX}/assets/favicon-32x32.png" sizes="32x32">
<link rel="stylesheet" href="${DOCS_PREFIX}/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${DOCS_PREFIX}/assets/swagger-ui-bundle.js"></script>
<script src="${DOCS_PREFIX}/init.js"></script>
</body>
</html>
`;

const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${DOCS_PREFIX}/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    // Two hundred operations: tags start closed (expanding them all at once stalls Swagger UI 5).
    docExpansion: 'none',
    validatorUrl: null,
    persistAuthorization: false,
  });
});
`;

export async function openApiRoutes(app: FastifyInstance, options: { routes: CollectedRoute[] }) {
  let json: Promise<string> | undefined;
  /** Built once (at the first request, when every route is registered), then the same text. */
  const documentText = () => {
    json ??= contractSchemas().then((contract) => JSON.stringify(buildOpenApiDocument(options.routes, contract).document));
    json.catch(() => {
      json = undefined;
    });
    return json;
  };
  const none = { config: { access: 'none' as const } };

  app.get(`${DOCS_PREFIX}/openapi.json`, none, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(await documentText()),
  );
  app.get(DOCS_PREFIX, none, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', DOCS_PAGE_POLICY)
      .header('X-Frame-Options', 'DENY')
      .send(PAGE),
  );
  app.get(`${DOCS_PREFIX}/init.js`, none, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(INIT),
  );
  app.get(`${DOCS_PREFIX}/assets/:file`, none, async (request, reply) => {
    const { file } = request.params as { file: string };
    const type = ASSETS[file];
    if (!type) return reply.callNotFound();
    return reply.type(type).header('Cache-Control', 'public, max-age=86400').send(fs.createReadStream(path.join(SWAGGER_DIR, file)));
  });
}

