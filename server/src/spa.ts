import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { sendPage } from './core/page-compression.js';
import { newNonce, setHtmlHeaders } from './core/security-headers.js';
import { creditShare } from './features/badge/share.js';
import { type Rendered, renderApp } from './features/pages/app-render.js';
import { jsonForScript } from './features/pages/html-escape.js';
import { renderHead, type PageMeta } from './features/pages/meta.js';
import { pageAssetLinks } from './features/pages/page-assets.js';
import { staticPrefix } from './features/plugin/cdn.js';
import { webPartsForPage } from './features/plugin/web.js';
import { publicSiteInfo } from './features/siteinfo/public-info.js';
import type { Runtime } from './runtime.js';
import { WEB_DIST } from './web-dist.js';

export { WEB_DIST };

// Written by Vite wherever a nonce belongs (html.cspNonce in web/vite.config.ts); replaced per response.
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

let indexHtml: string | null = null;
function readIndex(): string {
  if (indexHtml === null || process.env.NODE_ENV === 'development') {
    const file = path.join(WEB_DIST, 'index.html');
    indexHtml = fs.existsSync(file)
      ? fs.readFileSync(file, 'utf8')
      : '<!doctype html><html><head><title>Answer</title></head><body><div id="root"><div>The web app is not built yet: run <code>npm run build</code>.</div></div></body></html>';
  }
  return indexHtml;
}

/** What one page adds to the shell; nothing at all is the bare shell of before. */
export interface ShellContent {
  status?: number;
  /** Title, description, canonical URL and the rest of <head> (features/pages/meta.ts). */
  meta?: PageMeta;
  /**
   * The module of the page's code (features/pages/rendered-routes.ts), to render the page with the
   * app's components for this reader (features/pages/app-render.ts): the HTML goes inside the root
   * element, which the app hydrates, with the data it was rendered from; the page's code and
   * styles are linked from the head.
   */
  render?: string;
}

const TITLE = /<title>[\s\S]*?<\/title>/;
const HEAD_END = '</head>';
const NOT_FOUND_PAGE = '/404';
// The app's own files in the page's head (before the page's HTML goes into the root element).
const STATIC_REF = /\b(src|href)="\/static\//g;
// The root element of web/index.html (and of the stand-in above) with the one element inside it.
const ROOT = /<div id="root"[^>]*>\s*<div[^>]*>[\s\S]*?<\/div>\s*<\/div>/;
// Where the inline data and the rendered page go in the shell: they are filled in as bytes kept with
// the page (a kept page's HTML and data are encoded once, not again for every reply; encoding a
// member's 75 KB page was a sixth of its CPU). No shell holds a NUL character.
const DATA_SLOT = '\u0000initial-data\u0000';
const ROOT_SLOT = '\u0000root\u0000';

