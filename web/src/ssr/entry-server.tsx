import type { SiteInfo } from '@answer/contract';
// The server renders every language at once: dayjs's Chinese locale is always there (the browser loads it with the strings).
import 'dayjs/locale/zh-cn';
import { type DehydratedState, dehydrate, type Query, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
// The edge build: the node build keeps a request store in an AsyncLocalStorage, which would switch
// on Node's promise hooks for the whole server (see request-context.ts).
import { renderToReadableStream } from 'react-dom/server.edge';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { getLanguageConfig, getPluginStatus, getUcAgent, getUserInfo } from '../api/common';
import type { ApiFetch } from '../api/client-env';
import { createQueryClient } from '../api/query-client';
import type { PluginStatus, UcAgent, UserInfo } from '../api/types';
import { preloadRenderedPages } from '../app/pages';
import { routes } from '../app/routes';
import { DEFAULT_LANGUAGE, initI18n } from '../i18n';
import { i18n } from '../i18n/translator';
import { pickLanguage } from '../i18n/load-language';
import { RENDERED_SESSION } from '../app/initial-data';
import { agentStore, pluginStore, siteStore } from '../state/site';
import { userStore } from '../state/user';
import { applyTimeZone } from '../utils/time-zone';
import { prefetchPage } from './prefetch';
import { withRenderLock } from './render-lock';
import { configureServerClient, type RenderRequest, runAs, withRenderContext } from './request-context';

/** What the server gives a render: the page's URL, the site, and its own API as the reader. */
export interface RenderInput {
  /** Absolute URL of the page (the router reads its path and query). */
  url: string;
  site: SiteInfo;
  /** Calls the server's API in process, as the reader (an anonymous reader has no session). */
  fetch: ApiFetch;
  /** Whether the reader has a session: only then is user/info asked. */
  signedIn: boolean;
  /**
   * A visitor's page in this language instead of the site's: the page a signed-in member gets
   * under their marks (server/src/features/pages/app-render.ts) is the visitors' page in theirs.
   */
  language?: string;
}

/** What the app starts from in the browser (web/src/app/initial-data.ts), with the HTML it hydrates. */
export interface RenderResult {
  html: string;
  data: {
    user: UserInfo | null;
    plugins: PluginStatus[];
    agent: UcAgent | null;
    language: string;
    queries: DehydratedState;
  };
  /**
   * The API calls (GET URLs, as the request client built them) each of the page's queries made, by
   * query hash. Not sent to the browser: the server asks the calls again as a signed-in member to
   * lay their marks over a visitors' page, and the browser asks those queries again, answered from
   * the member's replies (app/reader-overlay.ts).
   */
  calls: Record<string, string[]>;
}

// A page asks for data in waves (the question, then its answers, then each answer's comments):
// each pass renders, fetches what the render asked for, and renders again. Four cover every page;
// the bound only stops a page whose queries keep changing.
const MAX_PASSES = 6;

// How React marks a Suspense boundary it sent as a fallback, to be completed later in the stream.
const UNFINISHED_BOUNDARY = '<!--$?-->';

/** The time zone the last render set (utils/time-zone.ts keeps it in dayjs). */
let zone: string | undefined;

let ready: Promise<ReturnType<typeof createStaticHandler>> | undefined;

/** Once per process: English, the request client, the page code (so nothing suspends on the server). */
export function prepare() {
  return (ready ??= (async () => {
    configureServerClient();
    await Promise.all([initI18n(), preloadRenderedPages()]);
    return createStaticHandler(routes);
  })());
}

async function languageFor(lang: string, request: RenderRequest): Promise<string> {
  if (lang === DEFAULT_LANGUAGE || i18n.hasResourceBundle(lang)) return lang;
  const data = await runAs({ ...request, language: lang }, () => getLanguageConfig()).catch(() => null);
  const resources = (data && typeof data.ui === 'object' ? data.ui : data) as Record<string, unknown> | null;
  if (!resources) return DEFAULT_LANGUAGE;
  i18n.addResourceBundle(lang, resources);
  return lang;
}

/**
 * The reader as the app knows a signed-in user: by a token. The render asked as the visit cookie's
 * session, whose token stays in the browser; the browser puts its own back (app/boot.ts).
 */
const signedInReader = (user: UserInfo | null) => (user ? { ...user, access_token: RENDERED_SESSION } : null);

/** Queries the last render created and nobody has fetched yet (disabled ones stay so in the browser too). */
function waiting(client: QueryClient, asked: Set<string>): Query[] {
  return client
    .getQueryCache()
    .findAll()
    .filter((query) => {
      // The options of the observer that made the query: `enabled` lives there, not on the query's own type.
      const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
      const on = typeof enabled === 'function' ? enabled(query) : enabled !== false;
      return on && query.state.status === 'pending' && query.state.fetchStatus === 'idle' && !asked.has(query.queryHash);
    });
}

/** The whole page as one string, once everything in it is ready (no boundary left to stream in later). */
async function renderHtml(app: ReactNode): Promise<string> {
  const stream = await renderToReadableStream(app, {
    // React sends a large finished boundary apart, completed by an inline script; the page is
    // sent whole anyway, so every boundary stays in place, whatever its size.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
  });
  await stream.allReady;
  return new Response(stream).text();
}

/**
 * Renders a page with the app's own components: the data its components ask for is fetched from
 * the server's API as the reader would get it, and handed to the browser with the HTML, which the
 * app hydrates instead of asking again.
 */
export function render(input: RenderInput): Promise<RenderResult> {
  return withRenderContext(() => renderPage(input));
}

async function renderPage(input: RenderInput): Promise<RenderResult> {
  const handler = await prepare();
  const request: RenderRequest = { fetch: input.fetch, language: DEFAULT_LANGUAGE };
  const quiet = { passingError: true, ignore50x: true, allow401: true } as const;
  const [user, plugins, agent] = await runAs(request, () =>
    Promise.all([
      input.signedIn ? getUserInfo(quiet).then(signedInReader, () => null) : null,
      getPluginStatus(quiet).catch(() => []),
      getUcAgent(quiet).catch(() => null),
    ]),
  );
  request.language = await languageFor(pickLanguage(user?.language ?? input.language, input.site.interface.language), request);
  // From here on every call is made by one of the page's queries: each is recorded under its query.
  const calls: Record<string, string[]> = {};
  const recordedFor = (queryHash: string): RenderRequest => ({
    ...request,
    fetch: (url, init) => {
      if ((init.method ?? 'GET') === 'GET') (calls[queryHash] ??= []).push(url);
      return input.fetch(url, init);
    },
  });

  const context = await handler.query(new Request(input.url));
  if (context instanceof Response) throw new Error(`no page at ${input.url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = createQueryClient();
  // fetchQuery is where every prefetch (plain or infinite) starts a query's fetch.
  const fetchQuery = client.fetchQuery.bind(client);
  client.fetchQuery = ((options: Parameters<QueryClient['fetchQuery']>[0]) =>
    runAs(recordedFor(client.defaultQueryOptions(options).queryHash), () => fetchQuery(options))) as QueryClient['fetchQuery'];
  const app = (
    <StrictMode>
      <QueryClientProvider client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>
  );
  // The stores are the browser's globals: set for this reader inside the lock, just before rendering.
  const enter = async () => {
    siteStore.set(input.site);
    userStore.set(user);
    pluginStore.set(Array.isArray(plugins) ? plugins : []);
    agentStore.set(agent ?? null);
    // Both are costly to set (a time-zone check, listeners told of the language) and rarely change.
    if (zone !== input.site.interface.time_zone) applyTimeZone((zone = input.site.interface.time_zone));
    if (i18n.language !== request.language) i18n.changeLanguage(request.language);
  };

  // Each pass waits for everything the page suspends on (code of dialogs and menus loads on first
  // use), then fetches what the components asked for. The page is done when a pass found all its
  // data and code at hand: nothing was left waiting, no boundary was sent unfinished (which would
  // need an inline script to complete it, one the page's CSP would not run).
  await runAs(request, () => prefetchPage(client, new URL(input.url), user));
  const asked = new Set<string>();
  let html = '';
  for (let pass = 1; ; pass++) {
    html = await withRenderLock(async () => {
      await enter();
      return renderHtml(app);
    });
    const queries = waiting(client, asked);
    if ((!queries.length && !html.includes(UNFINISHED_BOUNDARY)) || pass === MAX_PASSES) break;
    for (const query of queries) asked.add(query.queryHash);
    await Promise.allSettled(queries.map((query) => runAs(recordedFor(query.queryHash), () => query.fetch())));
  }
  return {
    html,
    data: { user, plugins: Array.isArray(plugins) ? plugins : [], agent: agent ?? null, language: request.language, queries: dehydrate(client) },
    calls,
  };
}
