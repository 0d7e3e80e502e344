import { randomBytes } from 'node:crypto';
import hljs from 'highlight.js/lib/common';
import { sanitizePostHtml, sanitizePostHtmlMany } from '../../../core/markdown.js';

/**
 * A post's HTML as the dump has it, made into what we store as `parsed_text`: Stack Exchange
 * rendered it from Markdown already, so rendering our Markdown of it again would cost twice
 * (markdown-it, then sanitising) for nearly the same markup. Instead the dump's HTML is passed
 * through the same allow-list sanitiser as every post, so nothing outside the posts' markup
 * survives, after two cheap rewrites that give it the shape our renderer gives posts:
 *
 * - code blocks get our classes and highlighting: `<pre class="lang-js ..."><code>` (or a newer
 *   dump's `<code class="language-js">`) becomes `<pre><code class="hljs language-js">` with
 *   highlight.js's markup inside, exactly as a fenced block rendered here; a block without a
 *   language our highlighter knows gets `class="hljs"` alone, as here;
 * - the old presentational tags Stack Exchange let through (`<b>`, `<i>`, `<strike>`) become the
 *   ones our renderer writes (`<strong>`, `<em>`, `<del>`), and a definition list's terms and
 *   definitions paragraphs, instead of being stripped to text run together.
 *
 * The Markdown kept for editing is converted from the same HTML (html-markdown.ts); an edit
 * renders it anew, so an edited post is exactly like one written here.
 */
export function dumpPostHtml(html: string): string {
  return dumpPostHtmls([html])[0]!;
}

/**
 * dumpPostHtml for many posts, with one sanitiser call for all those that close what they open
 * (selfContained): the sanitiser's set-up costs as much as a short post's own work (see
 * sanitizeMany in core/markdown.ts). Any other post is sanitised alone, so each result is what
 * dumpPostHtml gives it.
 */
export function dumpPostHtmls(htmls: readonly string[]): string[] {
  const posts = htmls.map((html) => {
    const highlighted: string[] = [];
    return { html, highlighted, shaped: html ? shape(html, html.includes(MARK) ? null : highlighted) : '' };
  });
  const together = posts.filter((p) => p.shaped && selfContained(p.shaped));
  const sanitised = sanitizePostHtmlMany(together.map((p) => p.shaped));
  const clean = new Map(together.map((p, i) => [p, sanitised[i]!]));
  return posts.map((p) => (p.html ? withHighlighting(p.html, (clean.get(p) ?? sanitizePostHtml(p.shaped)).trim(), p.highlighted) : ''));
}

/**
 * The sanitiser would parse every span of the highlighting, up to a third of its work on a post
 * with code: highlighted blocks stand as marks while the rest is sanitised, and come back as the
 * sanitiser would have left them (sanitisedHighlight). A mark found anywhere but alone in its
 * code element (a block inside a comment, an attribute or a dropped element) means the block's
 * context matters: the post is then sanitised with its highlighting in place, as before.
 */
function withHighlighting(html: string, clean: string, highlighted: string[]): string {
  if (!highlighted.length) return clean;
  const seen = new Array<boolean>(highlighted.length).fill(false);
  let ok = true;
  const out = clean.replace(MARKED, (_, open: string, n: string) => {
    const i = Number(n);
    ok &&= i < highlighted.length && !seen[i];
    seen[i] = true;
    return `${open}${sanitisedHighlight(highlighted[i] ?? '')}</code>`;
  });
  return ok && !seen.includes(false) && !out.includes(MARK) ? out : dumpPostHtmlWhole(html);
}

/** The same HTML sanitised in one piece, highlighting included: what dumpPostHtml returns, at the sanitiser's full cost. */
export function dumpPostHtmlWhole(html: string): string {
  return html ? sanitizePostHtml(shape(html, null)).trim() : '';
}

/**
 * The dump's HTML with our code blocks and tags. With `highlighted`, a block's highlighting is put
 * there, and the block holds a mark (its index) instead; without, the highlighting is in place.
 */
function shape(html: string, highlighted: string[] | null): string {
  let shaped = html.includes('<pre') ? html.replace(CODE_BLOCK, (_, pre: string, code: string, body: string) => codeBlock(pre, code, body, highlighted)) : html;
  if (OLD_TAG.test(shaped)) shaped = shaped.replace(OLD_TAG_ALL, (_, slash: string, tag: string) => `<${slash}${NEW_TAG[tag.toLowerCase()]}`);
  return shaped;
}

/** Letters and digits, which the sanitiser neither escapes nor splits; random, so no dump holds it by chance or design. */
const MARK = `hl${randomBytes(8).toString('hex')}m`;
const MARKED = new RegExp(`(<code\\b[^>]*>)${MARK}(\\d+)z</code>`, 'g');

/**
 * What the sanitiser makes of highlight.js's markup: its text is escaped as the sanitiser escapes
 * text (quotes left as they are), and each distinct span tag is put through the sanitiser once
 * (class names it does not allow, such as `function_`, dropped). highlight.js writes nothing else.
 */
