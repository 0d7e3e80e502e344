import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ADMIN_API_PREFIX, API_KEY_PREFIX, API_PREFIX, WEBHOOK_EVENTS } from '@answer/contract';
import { z, type ZodType } from 'zod';
import { APP_VERSION } from '../../version.js';
import type { CollectedRoute } from './collect.js';

/**
 * The OpenAPI 3.1 document of the API, generated from the contract (issue 28): request queries and
 * bodies from the routes' zod schemas (`config.openapi`, the ones the handlers parse with), replies
 * from the contract's TypeScript types (server/scripts/contract-schemas.mjs). Nothing is written twice.
 */

type Json = Record<string, unknown>;

/** server/dist/contract-schemas.json, from the sources and from the bundle alike (same depth). */
const SCHEMAS_FILE = fileURLToPath(new URL('../../../dist/contract-schemas.json', import.meta.url));
const GENERATOR = new URL('../../../scripts/contract-schemas.mjs', import.meta.url).href;

interface GeneratorModule {
  contractSchemasStale(outFile?: string): boolean;
  writeContractSchemas(outFile?: string): Promise<{ definitions: Record<string, Json> }>;
}

/** The contract's reply types as JSON Schema, generated first when missing or older than the contract. */
export async function contractSchemas(): Promise<Record<string, Json>> {
  let generator: GeneratorModule | undefined;
  try {
    generator = (await import(/* @vite-ignore */ GENERATOR)) as GeneratorModule;
  } catch {
    // An installation without the scripts folder: the file the build wrote is all there is.
  }
  if (generator?.contractSchemasStale(SCHEMAS_FILE)) return (await generator.writeContractSchemas(SCHEMAS_FILE)).definitions;
  return (JSON.parse(fs.readFileSync(SCHEMAS_FILE, 'utf8')) as { definitions: Record<string, Json> }).definitions;
}

const jsonSchemaOf = (schema: ZodType, io: 'input' | 'output'): Json => {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete out.$schema;
  return out;
};

/** `$defs` a zod schema carries (recursive or registered parts) move to components, refs rewritten. */
function hoistDefs(schema: Json, prefix: string, components: Record<string, Json>): Json {
  const defs = schema.$defs as Record<string, Json> | undefined;
  if (!defs) return schema;
  delete schema.$defs;
  const rename = (name: string) => `${prefix}.${name}`.replace(/[^A-Za-z0-9._-]/g, '_');
  const text = JSON.stringify(schema).replace(/"#\/\$defs\/([^"]+)"/g, (_m, name: string) => JSON.stringify(`#/components/schemas/${rename(name)}`));
  for (const [name, def] of Object.entries(defs)) {
    components[rename(name)] = JSON.parse(JSON.stringify(def).replace(/"#\/\$defs\/([^"]+)"/g, (_m, n: string) => JSON.stringify(`#/components/schemas/${rename(n)}`)));
  }
  return JSON.parse(text) as Json;
}

const envelope = (data: Json, description: string): Json => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['code', 'reason', 'msg', 'data'],
        properties: {
          code: { type: 'integer', description: 'The HTTP status.' },
          reason: { type: 'string', description: 'A reason key (i18n), e.g. base.success.' },
          msg: { type: 'string', description: 'The reason in the language of Accept-Language.' },
          data,
        },
      },
    },
  },
});

const ERROR_RESPONSES: Record<string, Json> = {
  BadRequest: envelope(
    { anyOf: [{ type: 'array', items: { $ref: '#/components/schemas/FieldError' } }, { type: 'null' }] },
    'Invalid input: data lists the fields in error ({error_field, error_msg}).',
  ),
  Unauthorized: envelope({ type: 'null' }, 'Not signed in (or the token expired).'),
  Forbidden: envelope({}, 'Signed in but not allowed: account not activated or suspended, not staff, no privilege, or a key outside its scope.'),
  NotFound: envelope({ type: 'null' }, 'No such object.'),
  TooManyRequests: envelope({ type: 'null' }, 'A rate limit of this route was reached.'),
};

/** /answer/api/v1/question/:id -> /answer/api/v1/question/{id}; the wildcard `*` -> {path}. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');
const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).concat(url.endsWith('*') ? ['path'] : []);

function defaultTag(url: string): string {
  if (url.startsWith(`${ADMIN_API_PREFIX}/`)) return 'admin';
  const rest = url.startsWith(`${API_PREFIX}/`) ? url.slice(API_PREFIX.length + 1) : url;
  return rest.split('/')[0]?.replace(/^:.*/, '') || 'api';
}

const operationId = (method: string, url: string) =>
  `${method.toLowerCase()}_${url.replace(/^\/answer\//, '').replace(/[:*{}]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/_+$/, '')}`;

