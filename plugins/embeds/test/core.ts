/**
 * The core's Markdown pipeline as server/src/core/markdown.ts sets it up (same markdown-it options,
 * same highlighter, same POST_POLICY), plus the merge of a plugin's `allowedMarkup` into the policy
 * that the host is expected to make. core.test.ts checks the copy against the core's own sanitiser.
 */
import hljs from 'highlight.js/lib/common';
import MarkdownIt, { type MarkdownIt as Md } from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function coreMarkdown(): Md {
  return new MarkdownIt({
    html: false,
    linkify: true,
    breaks: true,
    highlight(code, lang) {
      const language = lang && hljs.getLanguage(lang) ? lang : null;
      const body = language ? hljs.highlight(code, { language, ignoreIllegals: true }).value : escapeHtml(code);
      return `<pre><code class="hljs${language ? ` language-${language}` : ''}">${body}</code></pre>`;
    },
  });
}

export const POST_POLICY: sanitizeHtml.IOptions = {
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
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer' }) },
};

export interface AllowedMarkup {
  tags?: string[];
  classes?: Record<string, string[]>;
  attributes?: Record<string, string[]>;
}

/** The policy with a plugin's markup added: tags appended, attributes and classes appended per tag. */
export function withMarkup(policy: sanitizeHtml.IOptions, markup: AllowedMarkup): sanitizeHtml.IOptions {
  const attributes = { ...(policy.allowedAttributes || {}) } as Record<string, sanitizeHtml.AllowedAttribute[]>;
  for (const [tag, names] of Object.entries(markup.attributes ?? {})) attributes[tag] = [...(attributes[tag] ?? []), ...names];
  const classes = { ...(policy.allowedClasses ?? {}) } as Record<string, (string | RegExp)[]>;
  for (const [tag, names] of Object.entries(markup.classes ?? {})) classes[tag] = [...(classes[tag] ?? []), ...names];
  return { ...policy, allowedTags: [...((policy.allowedTags || []) as string[]), ...(markup.tags ?? [])], allowedAttributes: attributes, allowedClasses: classes };
}

/** Markdown to sanitised HTML, the way a post is rendered once the host has applied a plugin. */
export function pipeline(apply: (md: Md) => void, markup: AllowedMarkup) {
  const md = coreMarkdown();
  apply(md);
  const policy = withMarkup(POST_POLICY, markup);
  return {
    md,
    policy,
    raw: (text: string) => md.render(text),
    render: (text: string) => sanitizeHtml(md.render(text), policy).trim(),
    sanitize: (html: string) => sanitizeHtml(html, policy),
  };
}