/** Every non-API path is the single-page app; before installation everything leads to /install. */
export async function serveSpa(runtime: Runtime, url: string, reply: FastifyReply, content: ShellContent = {}) {
  const pathname = url.split('?')[0]!;
  if (!runtime.installed && pathname !== '/install' && !pathname.startsWith('/50x')) return reply.redirect('/install');
  // A share credits only a page that exists.
  if (!content.status) await creditShare(runtime, reply.request);
  const nonce = newNonce();
  const slots: [string, Buffer[]][] = [];
  let cdn = '';
  let html = readIndex().replaceAll(NONCE_PLACEHOLDER, nonce);
  if (content.meta) html = html.replace(TITLE, () => renderHead(content.meta!, nonce));
  if (runtime.installed) {
    // The same JSON as GET /siteinfo, so the app starts without asking for it.
    const siteinfo = await publicSiteInfo(runtime);
    // A HEAD request (link checkers) gets the head alone.
    const rendered = content.render && reply.request.method === 'GET' ? await renderApp(reply.request, siteinfo) : null;
    const assets = rendered ? pageAssetLinks(content.render!, html, nonce) : '';
    // Enabled plugins' stylesheets and web parts (features/plugin/web.ts), so they apply from the first paint.
    const plugins = await webPartsForPage(runtime, siteinfo.interface.language);
    const script = `${assets}${plugins.links}  <script type="application/json" id="initial-data" nonce="${nonce}">${DATA_SLOT}</script>\n  </head>`;
    html = html.replace(HEAD_END, () => script);
    slots.push([DATA_SLOT, initialData(siteinfo, rendered, plugins.json)]);
    // A CDN plugin serves the app's files (features/plugin/cdn.ts); the page may load them from there.
    cdn = await staticPrefix(runtime);
    if (cdn) html = html.replace(STATIC_REF, (_, attribute: string) => `${attribute}="${cdn}/static/`);
    // `data-reader`: a visitors' page sent to a member, whose marks the app lays over it once hydrated.
    if (rendered) {
      html = html.replace(ROOT, () => `<div id="root" data-ssr${rendered.readerJson ? ' data-reader' : ''}>${ROOT_SLOT}</div>`);
      slots.push([ROOT_SLOT, [renderedBytes(rendered).html]]);
    } else if ((content.status === 404 || content.status === 410) && reply.request.method === 'GET') {
      // The app's 404 page, readable without JavaScript. It is the page of /404, not of this URL, so
      // the app draws this URL afresh instead of hydrating it (and shows its 404 page the same way).
      const page = await renderApp(reply.request, siteinfo, NOT_FOUND_PAGE);
      if (page) html = html.replace(ROOT, () => `<div id="root">${page.html}</div>`);
    }
  }
  if (content.status) reply.code(content.status);
  const origin = cdn ? new URL(cdn).origin : '';
  return sendPage(setHtmlHeaders(reply, nonce, origin ? { script: [origin], style: [origin] } : undefined).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8'), filled(html, slots));
}

/** The page's bytes: the shell's text with each slot (in the order they appear) replaced by its parts. */
function filled(html: string, slots: [string, Buffer[]][]): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (const [slot, bytes] of slots) {
    const at = html.indexOf(slot, from);
    // A shell without the place a slot goes (no </head> or root element) leaves that part out, as before slots.
    if (at < 0) continue;
    parts.push(Buffer.from(html.slice(from, at)), ...bytes);
    from = at + slot.length;
  }
  parts.push(Buffer.from(html.slice(from)));
  return parts;
}

/** Encoded once per object: the site info until its settings change. */
const siteInfoBytes = new WeakMap<object, Buffer>();

/** A rendered page's HTML and its data's members (the JSON without its braces), encoded once per render: a kept page's while it is kept. */
const pageBytes = new WeakMap<object, { html: Buffer; data: Buffer }>();
function renderedBytes(rendered: Rendered): { html: Buffer; data: Buffer } {
  let bytes = pageBytes.get(rendered.data);
  if (!bytes) pageBytes.set(rendered.data, (bytes = { html: Buffer.from(rendered.html), data: Buffer.from(jsonForScript(rendered.data).slice(1, -1)) }));
  return bytes;
}

/**
 * The page's inline data (web/src/app/initial-data.ts): the site info, what a rendered page was
 * rendered from, and a member's own replies. Put together from parts encoded once.
 */
function initialData(siteinfo: object, rendered: Rendered | null, pluginWeb: string): Buffer[] {
  let site = siteInfoBytes.get(siteinfo);
  if (!site) siteInfoBytes.set(siteinfo, (site = Buffer.from(jsonForScript(siteinfo))));
  const parts = [Buffer.from('{"siteinfo":'), site, Buffer.from(`,"plugin_web":${pluginWeb}`)];
  const data = rendered && renderedBytes(rendered).data;
  if (data?.length) parts.push(Buffer.from(','), data);
  if (rendered?.readerJson) parts.push(Buffer.from(`,"reader":${rendered.readerJson}`));
  parts.push(Buffer.from('}'));
  return parts;
}
