import { NodeHtmlMarkdown } from 'node-html-markdown';

/**
 * Stack Exchange stores post bodies as the HTML its own Markdown produced; we keep Markdown for
 * editing, so the HTML goes back to Markdown (GitHub flavour: fenced code, tables). What is shown
 * is the dump's HTML through our sanitiser (dump-html.ts), never trusted as it is. One converter
 * is made once: building one per post would cost more than converting.
 */
const converter = new NodeHtmlMarkdown({
  codeFence: '```',
  codeBlockStyle: 'fenced',
  bulletMarker: '-',
  useInlineLinks: true,
  maxConsecutiveNewlines: 2,
  keepDataImages: false,
});

/**
 * Highlighting hints sit on `<pre class="lang-js prettyprint-override">` in Stack Exchange's
 * HTML; the converter reads a language only from `<code class="language-js">`, so the hint moves there.
 */
const PRE_WITH_LANG = /<pre\b[^>]*\bclass="[^"]*\blang-([\w+#.-]+)[^"]*"[^>]*>\s*<code\b[^>]*>/gi;

/** The newline ending most code blocks would become an empty last line of the fence. */
const CODE_END = /\n<\/code><\/pre>/g;

export function htmlToMarkdown(html: string): string {
  if (!html) return '';
  let hinted = html.includes('lang-') ? html.replace(PRE_WITH_LANG, (_, lang: string) => `<pre><code class="language-${lang === 'none' ? '' : lang}">`) : html;
  if (hinted.includes('</pre>')) hinted = hinted.replace(CODE_END, '</code></pre>');
  return converter.translate(hinted).trim();
}
