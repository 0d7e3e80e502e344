import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RegisteredRoute } from './support/registered-routes.js';
import { isApiPath } from '../src/app.js';
import { resolveSession } from '../src/core/session.js';
import { ADMIN, login, member, startSite, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';
import { junkPathSegments, junkValues, mulberry32, pick, plausibleValue, queryValue, type Rng } from './support/fuzz-corpus.js';

/**
 * Bad input is the client's fault: whatever a request carries, the answer is never a 5xx. Every
 * route the app registers gets a seeded pseudo-random corpus (wrong types, huge strings, control
 * characters, unicode junk, ids out of BIGINT range, bad page sizes, repeated query keys, broken
 * bodies and content types), as a visitor, a verified member and the administrator. A failure names
 * the seed, route, role and case, so `FUZZ_SEED=<seed>` replays it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20240601);

// Routes are collected as Fastify registers them: the app is built by buildApp, so the hook goes
// onto every instance the factory makes.
const registered = vi.hoisted(() => [] as RegisteredRoute[]);
vi.mock('fastify', async (original) => (await import('./support/registered-routes.js')).recordingFastify(await original(), registered));

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
}

/** Every API route of a freshly built app (the static web files aside). */
async function collectRoutes(): Promise<Route[]> {
  registered.length = 0;
  const probe = await startSite();
  await probe.close();
  const seen = new Map<string, Route>();
  for (const r of registered) {
    if (!['GET', 'POST', 'PUT', 'DELETE'].includes(r.method) || r.url.startsWith('/static/')) continue;
    seen.set(`${r.method} ${r.url}`, r as Route);
  }
  return [...seen.values()];
}

const routes = await collectRoutes();

type Role = 'visitor' | 'member' | 'admin';
interface Case {
  name: string;
  request: InjectOptions;
}
interface Fixture {
  site: TestSite;
  tokens: Record<Role, string>;
  accounts: Record<'member' | 'admin', User & { email: string; password: string }>;
  ids: Record<string, string>;
}

/** Names sent to every route besides the ones its validation asks for: the common optional fields. */
const OPTIONAL_FIELDS = ['page', 'page_size', 'order', 'tag', 'username', 'comment_id', 'captcha_id', 'captcha_code', 'edit_summary', 'query_cond', 'status'];

/** The fields named in a 400's field errors (top level only: `tags.0.slug_name` is `tags`). */
function erroredFields(res: { statusCode: number; json(): any }): string[] {
  if (res.statusCode !== 400) return [];
  const data = res.json().data;
  if (!Array.isArray(data)) return [];
  return [...new Set(data.map((e: { error_field: string }) => e.error_field.split('.')[0]!).filter((f) => f && f !== 'body'))];
}

/**
 * What a route reads, learnt from its replies (as the administrator): the fields its 400 on an empty
 * request names are required; the common optional ones are kept unless the route refuses their
 * plausible value (an `order` it does not know). The result is a request that passes validation,
 * so one junk field at a time reaches the handler.
 */
async function learnFields(fx: Fixture, route: Route, url: string) {
  const send = (fields: Record<string, unknown>) => fx.site.app.inject({ ...withFields(route, url, fields), headers: { authorization: fx.tokens.admin } });
  const required = erroredFields(await send({}));
  const baseline: Record<string, unknown> = {};
  for (const name of new Set([...required, ...OPTIONAL_FIELDS])) baseline[name] = plausibleValue(name, fx.ids);
  for (let round = 0; round < 3; round++) {
    const refused = erroredFields(await send(baseline)).filter((f) => !required.includes(f));
    if (!refused.length) break;
    for (const f of refused) delete baseline[f];
  }
  return { required, baseline };
}

/** Puts a field set into the request: the query string of a GET, else a JSON body. */
function withFields(route: Route, url: string, fields: Record<string, unknown>): InjectOptions {
  if (route.method === 'GET') {
    const query: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(fields)) query[k] = queryValue(v);
    return { method: route.method, url, query };
  }
  return { method: route.method, url, payload: fields as object };
}

