import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import type { SiteInfo } from '@answer/contract';
import { WEB_DIST } from '../../web-dist.js';
import { currentUserResponse, VISIT_COOKIE } from '../auth/common.js';
import { resolveLanguage } from '../../core/i18n.js';
import { counts } from '../../core/metrics-counts.js';
import { resolveSessionCached } from '../../core/session.js';
import { cachedRenderedPage } from '../question/list-cache.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { viewerOf } from '../question/views.js';
import { scriptSafeJson } from './html-escape.js';
import { readForReader } from './reader-reads.js';
import { renderHeaders, SAME_FOR_EVERY_READER } from './render-identity.js';

/** What the app's request client reads of a reply (web/src/api/client-env.ts, ApiReply). */
interface ApiReply {
  status: number;
  ok: boolean;
  json(): Promise<unknown>;
}
type ApiFetch = (url: string, init: RequestInit) => Promise<ApiReply>;

/** web/src/ssr/entry-server.tsx, as built into web/dist/ssr by `npm run build`. */
interface Renderer {
  prepare(): Promise<unknown>;
  render(input: { url: string; site: SiteInfo; fetch: ApiFetch; signedIn: boolean; language?: string }): Promise<Rendered>;
}

let loading: Promise<Renderer | null> | undefined;

/** The web app's server entry; null when the web app was built without it (or not at all). */
function renderer(): Promise<Renderer | null> {
  return (loading ??= (async () => {
    const file = path.join(WEB_DIST, 'ssr', 'entry-server.js');
    if (!fs.existsSync(file)) return null;
    return (await import(pathToFileURL(file).href)) as Renderer;
  })());
}

/** Loads the renderer and the page code it renders with, ahead of the first page. */
export async function warmRenderer(): Promise<void> {
  try {
    await (await renderer())?.prepare();
  } catch {
    // The first page tries again, and logs what went wrong.
  }
}

/**
 * The API as the page's reader would call it, without leaving the process: same routes, same
 * checks, same JSON. The reader's address and browser go along, so a view is counted for them.
 * The reply is handed over as the client reads it (status and JSON), not wrapped in a fetch
 * Response: building one per call, with its body stream, was a tenth of a signed-in page's CPU.
 */
function inProcessFetch(request: FastifyRequest, visit: string, readerIndependent?: Set<string>): ApiFetch {
  return async (url, init) => {
    const reply = await injectAs(request, visit, url, init);
    if (readerIndependent && reply.statusCode === 200 && reply.headers[SAME_FOR_EVERY_READER]) readerIndependent.add(url);
    return { status: reply.statusCode, ok: reply.statusCode >= 200 && reply.statusCode < 300, json: async () => JSON.parse(reply.body) as unknown };
  };
}

function injectAs(request: FastifyRequest, visit: string, url: string, init: RequestInit) {
  const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
  delete headers.Authorization;
  return request.server.inject({
    method: (init.method ?? 'GET') as 'GET',
    url,
    headers: { ...headers, ...renderHeaders(visit), 'user-agent': request.headers['user-agent'] ?? '' },
    remoteAddress: request.ip,
    payload: init.body as string | undefined,
  });
}

/**
 * A rendered page: its HTML, what the browser starts from, and the API calls of each of its queries
 * (by query hash; server-side only): on a kept visitors' page, only the queries whose replies may
 * differ for a member. `readerJson`: what a member's page carries beyond the visitors' page, as
 * script-safe JSON text (web/src/app/initial-data.ts `reader`: the member, the queries to ask again
 * and each of their API calls as the member gets it, the reply envelope by URL).
 */
export type Rendered = { html: string; data: Record<string, unknown>; calls?: Record<string, string[]>; readerJson?: string };

/**
 * Renders under way at once. Each holds its data and HTML until it is sent, and the renders share
 * one thread anyway (ssr/render-lock.ts): past a few, more at once only add memory and make every
 * one of them later. The others wait for a slot before fetching anything.
 */
const RENDER_SLOTS = 4;
let slotsInUse = 0;
const waitingForSlot: (() => void)[] = [];

async function inRenderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (slotsInUse < RENDER_SLOTS) slotsInUse++;
  else await new Promise<void>((resolve) => waitingForSlot.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so a newcomer cannot take it in between.
    const next = waitingForSlot.shift();
    if (next) next();
    else slotsInUse--;
  }
}

/**
 * Visitors' pages that are kept: question pages, lists and tag pages, whose data the API keeps for
 * visitors per content generation or which every tag change renews (question/list-cache.ts), the
 * 404 page (no data), and the people and badge pages, renewed by the same generation on profile,
 * status, role and badge changes (a new badge award shows within the few seconds a page is kept).
 * A profile's other tabs (some are its owner's alone) are rendered per request.
 */
const CACHED_PAGES = /^\/(questions(\/.*)?|tags(\/.*)?|users(\/[^/]+)?|badges(\/[^/]+)?|404)?$/;

/** A member's home feed (followed tags) is theirs alone: visitors get the newest questions at that address. */
const PERSONAL_FEED = /[?&]order=recommend(&|$)/;

