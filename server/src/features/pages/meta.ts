import { escapeHtml, jsonForScript } from './html-escape.js';

/** What a page tells search engines and link previews about itself, rendered into <head>. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page in its canonical form. */
  canonical: string;
  type: 'website' | 'article' | 'profile';
  siteName: string;
  /** Absolute URL of the page's Atom feed. */
  feed?: string;
  /** A schema.org object, written as an application/ld+json data block. */
  jsonLd?: unknown;
}

/** Meta descriptions are cut near where search engines cut them. */
export const DESCRIPTION_LENGTH = 160;

/** A plain-text description cut at a word near `max` characters. */
export function describe(text: string, max = DESCRIPTION_LENGTH): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The <head> elements of a page; `nonce` is the response's CSP nonce. */
export function renderHead(meta: PageMeta, nonce: string): string {
  const e = escapeHtml;
  const lines = [
    `<title>${e(meta.title)}</title>`,
    `<meta name="description" content="${e(meta.description)}">`,
    `<link rel="canonical" href="${e(meta.canonical)}">`,
    `<meta property="og:title" content="${e(meta.title)}">`,
    `<meta property="og:description" content="${e(meta.description)}">`,
    `<meta property="og:url" content="${e(meta.canonical)}">`,
    `<meta property="og:type" content="${meta.type}">`,
    `<meta property="og:site_name" content="${e(meta.siteName)}">`,
    '<meta name="twitter:card" content="summary">',
    `<meta name="twitter:title" content="${e(meta.title)}">`,
    `<meta name="twitter:description" content="${e(meta.description)}">`,
  ];
  if (meta.feed) lines.push(`<link rel="alternate" type="application/atom+xml" title="${e(meta.title)}" href="${e(meta.feed)}">`);
  // A data block is never executed, so the policy's script-src does not apply; the nonce is
  // there all the same, should a browser or a future policy treat it as a script.
  if (meta.jsonLd !== undefined) lines.push(`<script type="application/ld+json" nonce="${nonce}">${jsonForScript(meta.jsonLd)}</script>`);
  return lines.join('\n    ');
}
