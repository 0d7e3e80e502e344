import type { AiCitation } from '@answer/contract';
import { renderMarkdown } from '../../core/markdown.js';

/**
 * An assistant answer as the reader sees it: its Markdown rendered and sanitised by the posts'
 * own pipeline, each `[n]` that names a cited post made a link to that exact post (outside code,
 * where `[1]` is just code). Numbers that cite nothing stay plain text.
 *
 * Images are dropped: a post can try to make the model write `![](https://elsewhere/?q=…)`, and the
 * reader's browser loading it would send away what the member asked. Links stay, as in posts
 * (the member chooses to follow one).
 */
export function answerHtml(markdown: string, citations: AiCitation[]): string {
  const byNumber = new Map(citations.map((c) => [c.n, c]));
  const linked = markdown
    .split(/(```[\s\S]*?(?:```|$)|`[^`\n]*`)/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(/\[(\d{1,3})\](?!\()/g, (whole, n: string) => {
            const c = byNumber.get(Number(n));
            return c ? `[\\[${n}\\]](${c.url} "${c.title.replace(/["\\]/g, '')}")` : whole;
          }),
    )
    .join('');
  return renderMarkdown(linked).replace(/<img\b[^>]*>/gi, '');
}
