import hljs from 'highlight.js/lib/common';
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Every stored text is Markdown rendered here with raw HTML off, then passed through an allow-list
 * sanitiser: markdown-it's own escaping is the first line, sanitize-html the second.
 */
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const md = new MarkdownIt({
  html: false,
  linkify: true,
  breaks: true,
  // Highlighting happens here, once, so pages carry ready markup and no highlighter script.
  highlight(code, lang) {
    const language = lang && hljs.getLanguage(lang) ? lang : null;
    const body = language ? hljs.highlight(code, { language, ignoreIllegals: true }).value : escapeHtml(code);
    return `<pre><code class="hljs${language ? ` language-${language}` : ''}">${body}</code></pre>`;
  },
});

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

export function renderMarkdown(text: string): string {
  return sanitizeHtml(md.render(text ?? ''), POST_POLICY).trim();
}

export function renderBasic(text: string): string {
  return sanitizeHtml(md.render(text ?? ''), BASIC_POLICY).trim();
}

/** Any HTML reduced to safe post markup (used for HTML that clients send alongside Markdown). */
export const sanitizePostHtml = (html: string) => sanitizeHtml(html ?? '', POST_POLICY);

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
