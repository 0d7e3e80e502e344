import fs from 'node:fs';
import path from 'node:path';
import { type ConfigValues, type Translatable, translate, type WebPart } from '@answer/plugin-sdk';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../core/errors.js';
import type { Runtime } from '../../runtime.js';
import { pluginContext } from './context.js';
import type { PluginEntry } from './registry.js';
import { jsonForScript } from '../pages/html-escape.js';
import { isEnabled, pluginsWithState } from './service.js';
import { loadPluginState } from './state.js';

/** An enabled plugin's web part, as the app loads it (web/src/plugins). */
export interface PluginWebPart {
  slug_name: string;
  module: string | null;
  styles: string[];
  config: Record<string, unknown>;
  pages: { path: string; title: string }[];
}

/** Files a web part may serve, by extension: scripts, styles, fonts and images only. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

const urlOf = (slug: string, file: string) => `/plugins/${slug}/${file.split('/').map(encodeURIComponent).join('/')}`;

/** The web parts of the enabled plugins, with what each chose to let the browser see of its settings. */
export async function webParts(runtime: Runtime, language = 'en_US'): Promise<PluginWebPart[]> {
  if (!runtime.installed) return [];
  const parts: PluginWebPart[] = [];
  for (const { entry, enabled } of await pluginsWithState(runtime)) {
    const web = entry.plugin?.web;
    if (!enabled || !web) continue;
    const ctx = await pluginContext(runtime, entry);
    let config: Record<string, unknown> = {};
    try {
      config = entry.plugin!.publicConfig?.(ctx.config()) ?? {};
    } catch (error) {
      runtime.plugins.recordFailure(entry.slug, 'publicConfig', error instanceof Error ? error.message : String(error));
    }
    parts.push({
      slug_name: entry.slug,
      module: web.module ? urlOf(entry.slug, web.module) : null,
      styles: stylesOf(web.styles, ctx.config()).map((file) => urlOf(entry.slug, file)),
      config,
      pages: pagesOf(web.pages, ctx.config()).map((p) => ({ path: p.path.replace(/^\/+/, ''), title: translate(p.title, language) })),
    });
  }
  return parts;
}

/**
 * The web parts as a page carries them: the JSON of its inline data and the <link> elements of
 * their stylesheets. Kept per plugin state (a new state object after every change) and language,
 * so a page costs a lookup.
 */
const pageParts = new WeakMap<object, Map<string, { json: string; links: string }>>();
export async function webPartsForPage(runtime: Runtime, language: string): Promise<{ json: string; links: string }> {
  const state = await loadPluginState(runtime);
  let byLanguage = pageParts.get(state);
  if (!byLanguage) pageParts.set(state, (byLanguage = new Map()));
  let found = byLanguage.get(language);
  if (!found) {
    const parts = await webParts(runtime, language);
    const links = parts.flatMap((p) => p.styles.map((href) => `  <link rel="stylesheet" href="${escapeAttribute(href)}" data-plugin="${escapeAttribute(p.slug_name)}">\n`)).join('');
    byLanguage.set(language, (found = { json: jsonForScript(parts), links }));
  }
  return found;
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function stylesOf(styles: WebPart['styles'], values: ConfigValues): string[] {
  try {
    const list = typeof styles === 'function' ? styles(values) : (styles ?? []);
    return Array.isArray(list) ? list.filter((file) => typeof file === 'string' && /^[\w./-]+\.css$/.test(file) && !file.includes('..')) : [];
  } catch {
    return [];
  }
}

function pagesOf(pages: WebPart['pages'], values: ConfigValues): { path: string; title: Translatable }[] {
  try {
    const list = typeof pages === 'function' ? pages(values) : (pages ?? []);
    return Array.isArray(list) ? list.filter((p) => typeof p?.path === 'string' && /^[a-z0-9][a-z0-9/_-]{0,199}$/i.test(p.path.replace(/^\/+/, ''))) : [];
  } catch {
    return [];
  }
}

/** Whether a page path belongs to an enabled plugin's web part (the server answers 200 for it). */
export async function isPluginPage(runtime: Runtime, pathname: string): Promise<boolean> {
  const wanted = pathname.replace(/^\/+|\/+$/g, '');
  return (await webParts(runtime)).some((part) => part.pages.some((p) => p.path === wanted));
}

/**
 * GET /plugins/{slug}/{file}: the files of an enabled plugin's web folder, from our own origin so
 * the CSP needs no other source. Nothing outside that folder, nothing of a disabled plugin.
 */
export async function pluginFileRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  app.get('/plugins/:slug/*', async (request, reply) => {
    const { slug, '*': rest } = request.params as { slug: string; '*': string };
    const entry = runtime.installed ? runtime.plugins.get(slug) : undefined;
    const file = entry && (await isEnabled(runtime, entry)) ? webFile(entry, rest) : null;
    if (!file) throw notFound();
    return reply
      .type(TYPES[path.extname(file).toLowerCase()]!)
      .header('Cache-Control', 'public, max-age=3600')
      .header('X-Content-Type-Options', 'nosniff')
      .send(fs.createReadStream(file));
  });
}

function webFile(entry: PluginEntry, rest: string): string | null {
  const web = entry.plugin?.web;
  if (!web || !entry.source || !TYPES[path.extname(rest).toLowerCase()]) return null;
  try {
    // Real paths, so a link inside the folder cannot lead out of it.
    const dir = fs.realpathSync(path.resolve(entry.source.root, web.dir));
    const file = fs.realpathSync(path.resolve(dir, rest));
    return file.startsWith(dir + path.sep) && fs.statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}
