import { describe, expect, test } from 'vitest';
import plugin from '../src/server.js';
import { mathsMarkdown, mathsMarkup } from '../src/markdown.js';
import { markdownPipeline } from '../../../server/src/core/markdown.js';

/** Markdown rendered as the site renders posts with this plugin's rules and markup. */
const pipeline = (extend: Parameters<typeof markdownPipeline>[0][number]['extend'], allowedMarkup: Parameters<typeof markdownPipeline>[0][number]['allowedMarkup']) =>
  markdownPipeline([{ extend, allowedMarkup }]);

const { render, raw, sanitize } = pipeline(mathsMarkdown, mathsMarkup);

describe('inline maths', () => {
  test('$...$ becomes a math-inline span holding the TeX as text', () => {
    expect(render('Area is $\\pi r^2$.')).toBe('<p>Area is <span class="math-inline">\\pi r^2</span>.</p>');
  });

  test('currency is not maths', () => {
    expect(render('It costs $5 and $10 today.')).toBe('<p>It costs $5 and $10 today.</p>');
    expect(render('Between $5, or maybe $6.50')).toBe('<p>Between $5, or maybe $6.50</p>');
    expect(render('US$ 3 or $ 4')).toBe('<p>US$ 3 or $ 4</p>');
    // A closing $ followed by a digit does not close.
    expect(render('$a$5 and more')).toBe('<p>$a$5 and more</p>');
  });

  test('escaped dollars stay dollars, also inside maths', () => {
    expect(render('\\$x\\$ and \\$y$')).toBe('<p>$x$ and $y$</p>');
    expect(render('$a\\$b$')).toBe('<p><span class="math-inline">a\\$b</span></p>');
  });

  test('code spans and blocks keep their dollars', () => {
    expect(render('`$x$` and `a $b` c$')).toBe('<p><code>$x$</code> and <code>a $b</code> c$</p>');
    expect(render('$a `b$` c')).toBe('<p>$a <code>b$</code> c</p>');
    expect(render('```\n$x$\n$$\ny\n$$\n```')).toBe('<pre><code class="hljs">$x$\n$$\ny\n$$\n</code></pre>');
    expect(render('    $$x$$')).toBe('<pre><code>$$x$$\n</code></pre>');
  });

  test('$$ inside a paragraph is display maths inline', () => {
    expect(render('Then\n$$\nE = mc^2\n$$\ndone')).toBe('<p>Then<br />\n<span class="math-display">\nE = mc^2\n</span><br />\ndone</p>');
    expect(render('a $$ b')).toBe('<p>a $$ b</p>');
  });

  test('markdown syntax inside maths is left alone', () => {
    expect(render('$a_1 * b_2 * [c](d)$')).toBe('<p><span class="math-inline">a_1 * b_2 * [c](d)</span></p>');
  });
});

describe('display maths', () => {
  test('a $$ block over several lines', () => {
    expect(render('$$\n\\int_0^1 x\\,dx\n= \\frac12\n$$')).toBe('<div class="math-display">\\int_0^1 x\\,dx\n= \\frac12</div>');
  });

  test('a one-line block', () => {
    expect(render('$$ a^2 + b^2 = c^2 $$\n\ntext')).toBe('<div class="math-display">a^2 + b^2 = c^2</div>\n<p>text</p>');
  });

  test('inside quotes and lists', () => {
    expect(render('> $$\n> x\n> $$')).toBe('<blockquote>\n<div class="math-display">x</div>\n</blockquote>');
    expect(render('- item\n\n  $$\n  y\n  $$')).toContain('<div class="math-display">y</div>');
  });

  test('an unclosed block, or one broken by a blank line, is text', () => {
    expect(render('$$\nx\n\ny\n$$')).not.toContain('<div');
    expect(render('$$ unclosed')).toBe('<p>$$ unclosed</p>');
  });
});

describe('hostile input', () => {
  test('HTML inside maths is escaped text, never markup', () => {
    const html = raw('$<img src=x onerror=alert(1)>$');
    expect(html).toBe('<p><span class="math-inline">&lt;img src=x onerror=alert(1)&gt;</span></p>\n');
    expect(render('$<img src=x onerror=alert(1)>$')).toBe('<p><span class="math-inline">&lt;img src=x onerror=alert(1)&gt;</span></p>');
    expect(render('$$\n</div><script>alert(1)</script>\n$$')).toBe('<div class="math-display">&lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt;</div>');
    expect(render('$"onmouseover="x$')).toBe('<p><span class="math-inline">"onmouseover="x</span></p>');
  });

  test('the sanitiser keeps the maths classes and nothing else on them', () => {
    expect(sanitize('<div class="math-display evil" style="color:red" onclick="x()">a</div>')).toBe('<div class="math-display">a</div>');
    expect(sanitize('<span class="math-inline" data-x="1" onmouseover="x()">a</span>')).toBe('<span class="math-inline">a</span>');
    expect(sanitize('<div class="other">a</div><script>alert(1)</script><iframe src="https://x"></iframe>')).toBe('<div>a</div>');
  });

  test('many unmatched dollars stay linear', () => {
    const text = '$1 '.repeat(20000) + '$$ '.repeat(20000);
    const started = performance.now();
    render(text);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

test('the plugin hands the host this rule and markup', () => {
  expect(plugin.info.slug_name).toBe('maths');
  expect(plugin.render?.allowedMarkup).toEqual(mathsMarkup);
  const { render: viaPlugin } = pipeline((md) => plugin.render!.markdown!(md, {} as never), plugin.render!.allowedMarkup!);
  expect(viaPlugin('$x$')).toBe('<p><span class="math-inline">x</span></p>');
});

test('maths binds tighter than link brackets, as code spans do', () => {
  // Link labels are scanned (silently) before the outer parse revisits them: the remembered
  // failures must not hide a closing $ found either way.
  expect(render('[$a](b) c$')).toBe('<p>[<span class="math-inline">a](b) c</span></p>');
  expect(render('[x $a] b$')).toBe('<p>[x <span class="math-inline">a] b</span></p>');
  expect(render('[$5 and $6](https://x.example) then $ y')).toBe(
    '<p><a href="https://x.example" rel="nofollow noopener noreferrer">$5 and $6</a> then $ y</p>',
  );
});