/**
 * The query parameters those pages read (web: list-params.ts, tag-list-params.ts, Comments.tsx,
 * UserSearch.tsx, badge-view.ts).
 * Any other is left out of the render and of the key, so random query strings share one page
 * instead of each rendering and keeping its own.
 */
const PAGE_PARAMS = new Set(['order', 'page', 'tag', 'sort', 'q', 'commentId', 'username']);

function keptPageUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(url.slice(mark + 1))) if (PAGE_PARAMS.has(name) && !kept.has(name)) kept.append(name, value);
  kept.sort();
  const query = kept.toString();
  return url.slice(0, mark) + (query ? `?${query}` : '');
}

/**
 * The page rendered by the app's own components for this reader, with the data it was rendered
 * from; null when there is no server entry or the render failed (the browser then renders it).
 * A visitor's question page or list is the same for every visitor: it is kept like the API's
 * visitor pages (until the content changes, at most a few seconds).
 */
export async function renderApp(request: FastifyRequest, site: SiteInfo, url = request.url): Promise<Rendered | null> {
  const app = await renderer().catch((error: unknown) => {
    request.log.error({ err: error }, 'the web app server entry did not load');
    return null;
  });
  if (!app) return null;
  const runtime = request.server.runtime;
  // No cookies yet when a request is answered before they are parsed (a refused URL's 404 page).
  const cookie = request.cookies?.[VISIT_COOKIE] ?? '';
  // A cookie that names no live session is a visitor's: it gets the visitors' kept page.
  const session = cookie ? await resolveSessionCached(runtime.database, cookie, 'visit_token') : null;
  const visit = session ? cookie : '';
  const render = (at: string, reader: string, language?: string) =>
    inRenderSlot(async () => {
      // The calls a member need not ask again: the visitor got what anyone allowed to see it gets.
      const readerIndependent = reader ? undefined : new Set<string>();
      const started = performance.now();
      counts.renders++;
      const page = await app.render({ url: new URL(at, 'http://localhost').href, site, fetch: inProcessFetch(request, reader, readerIndependent), signedIn: reader !== '', language });
      counts.renderSeconds += (performance.now() - started) / 1000;
      return readerIndependent ? { ...page, calls: readerDependent(page.calls ?? {}, readerIndependent) } : page;
    });
  try {
    if (!CACHED_PAGES.test(url.split('?')[0]!) || (visit && PERSONAL_FEED.test(url))) return await render(url, visit);
    const at = keptPageUrl(url);
    const settings = settingsTag(await loadSiteSettings(runtime));
    const visitorsPage = async (language?: string) =>
      (await cachedRenderedPage(runtime, ['rendered-page', settings, language ?? '', at], () => render(at, '', language))).data;
    if (!session) return await visitorsPage();
    // A member gets the visitors' page in their language with their own replies to its calls, which
    // the browser lays over it once hydrated: the same page as a render of their own, for the cost
    // of a few cached API reads instead of a render (issue 25).
    // What GET /user/info answers a render's call (no access token goes into a page).
    const user = await currentUserResponse(runtime, session.id, { accessToken: '' });
    const page = await visitorsPage(memberLanguage(user));
    const language = String(page.data.language ?? request.lang);
    const reader = { user: session, lang: resolveLanguage(language), viewer: () => viewerOf(request, session) };
    const calls = page.calls ?? {};
    // The replies go into the page as the API wrote them: spliced as text, never parsed again. The
    // API's read routes answer in process (reader-reads.ts); any other call goes through the app.
    const replies = await Promise.all(
      [...new Set(Object.values(calls).flat())].map(async (call) => {
        let body = await readForReader(runtime, call, reader);
        if (body === undefined) {
          const reply = await injectAs(request, visit, call, { headers: { 'Accept-Language': language } });
          body = reply.statusCode === 200 ? reply.body : null;
        }
        return body === null ? '' : `${JSON.stringify(call)}:${body}`;
      }),
    );
    const readerJson = scriptSafeJson(`{"user":${JSON.stringify(user)},"queries":${JSON.stringify(Object.keys(calls))},"replies":{${replies.filter(Boolean).join(',')}}}`);
    return { ...page, readerJson };
  } catch (error) {
    request.log.error({ err: error, url: request.url }, 'server render failed; the page is sent for the browser to render');
    return null;
  }
}

/** The queries that made a call whose reply may differ by reader, with their calls. */
function readerDependent(calls: Record<string, string[]>, readerIndependent: Set<string>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(calls).filter(([, urls]) => urls.some((url) => !readerIndependent.has(url))));
}

/** The language a member chose, if any (web/src/i18n/load-language.ts pickLanguage: "Default" is none). */
function memberLanguage(user: unknown): string | undefined {
  const language = (user as { language?: unknown } | null)?.language;
  return typeof language === 'string' && language && language !== 'Default' ? language : undefined;
}

/** The loaded settings stay one object until changed: a page rendered with older ones is not reused. */
const settingsTags = new WeakMap<object, string>();
function settingsTag(settings: object): string {
  let tag = settingsTags.get(settings);
  if (!tag) settingsTags.set(settings, (tag = randomUUID()));
  return tag;
}
