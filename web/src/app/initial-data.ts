import type { SiteInfo } from '@answer/contract';
import type { DehydratedState } from '@tanstack/react-query';
import type { PluginStatus, PluginWebPart, UcAgent, UserInfo } from '../api/types';

/**
 * What the server may write into the page (server/src/spa.ts): the site settings, and for a page it
 * rendered (src/ssr/entry-server.tsx) what it rendered from: the reader, the plugins, the login
 * agent, the language and every query the page made, which the app hydrates instead of asking again.
 */
export interface InitialData {
  siteinfo?: SiteInfo;
  user?: UserInfo | null;
  plugins?: PluginStatus[];
  /** The enabled plugins' browser parts (plugins/start.ts loads them once the app has started). */
  plugin_web?: PluginWebPart[];
  agent?: UcAgent | null;
  language?: string;
  queries?: DehydratedState;
  /**
   * On a visitors' page sent to a signed-in member (the page above is rendered as for visitors):
   * the member, the page's queries whose replies may differ for them (by query hash), and those
   * queries' API replies as they get them, laid over it once hydrated (app/reader-overlay.ts).
   */
  reader?: { user: UserInfo; queries: string[]; replies: Record<string, unknown> };
}

/** The token of the user a server render signed in (ssr/entry-server.tsx); the browser's own replaces it. */
export const RENDERED_SESSION = 'rendered';

let data: InitialData | undefined;

/** The inline data of this page; empty when the server wrote none (then everything is fetched). */
export function initialData(): InitialData {
  if (data === undefined) {
    const text = document.getElementById('initial-data')?.textContent;
    try {
      data = text ? (JSON.parse(text) as InitialData) : {};
    } catch {
      data = {};
    }
  }
  return data;
}

/**
 * The queries the page was rendered from, as of now: the server's and the browser's clocks may
 * differ, and data older than its stale time by the browser's clock would all be fetched again.
 */
export function renderedQueries(): DehydratedState {
  const state = initialData().queries ?? { queries: [], mutations: [] };
  const now = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = now;
  return state;
}

/** Whether the server rendered this page: then its data has the reader and the queries too. */
export const serverRendered = (): boolean => initialData().queries !== undefined;
