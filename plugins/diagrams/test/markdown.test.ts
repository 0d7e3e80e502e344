import { expect, test } from 'vitest';
import type { MarkdownIt } from 'markdown-it';
import plugin from '../src/server.js';
import { diagramsMarkdown, diagramsMarkup } from '../src/markdown.js';
import { markdownPipeline } from '../../../server/src/core/markdown.js';

/** Markdown rendered as the site renders posts with this plugin's rules and markup. */
const pipeline = (extend: Parameters<typeof markdownPipeline>[0][number]['extend'], allowedMarkup: Parameters<typeof markdownPipeline>[0][number]['allowedMarkup']) =>
  markdownPipeline([{ extend, allowedMarkup }]);

const { render, raw, sanitize } = pipeline(diagramsMarkdown, diagramsMarkup);

test('a mermaid fence keeps its source, escaped, for the browser to draw', () => {
  expect(render('```mermaid\nflowchart TD\n  A --> B & C\n```')).toBe(
    '<pre class="mermaid-source"><code>flowchart TD\n  A --&gt; B &amp; C\n</code></pre>',
  );
  expect(render('~~~ Mermaid title="x"\ngraph LR\n~~~')).toBe('<pre class="mermaid-source"><code>graph LR\n</code></pre>');
});

test('other fences still go through the core highlighter', () => {
  expect(render('```js\nconst a = 1;\n```')).toBe(
    '<pre><code class="hljs language-js"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>;\n</code></pre>',
  );
  expect(render('```mermaidish\nx\n```')).toBe('<pre><code class="hljs">x\n</code></pre>');
});

test('hostile source stays text', () => {
  const text = '```mermaid\ngraph TD\n</code></pre><script>alert(1)</script><img src=x onerror=alert(1)>\n```';
  const expected = '<pre class="mermaid-source"><code>graph TD\n&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;\n</code></pre>';
  expect(raw(text).trim()).toBe(expected);
  expect(render(text)).toBe(expected);
});

test('the sanitiser lets the class through and nothing else', () => {
  expect(sanitize('<pre class="mermaid-source evil" style="x" onclick="y()"><code class="z">a</code></pre>')).toBe(
    '<pre class="mermaid-source"><code>a</code></pre>',
  );
  expect(sanitize('<pre class="mermaid"><svg onload="alert(1)"><script>alert(1)</script></svg></pre>')).toBe('<pre></pre>');
});

test('stacks with another plugin that also wraps the fence rule', () => {
  const both = pipeline((md: MarkdownIt) => {
    const inner = md.renderer.rules.fence!;
    md.renderer.rules.fence = (tokens, idx, options, env, self) => inner(tokens, idx, options, env, self).replace('<pre>', '<pre data-other>');
    diagramsMarkdown(md);
  }, diagramsMarkup);
  expect(both.raw('```mermaid\ngraph TD\n```')).toBe('<pre class="mermaid-source"><code>graph TD\n</code></pre>\n');
  expect(both.raw('```\nx\n```')).toBe('<pre data-other><code class="hljs">x\n</code></pre>\n');
});

test('the plugin hands the host this rule and markup', () => {
  expect(plugin.info).toMatchObject({ slug_name: 'diagrams', version: '1.0.0', author: 'Answer team', sdk: '1.0.0' });
  expect(plugin.render!.allowedMarkup).toEqual(diagramsMarkup);
  const viaPlugin = pipeline((md) => plugin.render!.markdown!(md, {} as never), plugin.render!.allowedMarkup!);
  expect(viaPlugin.render('```mermaid\nx\n```')).toBe('<pre class="mermaid-source"><code>x\n</code></pre>');
});