function casesFor(route: Route, fx: Fixture, rng: Rng, fields: { required: string[]; baseline: Record<string, unknown> }): Case[] {
  const cases: Case[] = [];
  const params = route.url.match(/:\w+/g) ?? [];
  const fill = (value: string) => params.reduce((u, p) => u.replace(p, value), route.url);
  const url = fill(fx.ids.question!);
  for (const segment of params.length ? junkPathSegments : []) cases.push({ name: `path ${JSON.stringify(segment)}`, request: { method: route.method, url: fill(segment) } });

  const { required, baseline } = fields;
  const names = [...new Set([...required, ...OPTIONAL_FIELDS])];
  cases.push({ name: 'plausible', request: withFields(route, url, baseline) });
  for (const name of names) {
    const tries = required.includes(name) ? 6 : 2;
    // NUL (PostgreSQL's 500) in every field and ids beyond BIGINT in every id field, plus random junk.
    const always = name.endsWith('id') ? ['before\u0000after', '9'.repeat(38), '9'.repeat(19)] : ['before\u0000after'];
    for (const junk of [...always, ...pick(rng, junkValues, tries)]) {
      cases.push({ name: `${name}=${describeJunk(junk)}`, request: withFields(route, url, { ...baseline, [name]: junk }) });
    }
  }
  // Every field at once as a repeated query key (?id=1&id=2), and as the wrong shape of body.
  const doubled = Object.fromEntries(names.map((n) => [n, [queryValue(plausibleValue(n, fx.ids)).toString(), '2']]));
  cases.push({ name: 'repeated query keys', request: { method: route.method, url, query: doubled } });
  if (route.method !== 'GET') {
    const raw = (name: string, body: string, contentType: string) =>
      cases.push({ name, request: { method: route.method, url, payload: body, headers: { 'content-type': contentType } } });
    raw('malformed JSON', '{"title": "x", ', 'application/json');
    raw('JSON array body', '[1, "two", null]', 'application/json');
    raw('JSON null body', 'null', 'application/json');
    raw('JSON string body', '"just a string"', 'application/json');
    raw('deeply nested JSON', `${'['.repeat(20000)}${']'.repeat(20000)}`, 'application/json');
    raw('plain text body', 'title=x&content=y', 'text/plain');
    raw('form body', 'title=x&content=y', 'application/x-www-form-urlencoded');
    raw('multipart without boundary', 'garbage', 'multipart/form-data');
    raw('JSON with a bad charset', '{}', 'application/json; charset=utf-7');
  }
  return cases;
}