function sanitisedHighlight(markup: string): string {
  return markup.replace(HLJS_PARTS, (part, classes: string | undefined) => (classes === undefined ? (part === '&quot;' ? '"' : "'") : spanTag(classes)));
}

const HLJS_PARTS = /<span class="([^"]*)">|&quot;|&#x27;/g;
const spanTags = new Map<string, string>();

function spanTag(classes: string): string {
  let tag = spanTags.get(classes);
  if (tag === undefined) {
    tag = sanitizePostHtml(`<span class="${classes}"></span>`).slice(0, -'</span>'.length);
    spanTags.set(classes, tag);
  }
  return tag;
}

const CODE_BLOCK = /<pre\b([^>]*)>\s*<code\b([^>]*)>([\s\S]*?)<\/code>\s*<\/pre>/gi;
const PRE_LANG = /\bclass="[^"]*\blang-([\w+#.-]+)/i;
const CODE_LANG = /\bclass="[^"]*\blanguage-([\w+#.-]+)/i;

function codeBlock(preAttrs: string, codeAttrs: string, body: string, highlighted: string[] | null): string {
  const hint = PRE_LANG.exec(preAttrs)?.[1] ?? CODE_LANG.exec(codeAttrs)?.[1] ?? '';
  const language = hint && hljs.getLanguage(hint) ? hint : null;
  // Text only (escaped as HTML) is highlighted; a block holding markup of its own is left to the sanitiser.
  const text = language && !body.includes('<') ? decodeText(body) : null;
  if (text === null) return `<pre><code class="hljs${language ? ` language-${language}` : ''}">${body}</code></pre>`;
  // A fenced block's text ends with one newline, as markdown-it hands it to the highlighter.
  const code = text.endsWith('\n') ? text : `${text}\n`;
  const markup = hljs.highlight(code, { language: language!, ignoreIllegals: true }).value;
  if (highlighted) highlighted.push(markup);
  return `<pre><code class="hljs language-${language}">${highlighted ? `${MARK}${highlighted.length - 1}z` : markup}</code></pre>`;
}

const ENTITY = /&(#\d+|#x[\da-f]+|[a-z]\w*);/gi;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The text of escaped HTML, or null when it holds an entity other than XML's five and numeric ones (then it is not highlighted). */
function decodeText(body: string): string | null {
  if (!body.includes('&')) return body;
  let unknown = false;
  const decoded = body.replace(ENTITY, (whole, ref: string) => {
    const hex = ref[1] === 'x' || ref[1] === 'X';
    const n = ref[0] === '#' ? Number.parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10) : 0;
    const char = ref[0] === '#' ? (n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined) : NAMED[ref.toLowerCase()];
    if (char === undefined) unknown = true;
    return char ?? whole;
  });
  return unknown ? null : decoded;
}

const OLD_TAG = /<\/?(?:b|i|strike|dt|dd)\b/i;
const OLD_TAG_ALL = /<(\/?)(b|i|strike|dt|dd)\b/gi;
const NEW_TAG: Record<string, string> = { b: 'strong', i: 'em', strike: 'del', dt: 'p', dd: 'p' };

/** Where a tag starts in HTML as htmlparser2 reads it: `<` then a letter, or `</`, `<!`, `<?`. */
const TAG_START = /<[a-zA-Z/!?]/g;
/**
 * A start or end tag in its plainest form, each attribute value quoted or a plain word. White space
 * is the parser's own (space, tab, line ends, form feed): any other space would be part of a name to it.
 */
const PLAIN_TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(?:[ \t\n\r\f]+[^ \t\n\r\f"'<>/=]+(?:[ \t\n\r\f]*=[ \t\n\r\f]*(?:"[^"]*"|'[^']*'|[^ \t\n\r\f"'=<>`]+))?)*[ \t\n\r\f]*\/?>/y;
/** Elements without content: never closed, nothing to balance. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements whose content the parser reads otherwise (raw text, foreign markup): a post holding one is sanitised alone. */
const OTHER_CONTENT = new Set(['script', 'style', 'title', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext', 'svg', 'math']);

/**
 * Whether the parser ends this HTML where it began, so the next post's HTML, joined after it, is read
 * exactly as if alone: every tag in its plainest form (no comment, declaration or half-written tag),
 * no raw-text or foreign element, and each element closed by its own end tag in order. The parser's
 * implied closes (a `<p>` ended by a `<div>`) only ever close elements early, so they leave nothing
 * open either.
 */
function selfContained(html: string): boolean {
  const open: string[] = [];
  TAG_START.lastIndex = 0;
  for (let start = TAG_START.exec(html); start; start = TAG_START.exec(html)) {
    PLAIN_TAG.lastIndex = start.index;
    const tag = PLAIN_TAG.exec(html);
    if (!tag) return false;
    TAG_START.lastIndex = PLAIN_TAG.lastIndex;
    const name = tag[2]!.toLowerCase();
    if (OTHER_CONTENT.has(name)) return false;
    if (VOID.has(name)) continue;
    if (!tag[1]) open.push(name);
    else if (open.pop() !== name) return false;
  }
  return open.length === 0;
}