/** 'ApiKeyItem' -> its $ref; 'ApiKeyItem[]' -> an array of them. */
const typeRef = (name: string): Json =>
  name.endsWith('[]') ? { type: 'array', items: typeRef(name.slice(0, -2)) } : { $ref: `#/components/schemas/${name}` };

export interface BuiltDocument {
  document: Json;
  /** API routes registered without `config.openapi` (the test requires none). */
  undescribed: string[];
}

/** The document of the collected routes (the contract schemas given: see `contractSchemas`). */
export function buildOpenApiDocument(routes: CollectedRoute[], contract: Record<string, Json>): BuiltDocument {
  const schemas: Record<string, Json> = { ...contract };
  const paths: Record<string, Record<string, Json>> = {};
  const undescribed: string[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const spec = route.openapi;
    if (!spec) undescribed.push(key);
    const id = operationId(route.method, route.url);
    const parameters: Json[] = pathParams(route.url).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    if (spec?.query) {
      const query = hoistDefs(jsonSchemaOf(spec.query, 'input'), `${id}.query`, schemas);
      const required = new Set((query.required as string[] | undefined) ?? []);
      for (const [name, schema] of Object.entries((query.properties as Record<string, Json> | undefined) ?? {})) {
        const { description, ...rest } = schema;
        parameters.push({ name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema: rest });
      }
    }
    const operation: Json = {
      operationId: id,
      tags: spec?.tags ?? [defaultTag(route.url)],
      ...(spec?.summary ? { summary: spec.summary } : {}),
      'x-access': route.access ?? 'none',
      // The call may ask for a captcha (GET /user/action/record says when; a wrong code is a 400 on captcha_code).
      ...(route.captcha ? { 'x-captcha': true } : {}),
      security: route.access && route.access !== 'none' && route.access !== 'public' ? [{ bearer: [] }] : [],
    };
    if (parameters.length) operation.parameters = parameters;
    if (spec?.body) {
      const body = hoistDefs(jsonSchemaOf(spec.body, 'input'), `${id}.body`, schemas);
      operation.requestBody = { required: true, content: { [spec.multipart ? 'multipart/form-data' : 'application/json']: { schema: body } } };
    }
    let data: Json = {};
    if (spec?.response === null) data = { type: 'null' };
    else if (typeof spec?.response === 'string') data = typeRef(spec.response);
    else if (spec?.response) data = hoistDefs(jsonSchemaOf(spec.response, 'output'), `${id}.response`, schemas);
    const responses: Json = spec?.redirect
      ? { 302: { description: 'A redirect (Location header); failures redirect to a page that shows the reason.' } }
      : { 200: spec?.produces ? { description: 'OK', content: { [spec.produces]: {} } } : envelope(data, 'OK: data holds the result.') };
    if (spec?.query || spec?.body || parameters.length) responses[400] = { $ref: '#/components/responses/BadRequest' };
    if (route.access && route.access !== 'none') responses[401] = { $ref: '#/components/responses/Unauthorized' };
    if (route.access && route.access !== 'none' && route.access !== 'any-status') responses[403] = { $ref: '#/components/responses/Forbidden' };
    if (parameters.length || spec?.body) responses[404] = { $ref: '#/components/responses/NotFound' };
    if (route.limits.length) responses[429] = { $ref: '#/components/responses/TooManyRequests' };
    operation.responses = responses;
    const path = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation;
  }
  const webhooks: Record<string, Json> = {};
  for (const event of WEBHOOK_EVENTS) {
    webhooks[event] = {
      post: {
        operationId: `webhook_${event.replace(/\W/g, '_')}`,
        summary: `The ${event} event`,
        description: 'A signed JSON POST to every enabled webhook subscribed to this event (docs/api.md, "Webhooks").',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookPayload' } } } },
        responses: { '2XX': { description: 'Received; any other status (or none within the timeout) is retried.' } },
      },
    };
  }
  const document: Json = {
    openapi: '3.1.0',
    info: {
      title: 'Answer API',
      version: APP_VERSION,
      description:
        'The HTTP API of this site, compatible with Apache Answer 1.4. Every reply is the envelope {code, reason, msg, data}. ' +
        'Generated from the shared contract (packages/contract): the request schemas the server validates with and the reply types it sends.',
    },
    servers: [{ url: '/' }],
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    paths,
    webhooks,
    components: {
      schemas,
      responses: ERROR_RESPONSES,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: `An access token (sign-in) or an API key (${API_KEY_PREFIX}…), in the Authorization header.`,
        },
      },
    },
  };
  return { document, undescribed };
}
