import { createRequire } from 'node:module';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ADMIN_API_PREFIX, API_PREFIX, WEBHOOK_EVENTS } from '@answer/contract';
import type { RegisteredRoute } from './support/registered-routes.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, installedSite, login, type TestSite } from './support/app.js';

/**
 * The OpenAPI document (issue 28): generated from the contract, valid OpenAPI 3.1, describing every
 * API route the app registers (collected as the authorization matrix does, independently of the
 * app's own collector), every $ref resolving, and the reference page served under the site's CSP.
 */
const registered = vi.hoisted(() => [] as RegisteredRoute[]);
vi.mock('fastify', async (original) => (await import('./support/registered-routes.js')).recordingFastify(await original(), registered));

const DOCS = '/answer/api/docs';
const isApiRoute = (url: string) => (url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${ADMIN_API_PREFIX}/`)) && !url.startsWith(DOCS);
const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');

type Json = Record<string, any>;

/** Every `$ref` in the document, with where it was found. */
function refsOf(node: unknown, at = '#', out: { ref: string; at: string }[] = []) {
  if (Array.isArray(node)) node.forEach((item, i) => refsOf(item, `${at}/${i}`, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push({ ref: value, at });
      else refsOf(value, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
    }
  }
  return out;
}

const resolvePointer = (doc: Json, ref: string): unknown =>
  ref
    .slice(2)
    .split('/')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Json)[part] : undefined), doc);

describe('OpenAPI document', () => {
  let site: TestSite;
  let doc: Json;
  const routes: RegisteredRoute[] = [];

  beforeAll(async () => {
    registered.length = 0;
    site = await installedSite();
    const seen = new Set<string>();
    for (const r of registered) {
      if (!['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(r.method) || !isApiRoute(r.url)) continue;
      if (seen.has(`${r.method} ${r.url}`)) continue;
      seen.add(`${r.method} ${r.url}`);
      routes.push(r);
    }
    const res = await site.app.inject({ method: 'GET', url: `${DOCS}/openapi.json` });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => {
    await site?.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every API route declare its schema (config.openapi)', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => !r.config?.openapi).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('describes every registered API route with its method', () => {
    const missing = routes.filter((r) => !doc.paths[toOpenApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // Nothing in it that the app does not answer.
    const known = new Set(routes.map((r) => `${r.method.toLowerCase()} ${toOpenApiPath(r.url)}`));
    const extra = Object.entries(doc.paths as Json).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)).filter((op) => !known.has(op));
    expect(extra).toEqual([]);
  });

  it('resolves every $ref', () => {
    const refs = refsOf(doc);
    expect(refs.length).toBeGreaterThan(100);
    expect(refs.filter(({ ref }) => !ref.startsWith('#/') || resolvePointer(doc, ref) === undefined).map(({ ref, at }) => `${ref} at ${at}`)).toEqual([]);
  });

  it('takes request schemas from the contract and replies from its types', () => {
    const page = doc.paths[`${API_PREFIX}/question/page`].get;
    expect(page['x-access']).toBe('public');
    expect(page.security).toEqual([]);
    expect(page.parameters.map((p: Json) => p.name)).toEqual(expect.arrayContaining(['page', 'page_size', 'order']));
    const create = doc.paths[`${ADMIN_API_PREFIX}/api-key`].post;
    expect(create['x-access']).toBe('admin');
    expect(create.security).toEqual([{ bearer: [] }]);
    expect(create.requestBody.content['application/json'].schema.properties).toHaveProperty('scope');
    expect(create.responses[200].content['application/json'].schema.properties.data).toEqual({ $ref: '#/components/schemas/ApiKeyCreated' });
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('describes the webhook payload, one entry per event', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    expect(doc.components.schemas.WebhookPayload).toBeDefined();
    expect(doc.webhooks['question.created'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/WebhookPayload' });
  });

  it('describes what the calls really answer (every GET without required input, as the administrator)', async () => {
    // The validator's own JSON Schema engine (a dependency of @seriousme/openapi-schema-validator).
    const fromValidator = createRequire(createRequire(import.meta.url).resolve('@seriousme/openapi-schema-validator'));
    const { default: Ajv2020 } = fromValidator('ajv/dist/2020') as { default: new (o: object) => { compile(s: object): ((d: unknown) => boolean) & { errors?: unknown } } };
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const token = await login(site, ADMIN.email, ADMIN.password);
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths as Json)) {
      const get = ops.get as Json | undefined;
      const data = get?.responses?.[200]?.content?.['application/json']?.schema?.properties?.data;
      if (!data || !Object.keys(data).length || (get!.parameters ?? []).some((p: Json) => p.required)) continue;
      // Signing out or the long poll's fast path are not what this checks.
      if (path.endsWith('/logout')) continue;
      const res = await site.app.inject({ method: 'GET', url: path, headers: { authorization: token } });
      if (res.statusCode !== 200) continue;
      const validate = ajv.compile({ ...data, components: doc.components });
      checked.push(path);
      if (!validate(res.json().data)) wrong.push(`${path}: ${JSON.stringify(validate.errors).slice(0, 400)}`);
    }
    expect(checked.length).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
    // And the schemas do refuse what does not fit.
    const page = ajv.compile({ $ref: '#/components/schemas/QuestionPage', components: doc.components });
    expect(page({ count: 1, list: [] })).toBe(true);
    expect(page({ count: 1, list: [{ id: 1 }] })).toBe(false);
  });

  it('serves the reference page from our origin under a policy without inline scripts', async () => {
    const res = await site.app.inject({ method: 'GET', url: DOCS });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.body).not.toMatch(/<script>(?!<)|<script(?![^>]*\bsrc=)[^>]*>/);
    for (const src of [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])) {
      const asset = await site.app.inject({ method: 'GET', url: src });
      expect(asset.statusCode, src).toBe(200);
    }
    // The rest of the site keeps its own policy.
    expect((await site.app.inject({ method: 'GET', url: `${DOCS}/assets/package.json` })).statusCode).toBe(404);
  });
});
