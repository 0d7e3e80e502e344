/**
 * The markdown-it side of the diagrams plugin: a ```mermaid fence is kept as escaped source in
 * <pre class="mermaid-source"><code>, so the core's highlighter never turns it into hljs markup and
 * the web part can find it and draw it.
 */
import type { MarkdownIt } from 'markdown-it';

/** The fence's language: the first word of its info string, as markdown-it reads it. */
const fenceLanguage = (md: MarkdownIt, info: string) => md.utils.unescapeAll(info).trim().split(/\s+/)[0]!.toLowerCase();

export function diagramsMarkdown(md: MarkdownIt): void {
  // Wraps whatever fence renderer is in place (the default one, which calls the highlighter, or
  // another plugin's), so only mermaid fences change and plugins can stack in any order.
  const previous = md.renderer.rules.fence;
  md.renderer.rules.fence = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    if (fenceLanguage(md, token.info) === 'mermaid') {
      return `<pre class="mermaid-source"><code>${md.utils.escapeHtml(token.content)}</code></pre>\n`;
    }
    return previous ? previous(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
  };
}

/** What the sanitiser must let through: the class on <pre>, nothing else. */
export const diagramsMarkup = { classes: { pre: ['mermaid-source'] } };
