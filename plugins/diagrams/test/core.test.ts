import { expect, test } from 'vitest';
import sanitizeHtml from 'sanitize-html';
import { renderMarkdown, sanitizePostHtml } from '../../../server/src/core/markdown.js';
import { coreMarkdown, POST_POLICY } from './core.js';

// The tests reproduce the core's pipeline; if the core changes, this says the copy is stale.
const SAMPLE = [
  '# Title\n\nSome *text* with `code`, a [link](https://example.com) and ![img](https://example.com/a.png)',
  '```js\nconst a = 1; // $x$\n```\n\n| a | b |\n|:-:|--:|\n| 1 | 2 |',
  '<div class="x" onclick="y">raw</div> <script>alert(1)</script> <span class="hljs-keyword evil">k</span>',
].join('\n\n');

test('the copied core pipeline matches the core', () => {
  expect(sanitizeHtml(coreMarkdown().render(SAMPLE), POST_POLICY).trim()).toBe(renderMarkdown(SAMPLE));
  const html = '<pre class="x"><code class="hljs language-js evil">a</code></pre><div class="math-display">x</div>';
  expect(sanitizeHtml(html, POST_POLICY)).toBe(sanitizePostHtml(html));
});
