import { randomBytes } from 'node:crypto';
import hljs from 'highlight.js/lib/common';
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Every stored text is Markdown rendered here with raw HTML off, then passed through an allow-list
 * sanitiser: markdown-it's own escaping is the first line, sanitize-html the second.
 */
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The one configuration of post Markdown (a plugin-extended renderer starts from the same). */
const newMarkdown = () =>
  new MarkdownIt({
    html: false,
    linkify: true,
    breaks: true,
    // Highlighting happens here, once, so pages carry ready markup and no highlighter script.
    highlight(code: string, lang: string) {
      const language = lang && hljs.getLanguage(lang) ? lang : null;
      const body = language ? hljs.highlight(code, { language, ignoreIllegals: true }).value : escapeHtml(code);
      return `<pre><code class="hljs${language ? ` language-${language}` : ''}">${body}</code></pre>`;
    },
  });

const md = newMarkdown();

// Links only to the web and site-relative paths (domain.md 1.11); everything else is dropped.
const SAFE_SCHEMES = ['http', 'https', 'mailto'];

const POST_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'kbd', 'em', 'strong', 'del',
    's', 'sup', 'sub', 'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    code: ['class'],
    span: ['class'],
    th: ['style'],
    td: ['style'],
    ol: ['start'],
  },
  allowedClasses: { code: ['hljs', /^language-[\w-]+$/], span: [/^hljs[\w-]*$/] },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: SAFE_SCHEMES,
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer' }) },
};

/** Bios and other short profile texts: inline emphasis and line breaks only. */
const BASIC_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'b', 'br', 'strong', 'em'],
  allowedAttributes: {},
};

/**
 * What enabled render plugins add (features/plugin/render.ts): markdown-it rules, and the markup
 * those rules make that the sanitiser must let through. Applied to posts rendered from then on.
 */
export interface MarkdownExtension {
  extend?(md: InstanceType<typeof MarkdownIt>): void;
  allowedMarkup?: { tags?: string[]; classes?: Record<string, string[]>; attributes?: Record<string, string[]> };
}

/**
 * Post Markdown with render plugins' extensions: the renderer and the sanitiser's policy. Used for
 * the site's posts (setMarkdownExtensions) and by the plugins' tests, which render exactly so.
 */
export function markdownPipeline(extensions: MarkdownExtension[]) {
  const renderer = extensions.length ? newMarkdown() : md;
  const policy: sanitizeHtml.IOptions = {
    ...POST_POLICY,
    allowedTags: [...(POST_POLICY.allowedTags as string[])],
    allowedAttributes: { ...(POST_POLICY.allowedAttributes as Record<string, string[]>) },
    allowedClasses: { ...POST_POLICY.allowedClasses },
  };
  for (const extension of extensions) {
    extension.extend?.(renderer);
    const markup = extension.allowedMarkup ?? {};
    for (const tag of markup.tags ?? []) if (!(policy.allowedTags as string[]).includes(tag)) (policy.allowedTags as string[]).push(tag);
    for (const [tag, classes] of Object.entries(markup.classes ?? {})) {
      const before = policy.allowedClasses![tag];
      policy.allowedClasses![tag] = [...(Array.isArray(before) ? before : []), ...classes];
      const attributes = (policy.allowedAttributes as Record<string, string[]>)[tag] ?? [];
      if (!attributes.includes('class')) (policy.allowedAttributes as Record<string, string[]>)[tag] = [...attributes, 'class'];
    }
    for (const [tag, names] of Object.entries(markup.attributes ?? {})) {
      // Event handlers and inline styles never pass, whatever a plugin asks for.
      const safe = names.filter((n) => !/^on/i.test(n) && n.toLowerCase() !== 'style');
      (policy.allowedAttributes as Record<string, string[]>)[tag] = [...new Set([...((policy.allowedAttributes as Record<string, string[]>)[tag] ?? []), ...safe])];
    }
  }
  const sanitize = (html: string) => sanitizeHtml(html ?? '', policy);
  return {
    md: renderer,
    raw: (text: string) => renderer.render(text ?? ''),
    sanitize,
    sanitizeMany: (htmls: readonly string[]) => sanitizeMany(htmls, sanitize),
    render: (text: string) => sanitize(renderer.render(text ?? '')).trim(),
  };
}