function describeJunk(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${JSON.stringify(s.slice(0, 20))}...(${s.length} chars)` : JSON.stringify(s);
}

/** Cases that say the same for every role: oversized bodies and broken headers, sent once. */
function visitorOnlyCases(route: Route, url: string): Case[] {
  const cases: Case[] = [
    { name: 'garbage token', request: { method: route.method, url, headers: { authorization: 'Bearer \u00ff\u00fe garbage' } } },
    { name: 'odd Accept-Language', request: { method: route.method, url, headers: { 'accept-language': 'xx-\u00ff;q=abc, *;q=-1' } } },
    { name: 'percent-encoded NUL and broken escapes', request: { method: route.method, url: `${url}?id=%00&page=%E0%A4%A&page_size=%FF` } },
  ];
  if (route.method !== 'GET') {
    cases.push({ name: 'body over the limit', request: { method: route.method, url, payload: JSON.stringify({ content: 'x'.repeat(1_100_000) }), headers: { 'content-type': 'application/json' } } });
  }
  return cases;
}

/**
 * Sessions the corpus ended (logout, e-mail change) are replaced, so later routes still run signed
 * in. Each login comes from a new address: the corpus itself has used up 127.0.0.1's login limit.
 */
let logins = 0;
async function keepSignedIn(fx: Fixture) {
  for (const role of ['member', 'admin'] as const) {
    if (await resolveSession(fx.site.runtime.database, fx.tokens[role])) continue;
    const account = fx.accounts[role];
    logins++;
    fx.tokens[role] = await login(fx.site, account.email, account.password, `10.99.${logins >> 8}.${logins & 255}`);
  }
}

async function seed(site: TestSite): Promise<Fixture> {
  const admin = await adminOf(site);
  const fuzzer = await member(site, 'fuzzmember', 2000);
  const api = async (method: 'POST' | 'PUT', url: string, token: string, payload: object) => {
    const res = await site.app.inject({ method, url: `/answer/api/v1${url}`, headers: { authorization: token }, payload });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    return res.json().data;
  };
  const question = await api('POST', '/question', fuzzer.token, { title: 'A question for the fuzzer', content: 'Body of the fuzzed question.', tags: [{ slug_name: 'fuzz' }] });
  const answer = await api('POST', '/answer', admin.token, { question_id: question.id, content: 'An answer to be fuzzed.' });
  const comment = await api('POST', '/comment', admin.token, { object_id: question.id, original_text: 'A comment to be fuzzed.' });
  const tag = (await site.runtime.database.selectFrom('tag').select('id').where('slug_name', '=', 'fuzz').executeTakeFirstOrThrow()).id;
  return {
    site,
    tokens: { visitor: '', member: fuzzer.token, admin: admin.token },
    accounts: {
      member: { ...fuzzer, email: 'fuzzmember@example.com', password: 'password-123' },
      admin: { ...admin, email: ADMIN.email, password: ADMIN.password },
    },
    ids: { question: question.id, answer: answer.id, comment: comment.comment_id, tag: String(tag), user: fuzzer.id },
  };
}

describe.each(dialectTargets())('no bad input gives a 5xx on $name', (target) => {
  let fx: Fixture;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    const started = await siteOn(target);
    stop = started.stop;
    fx = await seed(started.site);
  });
  afterAll(async () => stop?.());

  it('finds the routes of the API, the admin API and the installer', () => {
    expect(routes.length).toBeGreaterThan(60);
    for (const prefix of ['/answer/api/v1/', '/answer/admin/api/', '/installation/']) expect(routes.some((r) => r.url.startsWith(prefix))).toBe(true);
  });

  it('page and feed paths: control characters and broken escapes in path and query values', async () => {
    const junk = ['%00', 'a%00b', '%01x', '%C2%85', '%EF%BF%BF', '%ED%A0%80', '%E0%A4%A', '%FF'];
    const shapes = [
      '/tags/J', '/tags/J/info', '/users/J', '/users/J/answers', '/badges/J', '/questions/J', '/questions/Q/J',
      '/feeds/tags/J.atom', '/feeds/questions/J.atom', '/sitemap/J', '/uploads/J', '/J',
      '/questions?tag=J', '/questions?order=J&page=J', '/questions/Q?share=J', '/search?q=J', '/tags?query=J', '/users?J=1',
    ];
    const failures: string[] = [];
    for (const shape of shapes) {
      for (const value of junk) {
        const url = shape.replace('Q', fx.ids.question!).replace(/J/g, value);
        for (const role of ['visitor', 'member'] as const) {
          const token = fx.tokens[role];
          const res = await fx.site.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
          if (res.statusCode >= 500) failures.push(`${url} as ${role}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (label, route) => {
    const rng = mulberry32(SEED ^ hash(label));
    const url = route.url.replace(/:\w+/g, fx.ids.question!);
    const fields = await learnFields(fx, route, url);
    const failures: string[] = [];
    const run = async (role: Role, c: Case) => {
      const token = fx.tokens[role];
      const headers = { ...(token ? { authorization: token } : {}), ...(c.request.headers ?? {}) };
      let status: number;
      let text = '';
      try {
        const res = await fx.site.app.inject({ ...c.request, headers });
        status = res.statusCode;
        text = res.body;
      } catch (err) {
        status = -1;
        text = String(err);
      }
      const fail = (why: string) => failures.push(`[seed ${SEED}] ${label} as ${role}, ${c.name}: ${why} ${status} ${text.slice(0, 300)}`);
      if (status >= 500 || status < 0) fail('server error');
      else if (status >= 400 && isApiPath(route.url) && !isEnvelopeOf(text, status)) fail('not an envelope');
    };
    for (const c of visitorOnlyCases(route, url)) await run('visitor', c);
    for (const role of ['visitor', 'member', 'admin'] as const) {
      for (const c of casesFor(route, fx, rng, fields)) await run(role, c);
      await keepSignedIn(fx);
    }
    expect(failures).toEqual([]);
  });
});

/** A refusal of the API is still the `{code, reason, msg, data}` envelope, with code = status. */
function isEnvelopeOf(text: string, status: number): boolean {
  try {
    const body = JSON.parse(text);
    return body.code === status && typeof body.reason === 'string' && typeof body.msg === 'string' && 'data' in body;
  } catch {
    return false;
  }
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