/** Letters and digits, which the sanitiser neither escapes nor splits; random, so no text holds it by chance or design. */
const PIECE_MARK = `pc${randomBytes(8).toString('hex')}m`;
const PIECE_MARKS = new RegExp(`\\n${PIECE_MARK}(\\d+)z\\n`, 'g');

/**
 * Many HTML texts through one sanitiser call: sanitize-html spends some 20 µs setting up each call
 * (it builds its frame constructor and option maps anew), more than a short text's own work, which
 * an import of a million comments pays a million times. The texts are joined with marks (after a
 * newline, so that no entity of the text before runs into one) and the result cut at them. This
 * gives each text exactly what sanitising it alone gives only if each one ends where the parser
 * began: every element closed, no comment, raw-text element or attribute left open. Callers pass
 * only such texts (markdown-it's output with raw HTML off always is); a mark missing or out of
 * order falls back to one call per text.
 */
function sanitizeMany(htmls: readonly string[], sanitize: (html: string) => string): string[] {
  if (htmls.length < 2) return htmls.map(sanitize);
  const joined = sanitize(htmls.map((html, i) => (i ? `\n${PIECE_MARK}${i}z\n${html ?? ''}` : (html ?? ''))).join(''));
  const pieces: string[] = [];
  let start = 0;
  for (const found of joined.matchAll(PIECE_MARKS)) {
    if (Number(found[1]) !== pieces.length + 1) return htmls.map(sanitize);
    pieces.push(joined.slice(start, found.index));
    start = found.index + found[0].length;
  }
  pieces.push(joined.slice(start));
  return pieces.length === htmls.length ? pieces : htmls.map(sanitize);
}

let posts = markdownPipeline([]);

export function setMarkdownExtensions(extensions: MarkdownExtension[]): void {
  posts = markdownPipeline(extensions);
}

export function renderMarkdown(text: string): string {
  return posts.render(text);
}

/** What renderMarkdown gives each text, in one sanitiser call for all of them (sanitizeMany; for imports' many short texts). */
export function renderMarkdownMany(texts: readonly string[]): string[] {
  return posts.sanitizeMany(texts.map(posts.raw)).map((html) => html.trim());
}

export function renderBasic(text: string): string {
  return sanitizeHtml(md.render(text ?? ''), BASIC_POLICY).trim();
}

/** Any HTML reduced to safe post markup (used for HTML that clients send alongside Markdown). */
export const sanitizePostHtml = (html: string) => posts.sanitize(html);

/** sanitizePostHtml for many texts in one call: each must leave the parser where it began (see sanitizeMany). */
export const sanitizePostHtmlMany = (htmls: readonly string[]) => posts.sanitizeMany(htmls);

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&amp;': '&', '&nbsp;': ' ' };
/** Elements that separate words when read; any other tag sits inside a word or sentence. */
const BLOCK_TAG = /<\/?(?:p|div|br|hr|li|ul|ol|h[1-6]|pre|blockquote|table|thead|tbody|tr|td|th|img|dl|dt|dd)\b[^>]*>/gi;

/**
 * The text a reader sees in our own sanitised HTML: block tags become spaces, inline tags vanish (so
 * "<strong>this</strong>: that" reads "this: that"), entities are decoded, whitespace collapsed.
 * Stripping tags with patterns is exact for our markup, and far cheaper than parsing, which list
 * pages would pay 20 times. Search indexes this text and cuts its excerpts from it.
 */
export function plainText(html: string): string {
  return html
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:lt|gt|quot|#39|#x27|amp|nbsp);/g, (e) => ENTITIES[e]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Plain-text excerpt for lists (domain.md 1.11): code blocks shortened, then 240 characters of the text. */
export function excerpt(html: string, max = 240): string {
  const chars = [...plainText(html.replace(/<pre[\s\S]*?<\/pre>/g, ' {code...} '))];
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : chars.join('');
}
